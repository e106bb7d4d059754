import { CopyPlus, Download, FileInput, MoreHorizontal, Pencil, Send } from 'lucide-react';
import { estimateLocked, type EstimateListItem } from '@contracts/estimates';
import { EmailToCustomerItem } from '@/components/email-to-customer-item';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { pastValidUntil } from '@/features/estimates/lib/approval-timeline';
import { canConvert, canSendForApproval, canStartNewVersion } from '@/features/estimates/lib/estimate-status';
import { useRecordWord } from '@/lib/use-labels';

export interface EstimateApprovalActions {
  onSendForApproval: (estimate: EstimateListItem) => void;
  onNewVersion: (estimate: EstimateListItem) => void;
  onConvert: (estimate: EstimateListItem) => void;
}

interface EstimateActionsMenuProps extends EstimateApprovalActions {
  estimate: EstimateListItem;
  /** manage_estimates: edit, new versions, converting. */
  canEdit: boolean;
  /** manage_estimates or create_estimates: e-mailing and sending for approval. */
  canSend: boolean;
  isBusy: boolean;
  onEdit: (id: number) => void;
  onEmail: (estimate: EstimateListItem) => void;
  onDownload: (estimate: EstimateListItem) => void;
}

export function EstimateActionsMenu({ estimate, canEdit, canSend, isBusy, onEdit, onEmail, onDownload, onSendForApproval, onNewVersion, onConvert }: EstimateActionsMenuProps) {
  const word = useRecordWord('estimates');
  const sendable = canSend && canSendForApproval(estimate.status);
  const expired = pastValidUntil(estimate.validUntil);
  const newVersion = canEdit && canStartNewVersion(estimate.status);
  const convert = canEdit && canConvert(estimate.status);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${estimate.estimateNumber}`} disabled={isBusy}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canEdit && (
          <DropdownMenuItem onSelect={() => onEdit(estimate.id)}>
            <Pencil aria-hidden />
            {estimateLocked(estimate.status) ? 'View' : 'Edit'}
          </DropdownMenuItem>
        )}
        <EmailToCustomerItem hasEmail={estimate.customerHasEmail} onSelect={() => onEmail(estimate)} />
        <DropdownMenuItem onSelect={() => onDownload(estimate)}>
          <Download aria-hidden />
          Download {word.title}
        </DropdownMenuItem>
        {(sendable || newVersion || convert) && <DropdownMenuSeparator />}
        {sendable &&
          (expired ? (
            // docs/decisions/011: an action that cannot work shows why instead of failing after the click.
            <DropdownMenuItem disabled className="items-start">
              <Send aria-hidden className="mt-0.5" />
              <span className="grid">
                <span>Send for approval</span>
                <span className="text-xs text-muted-foreground">The valid-until date has passed: change it first</span>
              </span>
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => onSendForApproval(estimate)}>
              <Send aria-hidden />
              Send for approval
            </DropdownMenuItem>
          ))}
        {newVersion && (
          <DropdownMenuItem onSelect={() => onNewVersion(estimate)}>
            <CopyPlus aria-hidden />
            New version
          </DropdownMenuItem>
        )}
        {convert && (
          <DropdownMenuItem onSelect={() => onConvert(estimate)}>
            <FileInput aria-hidden />
            Convert…
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
