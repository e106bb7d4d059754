import type { AdminCreateUserBody } from '@contracts/users';
import { ROLES } from '@contracts/permissions';
import { errorMessage } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCreateAdminUser } from '@/features/super-admin/api/create-admin-user';
import { useOrganizations } from '@/lib/use-organizations';
import { UserForm, type UserFormValues } from '@/components/user-form';

// docs/rules/organizations-and-roles.md#create-user: a role must be chosen, and an organization unless the role is customer
// (or super_user: system-wide users belong to no organization).
// The form's values are what the inputs hold (role '' before a choice); the contract's schema reads them (ADR 015).
const resolver = lazyZodResolver(() =>
  Promise.all([import('@/lib/form-fields'), import('@contracts/users')]).then(([{ heldAs }, m]) => heldAs<UserFormValues>()(m.adminCreateUserBodySchema)),
);

export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const organizations = useOrganizations();
  const create = useCreateAdminUser();

  const onSubmit = async (body: unknown) => {
    try {
      await create.mutateAsync(body as AdminCreateUserBody);
      toast({ title: 'User created successfully' });
      onClose();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to create user', description: errorMessage(error) });
      throw error;
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" data-testid="create-user-dialog">
        <DialogHeader>
          <DialogTitle>Create User</DialogTitle>
          <DialogDescription>Any role, in any organization. Customers and super users may belong to none.</DialogDescription>
        </DialogHeader>
        {organizations.isPending ? (
          <div className="grid gap-4" aria-busy="true">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        ) : (
          <UserForm
            user={null}
            resolver={resolver}
            roles={ROLES}
            organizations={organizations.data ?? []}
            defaultRole=""
            defaultOrganizationId={null}
            showActive={false}
            isSelf={false}
            submitLabel="Create User"
            isPending={create.isPending}
            onSubmit={onSubmit}
            onCancel={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
