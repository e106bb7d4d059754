import { CalendarClock, CreditCard, Download, FileText } from 'lucide-react';
import type { PortalInvoice } from '@contracts/customer-portal';
import { formatDate } from '@contracts/format';
import { formatMoney, fromCents } from '@contracts/money';
import { taxRateLabel } from '@/components/document-totals';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { figuresOfAnswer } from '@/lib/document-pricing';
import { installmentLabel } from '../portal-display';

interface InvoicesListProps {
  invoices: PortalInvoice[];
  downloadingId: number | null;
  onDownload: (invoice: PortalInvoice) => void;
  /** Absent when this viewer may not pay (staff previewing without process_payments): no Pay Now then. */
  onPay?: (invoice: PortalInvoice) => void;
}

/** docs/rules/customer-portal.md#portal-screen: overdue is shown when the due date has passed and the invoice is not paid. */
function InvoiceStatus({ invoice }: { invoice: PortalInvoice }) {
  return invoice.isOverdue && invoice.status !== 'paid' ? <StatusBadge status="overdue" /> : <StatusBadge status={invoice.status} />;
}

/** Under a payment plan: the installment asked for now (docs/rules/money-and-payments.md#installments). */
function InstallmentLine({ invoice }: { invoice: PortalInvoice }) {
  const { installment } = invoice;
  if (!installment) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm font-normal text-muted-foreground" data-testid="portal-installment">
      <CalendarClock className="size-3.5 shrink-0" aria-hidden />
      <span>
        {installmentLabel(installment)}: <span className="font-medium text-foreground tabular-nums">{formatMoney(installment.amountDue)}</span> due{' '}
        {formatDate(installment.dueDate)}
      </span>
    </p>
  );
}

/**
 * How the total is made when there is more to it than the lines: the discount, the tax per rate (or as included in the
 * prices), an exemption (docs/rules/money-and-payments.md#taxes-and-discounts).
 */
function InvoiceFigures({ invoice }: { invoice: PortalInvoice }) {
  const figures = figuresOfAnswer({ ...invoice, lineItems: [] });
  if (!figures.discount && figures.taxes.length === 0 && figures.taxCents === 0 && !figures.taxExempt) return null;
  const money = (cents: number) => formatMoney(fromCents(cents));
  const parts = [
    `Subtotal ${money(figures.subtotalCents)}`,
    figures.discount && `Discount ${figures.discount.percent ? `${figures.discount.percent} % ` : ''}-${money(figures.discount.cents)}`,
    ...figures.taxes.map((t) => `${figures.pricesIncludeTax ? 'includes ' : ''}${taxRateLabel(t)} ${money(t.cents)}`),
    figures.taxes.length === 0 && (figures.taxExempt ? 'Tax exempt' : figures.taxCents > 0 && `Tax ${money(figures.taxCents)}`),
  ].filter(Boolean);
  return (
    <p className="flex flex-wrap gap-x-1.5 text-xs font-normal text-muted-foreground tabular-nums" data-testid="portal-invoice-figures">
      {parts.map((part, i) => (
        <span key={i} className="whitespace-nowrap">
          {i > 0 && <span aria-hidden>· </span>}
          {part}
        </span>
      ))}
    </p>
  );
}

function Actions({ invoice, downloadingId, onDownload, onPay }: { invoice: PortalInvoice } & Omit<InvoicesListProps, 'invoices'>) {
  const downloading = downloadingId === invoice.id;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="outline" size="sm" onClick={() => onDownload(invoice)} disabled={downloading} aria-label={`Download invoice ${invoice.invoiceNumber}`}>
        {downloading ? <Spinner className="[&_svg]:size-4" /> : <Download aria-hidden />}
        Download
      </Button>
      {invoice.status === 'sent' && onPay && (
        // The name says which invoice and still holds the visible 'Pay Now', so it can be spoken to press it (WCAG 2.5.3).
        <Button size="sm" onClick={() => onPay(invoice)} aria-label={`Pay invoice ${invoice.invoiceNumber}: Pay Now`}>
          <CreditCard aria-hidden />
          Pay Now
        </Button>
      )}
    </div>
  );
}

/** A table on wide screens, cards on phones. */
export function InvoicesList(props: InvoicesListProps) {
  const { invoices } = props;
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileText className="size-5 text-muted-foreground" aria-hidden />
          Invoices
        </CardTitle>
      </CardHeader>
      {invoices.length === 0 ? (
        <CardContent>
          <p className="py-6 text-center text-sm text-muted-foreground">No invoices yet.</p>
        </CardContent>
      ) : (
        <>
          <div className="hidden border-t md:block">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Invoice</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Due Date</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {invoices.map((inv) => (
                  <TableRow key={inv.id} data-testid="portal-invoice-row">
                    <TableCell className="font-medium">
                      {inv.invoiceNumber}
                      <InvoiceFigures invoice={inv} />
                      <InstallmentLine invoice={inv} />
                    </TableCell>
                    <TableCell>
                      <InvoiceStatus invoice={inv} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{formatDate(inv.dueDate, 'No due date')}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatMoney(inv.total)}</TableCell>
                    <TableCell className="py-1.5">
                      <Actions invoice={inv} {...props} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ul className="divide-y border-t md:hidden" aria-label="Invoices">
            {invoices.map((inv) => (
              <li key={inv.id} className="space-y-2 px-4 py-3" data-testid="portal-invoice-card">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{inv.invoiceNumber}</p>
                    <p className="text-sm text-muted-foreground">Due: {formatDate(inv.dueDate, 'No due date')}</p>
                  </div>
                  <div className="flex flex-col items-end gap-1">
                    <span className="font-semibold tabular-nums">{formatMoney(inv.total)}</span>
                    <InvoiceStatus invoice={inv} />
                  </div>
                </div>
                <InvoiceFigures invoice={inv} />
                <InstallmentLine invoice={inv} />
                <Actions invoice={inv} {...props} />
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
