import { lazy, Suspense } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useRecordWord } from '@/lib/use-labels';

// The form (react-hook-form, zod, the line items editor) loads when a dialog first opens, so the
// screens that offer it (work orders, dashboard, search) do not carry it.
const WorkOrderForm = lazy(() => import('@/features/work-orders/components/work-order-form').then((m) => ({ default: m.WorkOrderForm })));

export interface WorkOrderDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this work order; create a new one when absent. */
  workOrderId?: number | null;
}

export function WorkOrderDialog({ open, onOpenChange, workOrderId = null }: WorkOrderDialogProps) {
  const word = useRecordWord('workOrders');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl" data-testid="work-order-dialog">
        {open && (
          <Suspense
            fallback={
              <DialogHeader>
                <DialogTitle>{workOrderId ? `Edit ${word.title}` : `Create ${word.title}`}</DialogTitle>
                <DialogDescription className="sr-only">Loading</DialogDescription>
                <Spinner className="py-10" label="Loading..." />
              </DialogHeader>
            }
          >
            <WorkOrderForm key={workOrderId ?? 'new'} workOrderId={workOrderId} onDone={() => onOpenChange(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
