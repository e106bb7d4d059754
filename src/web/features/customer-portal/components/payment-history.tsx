import { History } from 'lucide-react';
import type { PortalPayment } from '@contracts/customer-portal';
import { formatDate } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { paymentMethodLabel } from '../portal-display';

/** Money received in green; a refund (negative, money back to the customer) in the text colour. */
const amountClass = (amount: string) => (amount.startsWith('-') ? 'font-medium tabular-nums' : 'font-medium text-green-700 tabular-nums');

export function PaymentHistory({ payments }: { payments: PortalPayment[] }) {
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-muted-foreground" aria-hidden />
          Payment History
        </CardTitle>
      </CardHeader>
      {payments.length === 0 ? (
        <CardContent>
          <p className="py-6 text-center text-sm text-muted-foreground">No payments yet.</p>
        </CardContent>
      ) : (
        <>
          <div className="hidden border-t md:block">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Invoice</TableHead>
                  <TableHead>Date</TableHead>
                  <TableHead>Method</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {payments.map((p) => (
                  <TableRow key={p.id} data-testid="portal-payment-row">
                    <TableCell className="font-medium">{p.invoiceNumber ?? '-'}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatDate(p.receivedDate)}</TableCell>
                    <TableCell>{paymentMethodLabel(p.method)}</TableCell>
                    <TableCell className={`text-right ${amountClass(p.amount)}`}>{formatMoney(p.amount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ul className="divide-y border-t md:hidden" aria-label="Payment history">
            {payments.map((p) => (
              <li key={p.id} className="flex items-start justify-between gap-3 px-4 py-3 text-sm" data-testid="portal-payment-card">
                <div className="min-w-0">
                  <p className="truncate font-medium">{p.invoiceNumber ?? '-'}</p>
                  <p className="text-muted-foreground">
                    {formatDate(p.receivedDate)} · {paymentMethodLabel(p.method)}
                  </p>
                </div>
                <span className={amountClass(p.amount)}>{formatMoney(p.amount)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
