import { singular } from '@contracts/vocabulary';
import type { Payment } from '@contracts/payments';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@contracts/payments';
import { formatDate, statusLabel } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { OrganizationCell, OrganizationHead, OrganizationLine } from '@/components/organization-column';
import { useLabels } from '@/lib/use-labels';

const methodLabel = (m: string | null) => (m ? (PAYMENT_METHOD_LABELS[m as PaymentMethod] ?? statusLabel(m)) : '-');

function MethodBadge({ method }: { method: string | null }) {
  return <Badge variant="secondary">{methodLabel(method)}</Badge>;
}

/** A table on wide screens, one card per payment on phones. */
export function PaymentsTable({ payments }: { payments: Payment[] }) {
  const customerHeader = singular(useLabels().customers);
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
            </TableRow>
          </TableHeader>
          <TableBody>
            {payments.map((p) => (
              <TableRow key={p.id} data-testid="payment-row">
                <OrganizationCell organizationId={p.organizationId} />
                <TableCell className="font-medium whitespace-nowrap">{p.invoiceNumber ?? '-'}</TableCell>
                <TableCell className="max-w-56 truncate">{p.customerName ?? '-'}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(p.amount)}</TableCell>
                <TableCell>
                  <MethodBadge method={p.method} />
                </TableCell>
                <TableCell className="max-w-48 truncate">{p.reference ?? p.description ?? '-'}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(p.receivedDate)}</TableCell>
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
