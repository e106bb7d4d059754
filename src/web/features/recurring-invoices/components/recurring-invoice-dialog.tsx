import { lazy, Suspense } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

// The form (react-hook-form, zod, the line items editor) loads when the dialog first opens, so the list does not carry it.
const RecurringInvoiceForm = lazy(() =>
  import('@/features/recurring-invoices/components/recurring-invoice-form').then((m) => ({ default: m.RecurringInvoiceForm })),
);

export interface RecurringInvoiceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this schedule; a new one when absent. */
  recurringId?: number | null;
}

export function RecurringInvoiceDialog({ open, onOpenChange, recurringId = null }: RecurringInvoiceDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl" data-testid="recurring-invoice-dialog">
        {open && (
          <Suspense
            fallback={
              <DialogHeader>
                <DialogTitle>{recurringId ? 'Edit Recurring Invoice' : 'New Recurring Invoice'}</DialogTitle>
                <DialogDescription className="sr-only">Loading</DialogDescription>
                <Spinner className="py-10" label="Loading..." />
              </DialogHeader>
            }
          >
            <RecurringInvoiceForm key={recurringId ?? 'new'} recurringId={recurringId} onDone={() => onOpenChange(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
