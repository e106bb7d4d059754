import { lazy, Suspense } from 'react';
import type { Vendor } from '@contracts/vendors';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

// The form and its validation load when the dialog first opens, not with the lists.
const VendorForm = lazy(() => import('@/features/vendors/components/vendor-form').then((m) => ({ default: m.VendorForm })));

interface VendorDialogProps {
  /** The vendor to edit; null adds a new one. */
  vendor: Vendor | null;
  onClose: () => void;
}

/** 'Add New Vendor' / 'Edit Vendor'. */
export function VendorDialog({ vendor, onClose }: VendorDialogProps) {
  const title = vendor ? 'Edit Vendor' : 'Add New Vendor';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="vendor-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{vendor ? `Change ${vendor.name}'s details.` : 'A supplier or contractor you pay, with their contact details and payment terms.'}</DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Spinner className="py-10" label="Loading..." />}>
          <VendorForm vendor={vendor} onDone={onClose} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
