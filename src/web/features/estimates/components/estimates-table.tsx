import { singular } from '@contracts/vocabulary';
import type { EstimateListItem } from '@contracts/estimates';
import { formatDate } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { StatusBadge } from '@/components/status-badge';
import { EstimateActionsMenu, type EstimateApprovalActions } from '@/features/estimates/components/estimate-actions-menu';
import { OrganizationCell, OrganizationHead, OrganizationLine } from '@/components/organization-column';
import { useLabels } from '@/lib/use-labels';

interface EstimatesTableProps extends EstimateApprovalActions {
  estimates: EstimateListItem[];
  canEdit: boolean;
  canSend: boolean;
  busyId: number | null;
  onEdit: (id: number) => void;
  onEmail: (estimate: EstimateListItem) => void;
  onDownload: (estimate: EstimateListItem) => void;
}

function EstimateNumber({ estimate, canEdit, onEdit }: { estimate: EstimateListItem; canEdit: boolean; onEdit: (id: number) => void }) {
  if (!canEdit) return <span className="font-medium">{estimate.estimateNumber}</span>;
  return (
    <button type="button" className="font-medium text-primary hover:underline" onClick={() => onEdit(estimate.id)}>
      {estimate.estimateNumber}
    </button>
  );
}

/** A table on wide screens, one card per estimate on phones. */
export function EstimatesTable({ estimates, canEdit, canSend, busyId, onEdit, onEmail, onDownload, onSendForApproval, onNewVersion, onConvert }: EstimatesTableProps) {
  const customerHeader = singular(useLabels().customers);
  const menu = (e: EstimateListItem) => (
    <EstimateActionsMenu
      estimate={e}
      canEdit={canEdit}
      canSend={canSend}
      isBusy={busyId === e.id}
      onEdit={onEdit}
      onEmail={onEmail}
      onDownload={onDownload}
      onSendForApproval={onSendForApproval}
      onNewVersion={onNewVersion}
      onConvert={onConvert}
    />
  );
  return (
    <>
      <div className="hidden lg:block">
        <Table aria-label="Estimates">
          <TableHeader>
            <TableRow>
              <OrganizationHead />
              <TableHead>Estimate #</TableHead>
              <TableHead>Title</TableHead>
              <TableHead>{customerHeader}</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Total</TableHead>
              <TableHead>Valid Until</TableHead>
              <TableHead>Created</TableHead>
              <TableHead className="w-16 text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {estimates.map((e) => (
              <TableRow key={e.id} data-testid="estimate-row" data-number={e.estimateNumber}>
                <OrganizationCell organizationId={e.organizationId} />
                <TableCell className="whitespace-nowrap">
                  <EstimateNumber estimate={e} canEdit={canEdit} onEdit={onEdit} />
                </TableCell>
                <TableCell className="max-w-44 truncate 2xl:max-w-72" title={e.title}>
                  {e.title}
                </TableCell>
                <TableCell className="max-w-36 truncate 2xl:max-w-48">{e.customerName ?? '-'}</TableCell>
                <TableCell>
                  <StatusBadge status={e.status} />
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(e.total)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(e.validUntil)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(e.createdAt)}</TableCell>
                <TableCell className="text-right">{menu(e)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y lg:hidden" aria-label="Estimates">
        {estimates.map((e) => (
          <li key={e.id} className="grid gap-1.5 px-4 py-3" data-testid="estimate-card" data-number={e.estimateNumber}>
            <div className="flex items-center justify-between gap-2">
              <EstimateNumber estimate={e} canEdit={canEdit} onEdit={onEdit} />
              <div className="flex items-center gap-1">
                <StatusBadge status={e.status} />
                {menu(e)}
              </div>
            </div>
            <p className="truncate text-sm font-medium">{e.title}</p>
            <p className="truncate text-sm text-muted-foreground">{e.customerName ?? '-'}</p>
            <div className="flex items-center justify-between gap-2 text-sm">
              <span className="text-muted-foreground">{e.validUntil ? `Valid until ${formatDate(e.validUntil)}` : 'No expiry date'}</span>
              <span className="font-medium tabular-nums">{formatMoney(e.total)}</span>
            </div>
            <p className="text-xs text-muted-foreground">Created {formatDate(e.createdAt)}</p>
            <OrganizationLine organizationId={e.organizationId} />
          </li>
        ))}
      </ul>
    </>
  );
}
