import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-client';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useOrganizations } from '@/lib/use-organizations';
import { ProcessorsManager } from '@/features/payment-processors/components/processors-manager';

const ORG_PARAM = 'organization';

/** The super user's processors screen (docs/rules/money-and-payments.md#payment-processors-screen): pick an organization, then manage its processors. */
export function PaymentProcessorsScreen() {
  const organizations = useOrganizations();
  const [searchParams, setSearchParams] = useSearchParams();
  // The choice lives in the address, so a reload or a shared link keeps it.
  const raw = searchParams.get(ORG_PARAM);
  const requestedId = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const chosen = useMemo(() => (organizations.data ?? []).find((o) => o.id === requestedId) ?? null, [organizations.data, requestedId]);

  const choose = (value: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (value) next.set(ORG_PARAM, value);
        else next.delete(ORG_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto max-w-6xl [&>*+*]:mt-6">
      <PageHeader title="Payment Processors" description="Choose an organization, then add, edit and activate the processors that take its payments." />
      <Card className="p-4">
        {organizations.isPending ? (
          <div className="grid gap-2" data-testid="organizations-loading">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-9 w-full max-w-md" />
          </div>
        ) : organizations.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Failed to load organizations</AlertTitle>
            <AlertDescription>{errorMessage(organizations.error)}</AlertDescription>
          </Alert>
        ) : organizations.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No organizations yet.</p>
        ) : (
          <div className="grid max-w-md gap-2">
            <Label htmlFor="processor-organization">Organization</Label>
            <NativeSelect id="processor-organization" value={chosen ? String(chosen.id) : ''} onChange={(e) => choose(e.target.value)}>
              <option value="">Select an organization</option>
              {organizations.data.map((o) => (
                <option key={o.id} value={String(o.id)}>
                  {o.industry ? `${o.name} — ${o.industry}` : o.name}
                </option>
              ))}
            </NativeSelect>
            {chosen && <p className="text-sm text-muted-foreground">{chosen.industry ?? 'No industry set'}</p>}
          </div>
        )}
      </Card>
      {chosen ? (
        <ProcessorsManager key={chosen.id} organizationId={chosen.id} title={`${chosen.name} processors`} />
      ) : (
        !organizations.isPending &&
        !organizations.isError &&
        organizations.data.length > 0 && <p className="text-center text-sm text-muted-foreground">Select an organization to see its payment processors.</p>
      )}
    </div>
  );
}
