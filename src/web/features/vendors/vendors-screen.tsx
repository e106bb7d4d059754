import { useState } from 'react';
import { Plus, ShieldX } from 'lucide-react';
import type { Vendor, VendorPayment } from '@contracts/vendors';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { ImportButton } from '@/components/import-button';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useDeleteVendor } from '@/features/vendors/api/save-vendor';
import { useDeleteVendorPayment } from '@/features/vendors/api/save-vendor-payment';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { VendorDialog } from '@/features/vendors/components/vendor-dialog';
import { VendorPaymentDialog } from '@/features/vendors/components/vendor-payment-dialog';
import { VendorPaymentsPanel } from '@/features/vendors/components/vendor-payments-panel';
import { VendorsPanel } from '@/features/vendors/components/vendors-panel';
import { paymentSummary, vendorDeleteWarning } from '@/features/vendors/lib/vendor-display';

/** Which dialog is open: a form for a new record (null) or an existing one, or a delete confirmation. */
type Open =
  | { kind: 'vendor'; vendor: Vendor | null }
  | { kind: 'payment'; payment: VendorPayment | null }
  | { kind: 'deleteVendor'; vendor: Vendor }
  | { kind: 'deletePayment'; payment: VendorPayment }
  | null;

/** Pay Bills (/vendors): the vendors and the most recent payments made to them. */
export function VendorsScreen() {
  const { user } = useCurrentUser();
  const permissions = user?.effectivePermissions ?? [];
  const canManage = permissions.includes('manage_vendors');
  const canView = canManage || permissions.includes('view_vendors');
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const deleteVendor = useDeleteVendor();
  const deletePayment = useDeleteVendorPayment();

  const confirmDeleteVendor = (vendor: Vendor) =>
    deleteVendor.mutateAsync(vendor.id).then(
      () => toast({ title: 'Vendor deleted successfully' }),
      (error: unknown) => {
        toast({ variant: 'destructive', title: 'Failed to delete vendor', description: errorMessage(error) });
        throw error;
      },
    );

  const confirmDeletePayment = (payment: VendorPayment) =>
    deletePayment.mutateAsync(payment.id).then(
      () => toast({ title: 'Payment deleted successfully' }),
      (error: unknown) => {
        toast({ variant: 'destructive', title: 'Failed to delete payment', description: errorMessage(error) });
        throw error;
      },
    );

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Pay Bills"
        description="The suppliers you pay, and the bills you have paid them."
        actions={
          canManage && (
            <>
              <ImportButton kind="vendors" />
              <Button variant="outline" onClick={() => setOpen({ kind: 'vendor', vendor: null })}>
                <Plus aria-hidden />
                Add Vendor
              </Button>
              <Button onClick={() => setOpen({ kind: 'payment', payment: null })}>
                <Plus aria-hidden />
                New Payment
              </Button>
            </>
          )
        }
      />
      {!canView ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border bg-card p-8 text-center" data-testid="vendors-forbidden">
          <ShieldX className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-sm text-muted-foreground">Your role does not give access to vendors.</p>
        </div>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <VendorsPanel
            canManage={canManage}
            onEdit={(vendor) => setOpen({ kind: 'vendor', vendor })}
            onDelete={(vendor) => setOpen({ kind: 'deleteVendor', vendor })}
          />
          <VendorPaymentsPanel
            canManage={canManage}
            onEdit={(payment) => setOpen({ kind: 'payment', payment })}
            onDelete={(payment) => setOpen({ kind: 'deletePayment', payment })}
          />
        </div>
      )}
      {open?.kind === 'vendor' && <VendorDialog key={open.vendor?.id ?? 'new'} vendor={open.vendor} onClose={close} />}
      {open?.kind === 'payment' && <VendorPaymentDialog key={open.payment?.id ?? 'new'} payment={open.payment} onClose={close} />}
      {open?.kind === 'deleteVendor' && (
        <ConfirmDeleteDialog
          title="Delete vendor?"
          description={vendorDeleteWarning(open.vendor)}
          onConfirm={() => confirmDeleteVendor(open.vendor)}
          onClose={close}
        />
      )}
      {open?.kind === 'deletePayment' && (
        <ConfirmDeleteDialog
          title="Delete payment?"
          description={`Delete the ${paymentSummary(open.payment)}? This cannot be undone.`}
          onConfirm={() => confirmDeletePayment(open.payment)}
          onClose={close}
        />
      )}
    </div>
  );
}
