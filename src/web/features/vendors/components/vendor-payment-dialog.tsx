import { lazy, Suspense } from 'react';
import type { VendorPayment } from '@contracts/vendors';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

// The form and its validation load when the dialog first opens, not with the lists.
const VendorPaymentForm = lazy(() => import('@/features/vendors/components/vendor-payment-form').then((m) => ({ default: m.VendorPaymentForm })));

interface VendorPaymentDialogProps {
  /** The payment to edit; null records a new one. */
  payment: VendorPayment | null;
  onClose: () => void;
}

/** 'Record Vendor Payment' / 'Edit Payment'. */
export function VendorPaymentDialog({ payment, onClose }: VendorPaymentDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl" data-testid="vendor-payment-dialog">
        <DialogHeader>
          <DialogTitle>{payment ? 'Edit Payment' : 'Record Vendor Payment'}</DialogTitle>
          <DialogDescription>{payment ? 'Correct the details of this payment.' : 'A bill you paid: who, how much and when.'}</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Spinner className="py-10" label="Loading..." />}>
          <VendorPaymentForm payment={payment} onDone={onClose} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
