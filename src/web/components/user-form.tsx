// The user form (docs/rules/organizations-and-roles.md#user-form), shared by the Add/Edit User dialogs of /users and the Create User dialog of
// /super-admin; each passes the contract schema that states its own rules.
import { useForm } from 'react-hook-form';
import type { OrganizationSummary } from '@contracts/organizations';
import { ROLE_LABELS, type Role } from '@contracts/permissions';
import type { User } from '@contracts/users';
import { ApiError, type ApiIssue } from '@/lib/api-client';
import type { LazyResolver } from '@/lib/lazy-zod-resolver';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';

/** What the inputs hold; the resolver turns it into the request body (organizationId '' is "No Organization"). */
export interface UserFormValues {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  role: string;
  organizationId: string;
  isActive: boolean;
}

const FIELDS = ['email', 'firstName', 'lastName', 'companyName', 'role', 'organizationId', 'isActive'] as const;
const fieldOf = (path: ApiIssue['path']) => FIELDS.find((f) => f === (Array.isArray(path) ? path.join('.') : path));

export interface UserFormProps {
  user: User | null;
  /** Reads the values into the caller's body (the contract's schema), handed to onSubmit. */
  resolver: LazyResolver<UserFormValues, unknown>;
  /** The roles the caller may give. */
  roles: readonly Role[];
  /** The organization picker's choices; null: no picker (an organization admin's users join their organization). */
  organizations: OrganizationSummary[] | null;
  /** '' starts on "Select a role" (the super user's Create User dialog requires a choice). */
  defaultRole: Role | '';
  defaultOrganizationId: number | null;
  /** Editing: the Active switch is shown. */
  showActive: boolean;
  /** The caller's own account: nobody changes their own role or deactivates themselves. */
  isSelf: boolean;
  submitLabel: string;
  isPending: boolean;
  /** Receives the validated body; a rejected promise's server issues are put under their fields. */
  onSubmit: (body: unknown) => Promise<unknown>;
  onCancel: () => void;
}

export function UserForm(props: UserFormProps) {
  const { user, resolver, roles, organizations, isSelf, isPending, submitLabel, onCancel } = props;
  resolver.preload();
  const form = useForm<UserFormValues, unknown, unknown>({
    resolver: resolver.resolver,
    defaultValues: {
      email: user?.email ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      companyName: user?.companyName ?? '',
      role: user?.role ?? props.defaultRole,
      organizationId: String(user ? (user.organizationId ?? '') : (props.defaultOrganizationId ?? '')),
      isActive: user?.isActive ?? true,
    },
  });
  // A user's current role stays listed even where the caller could not give it.
  const roleChoices = user && !roles.includes(user.role) ? [user.role, ...roles] : roles;

  const submit = form.handleSubmit(async (body) => {
    try {
      await props.onSubmit(body);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.status === 409) form.setError('email', { type: 'server', message: error.body?.message ?? 'Already taken' });
      for (const issue of error.body?.issues ?? []) {
        const field = fieldOf(issue.path);
        if (field) form.setError(field, { type: 'server', message: issue.message });
      }
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="User">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="firstName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>First Name</FormLabel>
                <FormControl>
                  <Input autoComplete="off" maxLength={100} autoFocus {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="lastName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Last Name</FormLabel>
                <FormControl>
                  <Input autoComplete="off" maxLength={100} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input type="email" inputMode="email" autoComplete="off" maxLength={254} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="companyName"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Company Name (optional)</FormLabel>
              <FormControl>
                <Input autoComplete="off" maxLength={200} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="role"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Role</FormLabel>
                <FormControl>
                  <NativeSelect {...field} disabled={isSelf}>
                    {props.defaultRole === '' && !user && <option value="">Select a role</option>}
                    {roleChoices.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                {isSelf && <FormDescription>You cannot change your own role.</FormDescription>}
                <FormMessage />
              </FormItem>
            )}
          />
          {organizations !== null && (
            <FormField
              control={form.control}
              name="organizationId"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Organization</FormLabel>
                  <FormControl>
                    <NativeSelect {...field}>
                      <option value="">No Organization</option>
                      {organizations.map((o) => (
                        <option key={o.id} value={String(o.id)}>
                          {o.name}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          )}
        </div>
        {props.showActive && (
          <FormField
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <FormItem>
                <div className="flex items-center gap-2">
                  <FormControl>
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={field.value}
                      disabled={isSelf}
                      onChange={(e) => field.onChange(e.target.checked)}
                      onBlur={field.onBlur}
                      name={field.name}
                      ref={field.ref}
                    />
                  </FormControl>
                  <FormLabel className="!mt-0">Active</FormLabel>
                </div>
                <FormDescription>
                  {isSelf ? 'You cannot deactivate your own account.' : 'An inactive user cannot sign in; deactivating signs them out everywhere.'}
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Saving...' : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
