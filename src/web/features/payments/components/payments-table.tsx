import { singular } from '@contracts/vocabulary';
import type { Payment } from '@contracts/payments';
import { PAYMENT_METHOD_LABELS, refundableCents, type PaymentMethod } from '@contracts/payments';
import { formatDate, statusLabel } from '@contracts/format';
import { formatMoney, toCents } from '@contracts/money';
import { Undo2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { OrganizationCell, OrganizationHead, OrganizationLine } from '@/components/organization-column';
import { useLabels } from '@/lib/use-labels';

const methodLabel = (m: string | null) => (m ? (PAYMENT_METHOD_LABELS[m as PaymentMethod] ?? statusLabel(m)) : '-');

function MethodBadge({ method }: { method: string | null }) {
  return <Badge variant="secondary">{methodLabel(method)}</Badge>;
}

/** Refunded money and refunds not (yet) completed, beside the amount. */
function RefundNote({ payment }: { payment: Payment }) {
  if (payment.refundOfPaymentId !== null) {
    return payment.status === 'completed' ? null : <Badge variant="outline">{statusLabel(payment.status)}</Badge>;
  }
  if (toCents(payment.amountRefunded) === 0) return null;
  const full = toCents(payment.amountRefunded) >= toCents(payment.amount);
  return (
    <span className="text-xs text-muted-foreground" data-testid="payment-refunded">
      {full ? 'Refunded' : `${formatMoney(payment.amountRefunded)} refunded`}
    </span>
  );
}

interface PaymentsTableProps {
  payments: Payment[];
  /** Offer Refund on refundable rows (those who process payments). */
  onRefund?: (payment: Payment) => void;
}

/** A table on wide screens, one card per payment on phones. */
export function PaymentsTable({ payments, onRefund }: PaymentsTableProps) {
  const customerHeader = singular(useLabels().customers);
  // Icon only in the table, where the columns need the width; with its word on a phone's card.
  const refundButton = (p: Payment, compact: boolean) =>
    onRefund && refundableCents(p) > 0 ? (
      <Button
        variant="ghost"
        size={compact ? 'icon' : 'sm'}
        title="Refund"
        onClick={() => onRefund(p)}
        aria-label={`Refund payment of ${formatMoney(p.amount)}${p.invoiceNumber ? ` for ${p.invoiceNumber}` : ''}`}
      >
        <Undo2 aria-hidden />
        {!compact && 'Refund'}
      </Button>
    ) : null;
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label="Payments">
          <TableHeader>
            <TableRow>
              <OrganizationHead />
              <TableHead>Invoice #</TableHead>
              <TableHead>{customerHeader}</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Method</TableHead>
              <TableHead>Reference</TableHead>
              <TableHead>Received Date</TableHead>
              {onRefund && <TableHead className="w-16 text-right">Actions</TableHead>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {payments.map((p) => (
              <TableRow key={p.id} data-testid="payment-row">
                <OrganizationCell organizationId={p.organizationId} />
                <TableCell className="font-medium whitespace-nowrap">{p.invoiceNumber ?? '-'}</TableCell>
                <TableCell className="max-w-56 truncate">{p.customerName ?? '-'}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  <div>{formatMoney(p.amount)}</div>
                  <RefundNote payment={p} />
                </TableCell>
                <TableCell>
                  <MethodBadge method={p.method} />
                </TableCell>
                <TableCell className="max-w-48 truncate">{p.reference ?? p.description ?? '-'}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(p.receivedDate)}</TableCell>
                {onRefund && <TableCell className="text-right">{refundButton(p, true)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y md:hidden" aria-label="Payments">
        {payments.map((p) => (
          <li key={p.id} className="grid gap-1 px-4 py-3" data-testid="payment-card">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{p.invoiceNumber ?? p.description ?? 'Payment'}</span>
              <span className="font-medium tabular-nums">{formatMoney(p.amount)}</span>
            </div>
            <div className="flex items-center justify-between gap-2">
              <RefundNote payment={p} />
              {refundButton(p, false)}
            </div>
            <div className="flex items-center justify-between gap-2 text-sm">
              <span className="truncate">{p.customerName ?? '-'}</span>
              <MethodBadge method={p.method} />
            </div>
            <p className="text-xs text-muted-foreground">
              {formatDate(p.receivedDate)}
              {p.reference ? ` · Ref: ${p.reference}` : ''}
            </p>
            <OrganizationLine organizationId={p.organizationId} />
          </li>
        ))}
      </ul>
    </>
  );
}
