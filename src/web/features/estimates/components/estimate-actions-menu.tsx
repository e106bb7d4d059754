import { Download, MoreHorizontal, Pencil } from 'lucide-react';
import type { Estimate } from '@contracts/estimates';
import { EmailToCustomerItem } from '@/components/email-to-customer-item';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useRecordWord } from '@/lib/use-labels';

interface EstimateActionsMenuProps {
  estimate: Estimate;
  canEdit: boolean;
  isBusy: boolean;
  onEdit: (id: number) => void;
  onEmail: (estimate: Estimate) => void;
  onDownload: (estimate: Estimate) => void;
}

export function EstimateActionsMenu({ estimate, canEdit, isBusy, onEdit, onEmail, onDownload }: EstimateActionsMenuProps) {
  const word = useRecordWord('estimates');
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
            Edit
          </DropdownMenuItem>
        )}
        <EmailToCustomerItem hasEmail={estimate.customerHasEmail} onSelect={() => onEmail(estimate)} />
        <DropdownMenuItem onSelect={() => onDownload(estimate)}>
          <Download aria-hidden />
          Download {word.title}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
