import type { CreateCustomerBody, Customer } from '@contracts/customers';
import { singular } from '@contracts/vocabulary';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useLabels } from '@/lib/use-labels';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCustomer } from '@/features/customers/api/get-customer';
import { useOrganizations } from '@/lib/use-organizations';
import { useSaveCustomer } from '@/features/customers/api/save-customer';
import { CustomerForm } from '@/features/customers/components/customer-form';

export interface CustomerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this customer; create a new one when absent. */
  customerId?: number | null;
  onSaved?: (customer: Customer) => void;
}

/** 'Add New Customer' / 'Edit Customer' in the organization's words ('Add New Patient', ...). */
export function CustomerDialog({ open, onOpenChange, customerId, onSaved }: CustomerDialogProps) {
  const labels = useLabels();
  const noun = singular(labels.customers);
  const isEdit = typeof customerId === 'number' && customerId > 0;
  const title = isEdit ? `Edit ${noun}` : `Add New ${noun}`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" data-testid="customer-dialog">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {isEdit ? `Change the ${noun.toLowerCase()}'s details.` : `Add a ${noun.toLowerCase()} with their contact and billing details.`}
          </DialogDescription>
        </DialogHeader>
        {open && <CustomerDialogBody customerId={isEdit ? customerId : null} onOpenChange={onOpenChange} onSaved={onSaved} submitLabel={isEdit ? 'Save Changes' : `Add ${noun}`} />}
      </DialogContent>
    </Dialog>
  );
}

interface BodyProps {
  customerId: number | null;
  submitLabel: string;
  onOpenChange: (open: boolean) => void;
  onSaved?: (customer: Customer) => void;
}

function CustomerDialogBody({ customerId, submitLabel, onOpenChange, onSaved }: BodyProps) {
  const { user } = useCurrentUser();
  const isSuperUser = user?.role === 'super_user';
  const customer = useCustomer(customerId);
  const organizations = useOrganizations({ enabled: isSuperUser && customerId === null });
  const save = useSaveCustomer();

  const onSubmit = (body: CreateCustomerBody) => {
    const isCreate = customerId === null;
    return save.mutateAsync(isCreate ? { id: null, body } : { id: customerId, body }).then(
      (saved) => {
        toast({ title: isCreate ? 'Customer created successfully' : 'Customer updated successfully' });
        onSaved?.(saved);
        onOpenChange(false);
      },
      (error: unknown) => {
        toast({ variant: 'destructive', title: isCreate ? 'Failed to create customer' : 'Failed to update customer', description: errorMessage(error) });
        throw error;
      },
    );
  };

  if (customerId !== null && customer.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Could not load this record</AlertTitle>
        <AlertDescription>{errorMessage(customer.error)}</AlertDescription>
      </Alert>
    );
  }
  const isLoading = (customerId !== null && !customer.data) || (isSuperUser && customerId === null && organizations.isPending);
  if (isLoading) {
    return (
      <div className="grid gap-4" data-testid="customer-form-loading">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </div>
    );
  }

  return (
    <CustomerForm
      key={customerId ?? 'new'}
      customer={customerId !== null ? (customer.data ?? null) : null}
      defaultOrganizationId={user?.organizationId ?? null}
      organizations={isSuperUser ? (organizations.data ?? []) : null}
      isPending={save.isPending}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
      onCancel={() => onOpenChange(false)}
    />
  );
}
