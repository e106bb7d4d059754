import { Ban, CalendarClock, Download, MoreHorizontal, Pencil, ReceiptText } from 'lucide-react';
import { creditableCents, type Invoice } from '@contracts/invoices';
import { toCents } from '@contracts/money';
import { EmailToCustomerItem } from '@/components/email-to-customer-item';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useRecordWord } from '@/lib/use-labels';

interface InvoiceActionsMenuProps {
  invoice: Invoice;
  canEdit: boolean;
  canEmail: boolean;
  isBusy: boolean;
  onEdit: (id: number) => void;
  onEmail: (invoice: Invoice) => void;
  onDownload: (invoice: Invoice) => void;
  /** Issue a credit note / void: offered to those who may change invoices, when the invoice allows it. */
  onCredit?: (invoice: Invoice) => void;
  onVoid?: (invoice: Invoice) => void;
  /** Payment plan: offered to those who may change invoices, on a sent invoice with a balance due. */
  onPlan?: (invoice: Invoice) => void;
}

/** docs/rules/records.md#credit-notes: a sent invoice with something left to credit. */
const canCredit = (i: Invoice) => i.status !== 'draft' && i.status !== 'void' && creditableCents(i) > 0;
/** docs/rules/records.md#voiding: not void yet, and no payment stands against it. */
const canVoid = (i: Invoice) => i.status !== 'void' && toCents(i.amountPaid) === 0;
/** docs/rules/money-and-payments.md#installments: a sent (or overdue) invoice with a balance due. */
const canPlan = (i: Invoice) => (i.status === 'sent' || i.status === 'overdue') && toCents(i.balanceDue) > 0;

export function InvoiceActionsMenu({ invoice, canEdit, canEmail, isBusy, onEdit, onEmail, onDownload, onCredit, onVoid, onPlan }: InvoiceActionsMenuProps) {
  const word = useRecordWord('invoices');
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${invoice.invoiceNumber}`} disabled={isBusy}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canEdit && (
          <DropdownMenuItem onSelect={() => onEdit(invoice.id)}>
            <Pencil aria-hidden />
            {invoice.status === 'void' || invoice.status === 'credited' ? 'View' : 'Edit'}
          </DropdownMenuItem>
        )}
        {canEmail && (
          <EmailToCustomerItem hasEmail={invoice.customerHasEmail} onSelect={() => onEmail(invoice)} />
        )}
        <DropdownMenuItem onSelect={() => onDownload(invoice)}>
          <Download aria-hidden />
          Download {word.title}
        </DropdownMenuItem>
        {canEdit && onCredit && canCredit(invoice) && (
          <DropdownMenuItem onSelect={() => onCredit(invoice)}>
            <ReceiptText aria-hidden />
            Issue credit note
          </DropdownMenuItem>
        )}
        {canEdit && onPlan && canPlan(invoice) && (
          <DropdownMenuItem onSelect={() => onPlan(invoice)}>
            <CalendarClock aria-hidden />
            Payment plan…
          </DropdownMenuItem>
        )}
        {canEdit && onVoid && canVoid(invoice) && (
          <DropdownMenuItem onSelect={() => onVoid(invoice)} className="text-destructive focus:text-destructive">
            <Ban aria-hidden />
            Void {word.lower}
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
