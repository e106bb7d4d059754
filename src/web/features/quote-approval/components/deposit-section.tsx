// The deposit under an approved quote's outcome: the form to pay what is left of it, or the thanks once it is paid.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { CheckCircle2, Clock } from 'lucide-react';
import type { PublicQuote } from '@contracts/estimates';
import { formatMoney } from '@contracts/money';
import { Skeleton } from '@/components/ui/skeleton';
import { depositSettled } from '@/features/quote-approval/lib/quote-deposit';

// zod, the card form and (for a Stripe processor) Stripe come only with a deposit to pay.
const DepositPayment = lazy(() => import('@/features/quote-approval/components/deposit-payment').then((m) => ({ default: m.DepositPayment })));

/** A deposit paid on this page: its amount, and whether a bank transfer is still on its way (Stripe). */
export interface PaidDeposit {
  amount: string;
  processing: boolean;
}

function DepositPaid({ amount, processing, organizationName, focusOnMount }: PaidDeposit & { organizationName: string; focusOnMount: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The payment form it replaces had the focus.
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  const Icon = processing ? Clock : CheckCircle2;
  return (
    <section aria-labelledby="deposit-paid-title" className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-950" data-testid="deposit-paid">
      <Icon className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden />
      <div className="min-w-0 space-y-1.5 text-sm">
        <h2 id="deposit-paid-title" ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
          {processing ? 'Bank transfer submitted — thank you' : 'Deposit paid — thank you'}
        </h2>
        <p>
          Your deposit of{' '}
          <span className="font-semibold tabular-nums" data-testid="deposit-paid-amount">
            {formatMoney(amount)}
          </span>{' '}
          {processing ? `will show as paid to ${organizationName} once your bank completes the transfer.` : `has been received by ${organizationName}.`}
        </p>
      </div>
    </section>
  );
}

function PaymentSkeleton() {
  return (
    <div className="space-y-3 rounded-lg border-2 border-primary/30 bg-primary/5 p-4 sm:p-5" aria-busy="true" data-testid="deposit-pay-loading">
      <Skeleton className="h-6 w-48" />
      <Skeleton className="h-4 w-full max-w-sm" />
      <Skeleton className="h-9 w-full sm:w-64" />
      <Skeleton className="h-10 w-full sm:w-48" />
    </div>
  );
}

interface DepositSectionProps {
  token: string;
  quote: PublicQuote;
  /** Paid on this page since it was opened. */
  paid: PaidDeposit | null;
  onPaid: (paid: PaidDeposit) => void;
  onRefresh: () => void;
}

export function DepositSection({ token, quote, paid, onPaid, onRefresh }: DepositSectionProps) {
  const organizationName = quote.organization.name;
  if (paid) return <DepositPaid {...paid} organizationName={organizationName} focusOnMount />;
  if (quote.canPayDeposit && quote.deposit) {
    return (
      <Suspense fallback={<PaymentSkeleton />}>
        <DepositPayment token={token} deposit={quote.deposit} organizationName={organizationName} testMode={quote.testMode} onPaid={onPaid} onRefresh={onRefresh} />
      </Suspense>
    );
  }
  if (quote.deposit && depositSettled(quote)) return <DepositPaid amount={quote.deposit.paid} processing={false} organizationName={organizationName} focusOnMount={false} />;
  return null;
}
