import { lazy, Suspense } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useRecordWord } from '@/lib/use-labels';

// The form loads when a dialog first opens.
const EstimateForm = lazy(() => import('@/features/estimates/components/estimate-form').then((m) => ({ default: m.EstimateForm })));

export interface EstimateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this estimate; create a new one when absent. */
  estimateId?: number | null;
}

export function EstimateDialog({ open, onOpenChange, estimateId = null }: EstimateDialogProps) {
  const word = useRecordWord('estimates');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl" data-testid="estimate-dialog">
        {open && (
          <Suspense
            fallback={
              <DialogHeader>
                <DialogTitle>{estimateId ? `Edit ${word.title}` : `Create ${word.title}`}</DialogTitle>
                <DialogDescription className="sr-only">Loading</DialogDescription>
                <Spinner className="py-10" label="Loading..." />
              </DialogHeader>
            }
          >
            <EstimateForm key={estimateId ?? 'new'} estimateId={estimateId} onDone={() => onOpenChange(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
