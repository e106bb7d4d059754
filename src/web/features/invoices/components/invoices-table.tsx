import { singular } from '@contracts/vocabulary';
import type { Invoice } from '@contracts/invoices';
import { formatDate } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { StatusBadge } from '@/components/status-badge';
import { InvoiceActionsMenu } from '@/features/invoices/components/invoice-actions-menu';
import { displayStatus } from '@/features/invoices/lib/invoice-status';
import { OrganizationCell, OrganizationHead, OrganizationLine } from '@/components/organization-column';
import { useLabels } from '@/lib/use-labels';

interface InvoicesTableProps {
  invoices: Invoice[];
  canEdit: boolean;
  canEmail: boolean;
  busyId: number | null;
  onEdit: (id: number) => void;
  onEmail: (invoice: Invoice) => void;
  onDownload: (invoice: Invoice) => void;
  onCredit?: (invoice: Invoice) => void;
  onVoid?: (invoice: Invoice) => void;
  onPlan?: (invoice: Invoice) => void;
}

function InvoiceNumber({ invoice, canEdit, onEdit }: { invoice: Invoice; canEdit: boolean; onEdit: (id: number) => void }) {
  if (!canEdit) return <span className="font-medium">{invoice.invoiceNumber}</span>;
  return (
    <button type="button" className="font-medium text-primary hover:underline" onClick={() => onEdit(invoice.id)}>
      {invoice.invoiceNumber}
    </button>
  );
}

/** A table on wide screens, one card per invoice on phones. */
export function InvoicesTable({ invoices, canEdit, canEmail, busyId, onEdit, onEmail, onDownload, onCredit, onVoid, onPlan }: InvoicesTableProps) {
  const customerHeader = singular(useLabels().customers);
  const menu = (i: Invoice) => (
    <InvoiceActionsMenu
      invoice={i}
      canEdit={canEdit}
      canEmail={canEmail}
      isBusy={busyId === i.id}
      onEdit={onEdit}
      onEmail={onEmail}
      onDownload={onDownload}
      onCredit={onCredit}
      onVoid={onVoid}
      onPlan={onPlan}
    />
  );
  return (
    <>
      <div className="hidden lg:block">
        <Table aria-label="Invoices">
          <TableHeader>
            <TableRow>
              <OrganizationHead />
              <TableHead>Invoice #</TableHead>
              <TableHead>{customerHeader}</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Total</TableHead>
              <TableHead>Due Date</TableHead>
              <TableHead>Created</TableHead>
              <TableHead className="w-16 text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invoices.map((i) => (
              <TableRow key={i.id} data-testid="invoice-row" data-number={i.invoiceNumber}>
                <OrganizationCell organizationId={i.organizationId} />
                <TableCell className="whitespace-nowrap">
                  <InvoiceNumber invoice={i} canEdit={canEdit} onEdit={onEdit} />
                </TableCell>
                <TableCell className="max-w-56 truncate">{i.customerName ?? '-'}</TableCell>
                <TableCell>
                  <StatusBadge status={displayStatus(i)} />
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(i.total)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(i.dueDate)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(i.createdAt)}</TableCell>
                <TableCell className="text-right">{menu(i)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y lg:hidden" aria-label="Invoices">
        {invoices.map((i) => (
          <li key={i.id} className="grid gap-1.5 px-4 py-3" data-testid="invoice-card" data-number={i.invoiceNumber}>
            <div className="flex items-center justify-between gap-2">
              <InvoiceNumber invoice={i} canEdit={canEdit} onEdit={onEdit} />
              <div className="flex items-center gap-1">
                <StatusBadge status={displayStatus(i)} />
                {menu(i)}
              </div>
            </div>
            <p className="truncate text-sm font-medium">{i.customerName ?? '-'}</p>
            <div className="flex items-center justify-between gap-2 text-sm">
              <span className="text-muted-foreground">{i.dueDate ? `Due ${formatDate(i.dueDate)}` : 'No due date'}</span>
              <span className="font-medium tabular-nums">{formatMoney(i.total)}</span>
            </div>
            <p className="text-xs text-muted-foreground">Created {formatDate(i.createdAt)}</p>
            <OrganizationLine organizationId={i.organizationId} />
          </li>
        ))}
      </ul>
    </>
  );
}
