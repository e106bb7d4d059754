// "Create API key" (docs/rules/public-api.md#creating-a-key): a name and the permissions, grouped as the role table's
// areas, with the Read only and Full access presets. The form is the contract's schema (docs/decisions/015-one-form-pattern.md).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_KEY_NAME_MAX,
  API_KEY_PERMISSION_GROUPS,
  API_KEY_PERMISSIONS,
  createApiKeySchema,
  READ_ONLY_API_KEY_PERMISSIONS,
  type CreatedApiKey,
} from '@contracts/api-keys';
import type { Permission } from '@contracts/permissions';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useCreateApiKey } from '@/features/api-keys/api/api-keys-api';

const resolver = zodResolver(createApiKeySchema);
const FIELDS = ['name', 'permissions'] as const;

interface CreateApiKeyDialogProps {
  /** What the creator holds: only those permissions are offered. */
  held: readonly string[];
  onClose: () => void;
  /** The new key with its secret, to show once. */
  onCreated: (created: CreatedApiKey) => void;
}

export function CreateApiKeyDialog({ held, onClose, onCreated }: CreateApiKeyDialogProps) {
  const create = useCreateApiKey();
  const offered = API_KEY_PERMISSIONS.filter((p) => held.includes(p));
  const form = useForm({ resolver, defaultValues: { name: '', permissions: [] as Permission[] } });

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      onCreated(created);
    } catch (error) {
      applyServerIssues(error, form.setError, FIELDS);
      toast({ variant: 'destructive', title: 'Failed to create API key', description: errorMessage(error) });
    }
  });

  const preset = (permissions: readonly Permission[]) =>
    form.setValue(
      'permissions',
      permissions.filter((p) => offered.includes(p)),
      { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="create-api-key-dialog">
        <DialogHeader>
          <DialogTitle>Create API key</DialogTitle>
          <DialogDescription>The key acts in your organization with the permissions you tick, as you: what it writes is recorded under your name.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-5" aria-label="API key">
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Name</FormLabel>
                  <FormControl>
                    <Input {...field} autoFocus autoComplete="off" maxLength={API_KEY_NAME_MAX} placeholder="Zapier, accounting sync…" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="permissions"
              render={({ field }) => {
                const chosen = new Set<string>(field.value);
                const toggle = (id: Permission, on: boolean) => field.onChange(on ? [...field.value, id] : field.value.filter((p) => p !== id));
                return (
                  <FormItem className="gap-3">
                    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                      <FormLabel id="api-key-permissions-label">Permissions</FormLabel>
                      <div className="flex gap-2">
                        <Button type="button" variant="outline" size="sm" onClick={() => preset(READ_ONLY_API_KEY_PERMISSIONS)}>
                          Read only
                        </Button>
                        <Button type="button" variant="outline" size="sm" onClick={() => preset(API_KEY_PERMISSIONS)}>
                          Full access
                        </Button>
                      </div>
                    </div>
                    <div className="grid gap-3 sm:grid-cols-2" role="group" aria-labelledby="api-key-permissions-label" data-testid="api-key-permissions">
                      {API_KEY_PERMISSION_GROUPS.map((group) => {
                        const options = group.permissions.filter((p) => offered.includes(p.id));
                        if (options.length === 0) return null;
                        return (
                          <fieldset key={group.label} className="grid content-start gap-1.5 rounded-md border p-3">
                            <legend className="px-1 text-sm font-medium">{group.label}</legend>
                            {options.map((p) => (
                              <label key={p.id} className="flex items-center gap-2 text-sm">
                                <input
                                  type="checkbox"
                                  className="size-4 accent-primary"
                                  checked={chosen.has(p.id)}
                                  onChange={(e) => toggle(p.id, e.target.checked)}
                                  onBlur={field.onBlur}
                                  name={`permission-${p.id}`}
                                />
                                {p.label}
                              </label>
                            ))}
                          </fieldset>
                        );
                      })}
                    </div>
                    <FormMessage />
                  </FormItem>
                );
              }}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating...' : 'Create API key'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
