import { Download, MoreHorizontal, Pencil } from 'lucide-react';
import type { Invoice } from '@contracts/invoices';
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
}

export function InvoiceActionsMenu({ invoice, canEdit, canEmail, isBusy, onEdit, onEmail, onDownload }: InvoiceActionsMenuProps) {
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
            Edit
          </DropdownMenuItem>
        )}
        {canEmail && (
          <EmailToCustomerItem hasEmail={invoice.customerHasEmail} onSelect={() => onEmail(invoice)} />
        )}
        <DropdownMenuItem onSelect={() => onDownload(invoice)}>
          <Download aria-hidden />
          Download {word.title}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
