import { CreditCard, MoreHorizontal, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { formatDate } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { scheduleLabel, type RecurringInvoice } from '@contracts/recurring-invoices';
import { singular } from '@contracts/vocabulary';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { OrganizationCell, OrganizationHead, OrganizationLine } from '@/components/organization-column';
import { useLabels } from '@/lib/use-labels';
import { RecurringStatusBadge } from '@/features/recurring-invoices/components/recurring-status-badge';

interface RecurringInvoicesTableProps {
  rows: RecurringInvoice[];
  canEdit: boolean;
  busyId: number | null;
  onOpen: (id: number) => void;
  onPauseResume: (row: RecurringInvoice) => void;
  onDelete: (row: RecurringInvoice) => void;
}

/** Charged to the customer's saved card as each invoice is made (docs/rules/money-and-payments.md#auto-pay). */
function AutoPayBadge() {
  return (
    <Badge variant="outline" className="text-muted-foreground" data-testid="auto-pay-badge">
      <CreditCard aria-hidden />
      Auto-pay
    </Badge>
  );
}

function Status({ row }: { row: RecurringInvoice }) {
  return (
    <span className="flex flex-wrap items-center gap-1">
      <RecurringStatusBadge status={row.status} />
      {row.autoPay && <AutoPayBadge />}
    </span>
  );
}

function Title({ row, onOpen }: { row: RecurringInvoice; onOpen: (id: number) => void }) {
  return (
    <button type="button" className="max-w-full truncate text-left font-medium text-primary hover:underline" onClick={() => onOpen(row.id)}>
      {row.title}
    </button>
  );
}

const nextText = (row: RecurringInvoice) => (row.nextDate ? formatDate(row.nextDate) : '-');

function RowActions({ row, canEdit, isBusy, onOpen, onPauseResume, onDelete }: { row: RecurringInvoice; isBusy: boolean } & Omit<RecurringInvoicesTableProps, 'rows' | 'busyId'>) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${row.title}`} disabled={isBusy}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onOpen(row.id)}>
          <Pencil aria-hidden />
          {canEdit ? 'Edit' : 'View'}
        </DropdownMenuItem>
        {/* An ended schedule has no next period to hold or bill: it restarts by editing its ending. */}
        {canEdit && row.status !== 'ended' && (
          <DropdownMenuItem onSelect={() => onPauseResume(row)}>
            {row.status === 'paused' ? <Play aria-hidden /> : <Pause aria-hidden />}
            {row.status === 'paused' ? 'Resume' : 'Pause'}
          </DropdownMenuItem>
        )}
        {canEdit && (
          <DropdownMenuItem onSelect={() => onDelete(row)} className="text-destructive focus:text-destructive">
            <Trash2 aria-hidden />
            Delete
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A table on wide screens, one card per schedule on phones. */
export function RecurringInvoicesTable({ rows, canEdit, busyId, onOpen, onPauseResume, onDelete }: RecurringInvoicesTableProps) {
  const customerHeader = singular(useLabels().customers);
  const actions = (row: RecurringInvoice) => (
    <RowActions row={row} canEdit={canEdit} isBusy={busyId === row.id} onOpen={onOpen} onPauseResume={onPauseResume} onDelete={onDelete} />
  );
  return (
    <>
      <div className="hidden lg:block">
        <Table aria-label="Recurring invoices">
          <TableHeader>
            <TableRow>
              <OrganizationHead />
              <TableHead>Title and {customerHeader}</TableHead>
              <TableHead>Schedule</TableHead>
              <TableHead>Next Invoice</TableHead>
              <TableHead className="text-right">Per Invoice</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="w-16 text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} data-testid="recurring-invoice-row" data-id={r.id}>
                <OrganizationCell organizationId={r.organizationId} />
                {/* One column for both: the table keeps its actions in view beside the menu at 1280 px. */}
                <TableCell className="max-w-72">
                  <div className="grid">
                    <Title row={r} onOpen={onOpen} />
                    <span className="truncate text-xs text-muted-foreground">{r.customerName ?? '-'}</span>
                  </div>
                </TableCell>
                <TableCell className="whitespace-nowrap" data-testid="recurring-schedule">
                  {scheduleLabel(r)}
                </TableCell>
                <TableCell className="whitespace-nowrap" data-testid="recurring-next-date">
                  {nextText(r)}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums" data-testid="recurring-total">
                  {formatMoney(r.total)}
                </TableCell>
                <TableCell>
                  <Status row={r} />
                </TableCell>
                <TableCell className="text-right">{actions(r)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y lg:hidden" aria-label="Recurring invoices">
        {rows.map((r) => (
          <li key={r.id} className="grid grid-cols-[minmax(0,1fr)] gap-1.5 px-4 py-3" data-testid="recurring-invoice-card" data-id={r.id}>
            <div className="flex items-center justify-between gap-2">
              <div className="min-w-0">
                <Title row={r} onOpen={onOpen} />
              </div>
              <div className="flex shrink-0 items-center gap-1">
                <RecurringStatusBadge status={r.status} />
                {actions(r)}
              </div>
            </div>
            <p className="truncate text-sm font-medium">{r.customerName ?? '-'}</p>
            <div className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 text-muted-foreground" data-testid="recurring-schedule">
                {scheduleLabel(r)}
              </span>
              <span className="shrink-0 font-medium tabular-nums" data-testid="recurring-total">
                {formatMoney(r.total)}
              </span>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
              <span data-testid="recurring-next-date">{r.nextDate ? `Next ${formatDate(r.nextDate)}` : 'No more invoices'}</span>
              {r.autoPay && <AutoPayBadge />}
            </div>
            <OrganizationLine organizationId={r.organizationId} />
          </li>
        ))}
      </ul>
    </>
  );
}
