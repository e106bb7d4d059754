// New version (docs/rules/records.md#estimate-form): the version the customer saw (and any approval of it) is kept;
// the estimate becomes a draft again, one version up, to change and send again.
import { useRef } from 'react';
import type { Estimate, EstimateListItem } from '@contracts/estimates';
import { errorMessage } from '@/lib/api-client';
import { useRecordWord } from '@/lib/use-labels';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useNewEstimateVersion } from '@/features/estimates/api/new-estimate-version';

type VersionedEstimate = Pick<EstimateListItem, 'id' | 'estimateNumber' | 'version' | 'status'>;

export function NewVersionDialog({
  estimate,
  onClose,
  onStarted,
}: {
  estimate: VersionedEstimate | null;
  onClose: () => void;
  /** After the new version exists (the dialog has closed). */
  onStarted?: (estimate: Estimate) => void;
}) {
  const word = useRecordWord('estimates');
  const start = useNewEstimateVersion();
  // Set in the click itself: a double click starts one version.
  const started = useRef(false);
  if (!estimate) return null;
  const confirm = () => {
    if (started.current) return;
    started.current = true;
    start.mutate(estimate.id, {
      onSuccess: (next) => {
        started.current = false;
        toast({ title: `Version ${next.version} of ${next.estimateNumber} started`, description: `The ${word.lower} is a draft again.` });
        onClose();
        onStarted?.(next);
      },
      onError: (error) => {
        started.current = false;
        toast({ variant: 'destructive', title: 'Failed to start a new version', description: errorMessage(error) });
      },
    });
  };
  const signed = estimate.status === 'approved';
  return (
    <AlertDialog open onOpenChange={(open) => !open && !start.isPending && onClose()}>
      <AlertDialogContent data-testid="new-version-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>
            Start version {estimate.version + 1} of {estimate.estimateNumber}?
          </AlertDialogTitle>
          <AlertDialogDescription>
            Version {estimate.version} is kept as the customer saw it{signed ? ', with their approval and signature' : ''}. The {word.lower} goes back
            to draft for you to change, and the link sent before stops working: send the new version for approval when it is ready.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={start.isPending}>Cancel</AlertDialogCancel>
          <Button onClick={confirm} disabled={start.isPending}>
            {start.isPending ? 'Starting...' : 'Start new version'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
