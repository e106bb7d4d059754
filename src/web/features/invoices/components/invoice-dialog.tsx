import { lazy, Suspense } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useRecordWord } from '@/lib/use-labels';

// The form (react-hook-form, zod, the line items editor) loads when a dialog first opens, so the
// screens that offer it (invoices, dashboard, search) do not carry it.
const InvoiceForm = lazy(() => import('@/features/invoices/components/invoice-form').then((m) => ({ default: m.InvoiceForm })));

export interface InvoiceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this invoice; create a new one when absent. */
  invoiceId?: number | null;
}

export function InvoiceDialog({ open, onOpenChange, invoiceId = null }: InvoiceDialogProps) {
  const word = useRecordWord('invoices');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl" data-testid="invoice-dialog">
        {open && (
          <Suspense
            fallback={
              <DialogHeader>
                <DialogTitle>{invoiceId ? `Edit ${word.title}` : `Create ${word.title}`}</DialogTitle>
                <DialogDescription className="sr-only">Loading</DialogDescription>
                <Spinner className="py-10" label="Loading..." />
              </DialogHeader>
            }
          >
            <InvoiceForm key={invoiceId ?? 'new'} invoiceId={invoiceId} onDone={() => onOpenChange(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}
