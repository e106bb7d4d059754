import { useForm } from 'react-hook-form';
import type { CreateShortUrlBody, ShortUrl, UpdateShortUrlBody } from '@contracts/short-urls';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useOrganizations } from '@/lib/use-organizations';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useSaveShortUrl, type SaveShortUrlInput } from '@/features/url-shortener/api/short-urls-api';
import { fullShortUrl } from '@/features/url-shortener/lib/short-url-links';

interface FormValues {
  title: string;
  originalUrl: string;
  shortCode: string;
  organizationId?: string;
  isActive?: boolean;
}

/** What the contract's schema makes of the form: a new link's body, or an edit's. */
type FormOutput = CreateShortUrlBody | UpdateShortUrlBody;

// The form's values are what the inputs hold; the contract's schema reads them (ADR 015).
const shortUrls = () =>
  Promise.all([import('@/lib/form-fields'), import('@contracts/short-urls')]).then(([{ heldAs }, m]) => ({ form: heldAs<FormValues>(), m }));
// zod and the contract's rules load when the dialog is first used, not with the list.
const resolvers = {
  create: lazyZodResolver(() => shortUrls().then(({ form, m }) => form(m.createShortUrlBodySchema))),
  update: lazyZodResolver(() => shortUrls().then(({ form, m }) => form(m.updateShortUrlBodySchema))),
};

const FORM_FIELDS = ['title', 'originalUrl', 'shortCode', 'organizationId'] as const;

export function ShortUrlDialog({ shortUrl, onClose }: { shortUrl: ShortUrl | null; onClose: () => void }) {
  const isEdit = shortUrl !== null;
  const { user } = useCurrentUser();
  const choosesOrganization = !isEdit && user?.role === 'super_user';
  const organizations = useOrganizations({ enabled: choosesOrganization });
  const save = useSaveShortUrl();
  const resolver = isEdit ? resolvers.update : resolvers.create;
  resolver.preload();
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: resolver.resolver,
    defaultValues: {
      title: shortUrl?.title ?? '',
      originalUrl: shortUrl?.originalUrl ?? '',
      shortCode: shortUrl?.shortCode ?? '',
      ...(choosesOrganization ? { organizationId: user?.organizationId ? String(user.organizationId) : '' } : {}),
      ...(isEdit ? { isActive: shortUrl.isActive } : {}),
    },
  });

  const submit = form.handleSubmit(async (values) => {
    // A new link is validated by the create schema, whose answer always holds shortCode (null when left blank).
    const input: SaveShortUrlInput | null = shortUrl ? { id: shortUrl.id, body: values } : 'shortCode' in values ? { id: null, body: values } : null;
    if (!input) return;
    try {
      await save.mutateAsync(input);
      toast({ title: isEdit ? 'Short URL updated successfully' : 'Short URL created successfully' });
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        // A taken code (409) carries no field issue; it belongs under the code field all the same.
        if (error.status === 409 && !isEdit) form.setError('shortCode', { type: 'server', message: errorMessage(error) });
        for (const issue of error.body?.issues ?? []) {
          const field = FORM_FIELDS.find((f) => f === issue.path);
          if (field) form.setError(field, { type: 'server', message: issue.message });
        }
      }
      toast({ variant: 'destructive', title: isEdit ? 'Failed to update short URL' : 'Failed to create short URL', description: errorMessage(error) });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" data-testid="short-url-dialog">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Short URL' : 'Create Short URL'}</DialogTitle>
          <DialogDescription>{isEdit ? 'Change the title or where the link leads. The short code cannot change.' : 'Give the link a title and the address it should open.'}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Short URL">
            {choosesOrganization && (
              <FormField
                control={form.control}
                name="organizationId"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Organization</FormLabel>
                    <FormControl>
                      <NativeSelect {...field} disabled={organizations.isPending}>
                        <option value="">Select an organization</option>
                        {(organizations.data ?? []).map((o) => (
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
            <FormField
              control={form.control}
              name="title"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Title</FormLabel>
                  <FormControl>
                    <Input {...field} maxLength={200} autoFocus />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="originalUrl"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Original URL</FormLabel>
                  <FormControl>
                    <Input {...field} type="url" inputMode="url" placeholder="https://example.com/page" maxLength={2048} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            {isEdit ? (
              <div className="grid gap-2">
                <Label htmlFor="short-url-code">Short Code</Label>
                <Input id="short-url-code" value={shortUrl.shortCode} readOnly className="font-mono" aria-describedby="short-url-code-hint" />
                <p id="short-url-code-hint" className="text-xs text-muted-foreground">
                  {fullShortUrl(shortUrl.shortCode)}
                </p>
              </div>
            ) : (
              <FormField
                control={form.control}
                name="shortCode"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Custom Short Code (optional)</FormLabel>
                    <FormControl>
                      <Input {...field} placeholder="Leave blank to generate one" maxLength={32} className="font-mono" />
                    </FormControl>
                    <p className="text-xs text-muted-foreground">3-32 letters, digits, - or _</p>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}
            {isEdit && (
              <FormField
                control={form.control}
                name="isActive"
                render={({ field }) => (
                  <FormItem className="flex items-center gap-2">
                    <FormControl>
                      <input
                        type="checkbox"
                        className="size-4"
                        checked={Boolean(field.value)}
                        onChange={(e) => field.onChange(e.target.checked)}
                        onBlur={field.onBlur}
                        name={field.name}
                        ref={field.ref}
                      />
                    </FormControl>
                    <FormLabel className="!mt-0">Active (inactive links answer Not found)</FormLabel>
                  </FormItem>
                )}
              />
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {isEdit ? 'Save Changes' : 'Create Short URL'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
