import type { Role } from '@contracts/permissions';
import type { CreateUserBody, UpdateUserBody, User } from '@contracts/users';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useOrganizations } from '@/lib/use-organizations';
import { useSaveUser } from '@/features/users/api/save-user';
import { UserForm, type UserFormValues } from '@/components/user-form';

// Organization admins never send an organization (theirs is implied), so their schemas leave the field out.
// The form's values are what the inputs hold (UserFormValues); the contract's schema reads them (ADR 015).
const users = () => Promise.all([import('@/lib/form-fields'), import('@contracts/users')]).then(([{ heldAs }, m]) => ({ form: heldAs<UserFormValues>(), m }));
const RESOLVERS = {
  create: {
    withOrganization: lazyZodResolver(() => users().then(({ form, m }) => form(m.createUserBodySchema))),
    withoutOrganization: lazyZodResolver(() => users().then(({ form, m }) => form(m.createUserBodySchema.omit({ organizationId: true })))),
  },
  edit: {
    withOrganization: lazyZodResolver(() => users().then(({ form, m }) => form(m.updateUserBodySchema))),
    withoutOrganization: lazyZodResolver(() => users().then(({ form, m }) => form(m.updateUserBodySchema.omit({ organizationId: true })))),
  },
};

/** assignableRoles of @contracts/users, without loading zod: only a super user grants super_user. */
const ALL_ROLES: readonly Role[] = ['super_user', 'org_admin', 'manager', 'employee', 'customer', 'guest'];
const rolesFor = (role: Role | undefined) => (role === 'super_user' ? ALL_ROLES : ALL_ROLES.filter((r) => r !== 'super_user'));

/** Add User (user null) or Edit User. */
export function UserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { user: me } = useCurrentUser();
  const isSuperUser = me?.role === 'super_user';
  const organizations = useOrganizations({ enabled: isSuperUser });
  const save = useSaveUser();
  const isEdit = user !== null;
  const resolver = RESOLVERS[isEdit ? 'edit' : 'create'][isSuperUser ? 'withOrganization' : 'withoutOrganization'];

  const onSubmit = async (body: unknown) => {
    try {
      await save.mutateAsync(isEdit ? { id: user.id, body: body as UpdateUserBody } : { id: null, body: body as CreateUserBody });
      toast({ title: isEdit ? 'User updated successfully' : 'User created successfully' });
      onClose();
    } catch (error) {
      toast({ variant: 'destructive', title: isEdit ? 'Failed to update user' : 'Failed to create user', description: errorMessage(error) });
      throw error;
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" data-testid="user-dialog">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit User' : 'Add User'}</DialogTitle>
          <DialogDescription>
            {isEdit
              ? 'Change the details, role or access of this user. Role changes apply from their next click.'
              : isSuperUser
                ? 'Add a user to an organization, or to none.'
                : 'Add a user to your organization. They sign in with a code sent to this e-mail address.'}
          </DialogDescription>
        </DialogHeader>
        {isSuperUser && organizations.isPending ? (
          <div className="grid gap-4" aria-busy="true">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        ) : (
          <UserForm
            user={user}
            resolver={resolver}
            roles={rolesFor(me?.role)}
            organizations={isSuperUser ? (organizations.data ?? []) : null}
            defaultRole="employee"
            defaultOrganizationId={me?.organizationId ?? null}
            showActive={isEdit}
            isSelf={isEdit && user.id === me?.id}
            submitLabel={isEdit ? 'Save Changes' : 'Add User'}
            isPending={save.isPending}
            onSubmit={onSubmit}
            onCancel={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
