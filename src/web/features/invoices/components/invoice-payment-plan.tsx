// The invoice's payment plan in one line inside its dialog (docs/rules/money-and-payments.md#installments): which
// installment is next, what is left of it and when it is due. Nothing when the invoice has no plan.
import { CalendarClock } from 'lucide-react';
import { formatDate } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { usePaymentPlan } from '@/features/invoices/api/payment-plan';

/** Invoices that can carry a plan: a sent one, or one paid since (its plan then completed). */
export const mayHavePlan = (status: string) => status === 'sent' || status === 'overdue' || status === 'paid';

export function InvoicePaymentPlan({ invoiceId }: { invoiceId: number }) {
  const plan = usePaymentPlan(invoiceId);
  // A plan that cannot be read only leaves the line out: the invoice itself is what the dialog is about.
  if (!plan.data) return null;
  const { next, installments } = plan.data;
  return (
    <p className="flex items-start gap-2 rounded-md border px-3 py-2 text-sm" data-testid="invoice-payment-plan">
      <CalendarClock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span>
        <span className="font-medium">Payment plan: </span>
        {next
          ? `installment ${next.number} of ${next.count}, ${formatMoney(next.amountDue)} due ${formatDate(next.dueDate)}`
          : `all ${installments.length} installments paid`}
      </span>
    </p>
  );
}
