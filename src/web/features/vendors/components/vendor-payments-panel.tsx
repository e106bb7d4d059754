import { Pencil, Trash2 } from 'lucide-react';
import type { VendorPayment } from '@contracts/vendors';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListBlock } from '@/components/list-block';
import { OrganizationLine } from '@/components/organization-column';
import { useRecentVendorPayments } from '@/features/vendors/api/get-vendor-payments';
import { NO_VENDOR_PAYMENTS_TEXT, paymentAmountLabel, paymentDateLabel, paymentMethodLabel, referenceLabel } from '@/features/vendors/lib/vendor-display';

interface VendorPaymentsPanelProps {
  canManage: boolean;
  onEdit: (payment: VendorPayment) => void;
  onDelete: (payment: VendorPayment) => void;
}

/** The 10 most recent vendor payments (docs/rules/records.md#vendors). */
export function VendorPaymentsPanel({ canManage, onEdit, onDelete }: VendorPaymentsPanelProps) {
  const payments = useRecentVendorPayments();
  const shown = payments.data?.rows.length ?? 0;
  return (
    <ListBlock
      name="vendor-payments"
      testId="vendor-payments-panel"
      query={payments}
      exportFrom={{ path: '/api/vendor-payments' }}
      emptyText={NO_VENDOR_PAYMENTS_TEXT}
      failedTitle="Failed to load vendor payments"
      title={
        <>
          <h2 className="font-semibold">Recent Payments</h2>
          {payments.data && payments.data.total > shown && (
            <span className="text-xs text-muted-foreground">
              Latest {shown} of {payments.data.total}
            </span>
          )}
        </>
      }
    >
      {(rows) => (
        <ul className="divide-y" aria-label="Recent vendor payments">
          {rows.map((p) => (
            <PaymentItem key={p.id} payment={p} canManage={canManage} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </ListBlock>
  );
}

function PaymentItem({ payment, canManage, onEdit, onDelete }: { payment: VendorPayment } & VendorPaymentsPanelProps) {
  const method = paymentMethodLabel(payment.method);
  const reference = referenceLabel(payment.reference);
  const name = payment.vendorName ?? 'Vendor';
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-start" data-testid="vendor-payment-item" data-payment-id={payment.id}>
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0 font-medium break-words">{name}</p>
          <p className="shrink-0 font-semibold tabular-nums" data-testid="vendor-payment-amount">
            {paymentAmountLabel(payment)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-muted-foreground">
          {method && <Badge variant="secondary">{method}</Badge>}
          <span data-testid="vendor-payment-date">{paymentDateLabel(payment)}</span>
        </div>
        {payment.description && <p className="break-words">{payment.description}</p>}
        {reference && <p className="text-xs break-words text-muted-foreground">{reference}</p>}
        <OrganizationLine organizationId={payment.organizationId} />
      </div>
      {canManage && (
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={() => onEdit(payment)} aria-label={`Edit payment to ${name}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => onDelete(payment)}
            aria-label={`Delete payment to ${name}`}
            className="text-destructive hover:text-destructive"
          >
            <Trash2 aria-hidden />
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}
