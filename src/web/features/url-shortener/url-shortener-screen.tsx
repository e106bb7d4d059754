import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Copy, ExternalLink, Pencil, Plus } from 'lucide-react';
import type { OrganizationSummary } from '@contracts/organizations';
import type { CreateShortUrlBody, ShortUrl, UpdateShortUrlBody } from '@contracts/short-urls';
import { formatDate } from '@contracts/format';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { ListPager } from '@/components/list-pager';
import { ListSearch } from '@/components/list-search';

/** DEFAULT_PAGE_SIZE of @contracts/lists, written out so the list does not load zod (the form's validator loads it on use). */
const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 300;

const shortUrlKeys = {
  all: ['short-urls'] as const,
  list: (q: string, offset: number) => ['short-urls', 'list', q, offset] as const,
};

function listPath(q: string, offset: number): string {
  const search = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (q) search.set('q', q);
  if (offset) search.set('offset', String(offset));
  return `/api/short-urls?${search.toString()}`;
}

function useShortUrls(q: string, offset: number) {
  return useQuery({
    queryKey: shortUrlKeys.list(q, offset),
    queryFn: ({ signal }) => api.getPage<ShortUrl>(listPath(q, offset), { signal }),
    placeholderData: keepPreviousData,
  });
}

type SaveInput = { id: null; body: CreateShortUrlBody } | { id: number; body: UpdateShortUrlBody };

function useSaveShortUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveInput) =>
      input.id === null ? api.post<ShortUrl>('/api/short-urls', input.body) : api.put<ShortUrl>(`/api/short-urls/${input.id}`, input.body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shortUrlKeys.all }),
  });
}

/** Super users pick the organization of a new link; same key as the other screens' organization lists. */
function useOrganizations(enabled: boolean) {
  return useQuery({ queryKey: ['organizations'], queryFn: () => api.get<OrganizationSummary[]>('/api/organizations'), enabled });
}

/** Links resolve on the product's own origin (docs/rules/short-urls.md#short-urls). */
const fullShortUrl = (code: string) => `${window.location.origin}/s/${code}`;

async function copyShortUrl(code: string): Promise<void> {
  try {
    // Missing outside secure contexts (plain http on a LAN address): reported like a refused copy.
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(fullShortUrl(code));
    toast({ title: 'Copied!', description: 'Short URL copied to clipboard' });
  } catch {
    toast({ variant: 'destructive', title: 'Copy failed', description: 'Could not copy to clipboard' });
  }
}

const openShortUrl = (code: string) => window.open(fullShortUrl(code), '_blank', 'noopener,noreferrer');

