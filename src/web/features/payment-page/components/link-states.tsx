import type { ReactNode } from 'react';
import { CheckCircle2, CircleAlert, Clock, SearchX } from 'lucide-react';
import { formatMoney } from '@contracts/money';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';

function StateCard({ icon, tone, title, children, testId }: { icon: ReactNode; tone: string; title: string; children: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <span className={cn('flex size-14 items-center justify-center rounded-full', tone)}>{icon}</span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <div className="max-w-md space-y-2 text-sm text-muted-foreground">{children}</div>
      </CardContent>
    </Card>
  );
}

const contactLine = (org: { name: string; phone: string | null; email: string | null } | null) =>
  org ? `Please contact ${org.name}${org.email ? ` at ${org.email}` : ''}${org.phone ? `${org.email ? ' or' : ' at'} ${org.phone}` : ''} for a new link.` : null;

export function LinkNotFound() {
  return (
    <StateCard testId="link-not-found" icon={<SearchX className="size-7" aria-hidden />} tone="bg-muted text-muted-foreground" title="Payment Link Not Found">
      <p>This payment link does not exist. Check that the address was copied completely, or ask the business for a new link.</p>
    </StateCard>
  );
}

export function LinkExpired({ organization }: { organization: { name: string; phone: string | null; email: string | null } }) {
  return (
    <StateCard testId="link-expired" icon={<Clock className="size-7" aria-hidden />} tone="bg-amber-100 text-amber-800" title="Payment Link Expired">
      <p>This payment link has expired and can no longer be used.</p>
      <p>{contactLine(organization)}</p>
    </StateCard>
  );
}

export function LinkCompleted({ organizationName }: { organizationName: string }) {
  return (
    <StateCard testId="link-completed" icon={<CheckCircle2 className="size-7" aria-hidden />} tone="bg-emerald-100 text-emerald-700" title="Already Paid">
      <p>This payment link has already been paid. Nothing more is due through it.</p>
      <p>Questions about your account? Contact {organizationName}.</p>
    </StateCard>
  );
}

export function LinkLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StateCard testId="link-load-failed" icon={<CircleAlert className="size-7" aria-hidden />} tone="bg-destructive/10 text-destructive" title="Could Not Load Payment">
      <p>{message}</p>
      <Button variant="outline" onClick={onRetry} className="mt-2">
        Try again
      </Button>
    </StateCard>
  );
}

export function PaymentSucceeded({ amount, processing, organizationName }: { amount: string; processing: boolean; organizationName: string }) {
  return (
    <StateCard
      testId="payment-succeeded"
      icon={<CheckCircle2 className="size-7" aria-hidden />}
      tone="bg-emerald-100 text-emerald-700"
      title={processing ? 'Payment Processing' : 'Payment Successful'}
    >
      <p className="text-base text-foreground">{processing ? 'Your bank transfer has been submitted.' : 'Thank you for your payment!'}</p>
      <p className="text-3xl font-bold text-foreground tabular-nums" data-testid="paid-amount">
        {formatMoney(amount)}
      </p>
      <p>{processing ? `${organizationName} will see the payment once your bank completes it.` : `Paid to ${organizationName}.`}</p>
    </StateCard>
  );
}
