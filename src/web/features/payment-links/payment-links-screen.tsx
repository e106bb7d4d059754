import { ShieldX } from 'lucide-react';
import { PAYMENT_LINK_MESSAGES } from '@contracts/payment-links';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePaymentLinks } from '@/features/payment-links/api/payment-links-api';
import { GenericLinkCard } from '@/features/payment-links/components/generic-link-card';
import { HowToUseCard } from '@/features/payment-links/components/how-to-use-card';
import { InvoiceLinkCard } from '@/features/payment-links/components/invoice-link-card';
import { PaymentLinksTable } from '@/features/payment-links/components/payment-links-table';

function LinksList({ canView }: { canView: boolean }) {
  const links = usePaymentLinks(canView);
  if (!canView) {
    return (
      <div className="flex flex-col items-center gap-2 p-8 text-center">
        <ShieldX className="size-8 text-muted-foreground" aria-hidden />
        <p className="text-sm text-muted-foreground">Your role does not give access to this list.</p>
      </div>
    );
  }
  if (links.isPending) {
    return (
      <div className="space-y-3 p-4" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (links.isError) {
    return (
      <div className="p-4">
        <Alert variant="destructive">
          <AlertTitle>Failed to load payment links</AlertTitle>
          <AlertDescription>{errorMessage(links.error)}</AlertDescription>
        </Alert>
      </div>
    );
  }
  if (links.data.rows.length === 0) return <p className="p-8 text-center text-sm text-muted-foreground">{PAYMENT_LINK_MESSAGES.noLinks}</p>;
  return (
    <>
      <PaymentLinksTable links={links.data.rows} />
      {links.data.total > links.data.rows.length && (
        <p className="border-t px-4 py-3 text-xs text-muted-foreground">
          Showing the latest {links.data.rows.length} of {links.data.total} links.
        </p>
      )}
    </>
  );
}

export function PaymentLinksScreen() {
  const { user } = useCurrentUser();
  const permissions = user?.effectivePermissions ?? [];
  const canCreate = permissions.includes('process_payments');
  const canView = permissions.some((p) => p === 'view_financials' || p === 'manage_payments' || p === 'process_payments');

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Payment Links" description="Secure links your customers open to pay online, by card or bank transfer." />
      <div className="grid gap-6 lg:grid-cols-2">
        <InvoiceLinkCard canCreate={canCreate} />
        <GenericLinkCard organizationId={user?.organizationId ?? null} />
      </div>
      <HowToUseCard />
      <Card className="overflow-hidden">
        <CardHeader className="border-b">
          <CardTitle>Payment Links</CardTitle>
        </CardHeader>
        <LinksList canView={canView} />
      </Card>
    </div>
  );
}