export function UrlShortenerScreen() {
  const { user } = useCurrentUser();
  const canManage = Boolean(user?.effectivePermissions.includes('manage_customers'));
  const [editing, setEditing] = useState<ShortUrl | 'new' | null>(null);
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useShortUrls(q, offset);
  const rows = list.data?.rows ?? [];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="URL Shortener"
        description="Short links that send visitors to any web address, with a click count."
        actions={
          canManage && (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden />
              Create Short URL
            </Button>
          )
        }
      />
      <Card className="overflow-hidden">
        <div className="border-b p-4">
          <ListSearch
            value={search}
            onChange={(value) => {
              setSearch(value);
              setOffset(0);
            }}
            placeholder="Search short URLs..."
            label="Search short URLs"
          />
        </div>
        {list.isPending ? (
          <div className="space-y-3 p-4" data-testid="short-urls-loading">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : list.isError ? (
          <div className="p-4">
            <Alert variant="destructive">
              <AlertTitle>Failed to load short URLs</AlertTitle>
              <AlertDescription>{errorMessage(list.error)}</AlertDescription>
            </Alert>
          </div>
        ) : rows.length === 0 ? (
          <p className="p-10 text-center text-sm text-muted-foreground">{q ? 'No results found.' : 'No short URLs yet.'}</p>
        ) : (
          <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <ShortUrlsTable rows={rows} canManage={canManage} onEdit={setEditing} />
            <ListPager page={offset / PAGE_SIZE} pageSize={PAGE_SIZE} total={list.data.total} onPageChange={(page) => setOffset(page * PAGE_SIZE)} />
          </div>
        )}
      </Card>
      {editing !== null && <ShortUrlDialog shortUrl={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function RowActions({ row, canManage, onEdit }: { row: ShortUrl; canManage: boolean; onEdit: (row: ShortUrl) => void }) {
  return (
    <div className="flex items-center justify-end">
      <Button variant="ghost" size="sm" onClick={() => void copyShortUrl(row.shortCode)} aria-label={`Copy short URL for ${row.title}`} title="Copy">
        <Copy aria-hidden />
      </Button>
      <Button variant="ghost" size="sm" onClick={() => openShortUrl(row.shortCode)} aria-label={`Open short URL for ${row.title}`} title="Open">
        <ExternalLink aria-hidden />
      </Button>
      {canManage && (
        <Button variant="ghost" size="sm" onClick={() => onEdit(row)} aria-label={`Edit ${row.title}`} title="Edit">
          <Pencil aria-hidden />
        </Button>
      )}
    </div>
  );
}

function ShortLink({ row }: { row: ShortUrl }) {
  return (
    <span className="font-mono text-xs break-all">
      {fullShortUrl(row.shortCode)}
      {!row.isActive && (
        <Badge variant="secondary" className="ml-2 font-sans">
          Inactive
        </Badge>
      )}
    </span>
  );
}

/** A table on wide screens, cards on phones. */
function ShortUrlsTable({ rows, canManage, onEdit }: { rows: ShortUrl[]; canManage: boolean; onEdit: (row: ShortUrl) => void }) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Title</TableHead>
              <TableHead>Short URL</TableHead>
              <TableHead>Original URL</TableHead>
              <TableHead className="text-right">Clicks</TableHead>
              <TableHead>Created</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-testid="short-url-row">
                <TableCell className="max-w-48 truncate font-medium" title={row.title}>
                  {row.title}
                </TableCell>
                <TableCell className="min-w-48">
                  <ShortLink row={row} />
                </TableCell>
                <TableCell>
                  <p className="max-w-64 truncate text-muted-foreground xl:max-w-96" title={row.originalUrl}>
                    {row.originalUrl}
                  </p>
                </TableCell>
                <TableCell className="text-right tabular-nums">{row.clicks.toLocaleString('en-US')}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(row.createdAt)}</TableCell>
                <TableCell className="py-1 pr-2 pl-0">
                  <RowActions row={row} canManage={canManage} onEdit={onEdit} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y md:hidden" aria-label="Short URLs">
        {rows.map((row) => (
          <li key={row.id} className="flex items-start gap-2 px-4 py-3" data-testid="short-url-card">
            <div className="min-w-0 flex-1 space-y-0.5 text-sm">
              <p className="truncate font-medium">{row.title}</p>
              <ShortLink row={row} />
              <p className="truncate text-xs text-muted-foreground" title={row.originalUrl}>
                {row.originalUrl}
              </p>
              <p className="text-xs text-muted-foreground">
                {row.clicks.toLocaleString('en-US')} {row.clicks === 1 ? 'click' : 'clicks'} · {formatDate(row.createdAt)}
              </p>
            </div>
            <RowActions row={row} canManage={canManage} onEdit={onEdit} />
          </li>
        ))}
      </ul>
    </>
  );
}

interface FormValues {
  title: string;
  originalUrl: string;
  shortCode: string;
  organizationId?: string;
  isActive?: boolean;
}

// zod and the contract's rules load when the dialog is first used, not with the list.
const resolvers = {
  create: lazyZodResolver<FormValues>(() => import('@contracts/short-urls').then((m) => m.createShortUrlBodySchema)),
  update: lazyZodResolver<FormValues>(() => import('@contracts/short-urls').then((m) => m.updateShortUrlBodySchema)),
};

const FORM_FIELDS = ['title', 'originalUrl', 'shortCode', 'organizationId'] as const;

function ShortUrlDialog({ shortUrl, onClose }: { shortUrl: ShortUrl | null; onClose: () => void }) {
  const isEdit = shortUrl !== null;
  const { user } = useCurrentUser();
  const choosesOrganization = !isEdit && user?.role === 'super_user';
  const organizations = useOrganizations(choosesOrganization);
  const save = useSaveShortUrl();
  const resolver = isEdit ? resolvers.update : resolvers.create;
  resolver.preload();
  const form = useForm<FormValues>({
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
    const input: SaveInput = isEdit
      ? { id: shortUrl.id, body: { title: values.title, originalUrl: values.originalUrl, isActive: values.isActive } }
      : { id: null, body: values as unknown as CreateShortUrlBody };
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
