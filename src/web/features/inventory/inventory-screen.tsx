import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, type Path } from 'react-hook-form';
import { AlertTriangle, CheckCircle2, Pencil, Plus, XCircle } from 'lucide-react';
import type { CreateInventoryItemBody, InventoryItem, InventorySummary, StockStatus, UpdateInventoryItemBody } from '@contracts/inventory';
import { formatMoney } from '@contracts/money';
import { api, errorMessage, isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLabels } from '@/lib/use-labels';
import { cn } from '@/lib/utils';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ListPager } from '@/components/list-pager';
import { ListSearch } from '@/components/list-search';

/** DEFAULT_PAGE_SIZE of @contracts/lists, written out so the list does not load zod before a dialog opens. */
const PAGE_SIZE = 50;
const SEARCH_DEBOUNCE_MS = 300;

// Every inventory key starts with 'inventory', so one invalidation refreshes the list and the counts.
const inventoryKeys = {
  all: ['inventory'] as const,
  list: (q: string, offset: number) => ['inventory', 'list', { q, offset }] as const,
  summary: ['inventory', 'summary'] as const,
};

const STATUS_LABELS: Record<StockStatus, string> = { 'in-stock': 'In Stock', 'low-stock': 'Low Stock', 'out-of-stock': 'Out of Stock' };
const STATUS_STYLES: Record<StockStatus, string> = {
  'in-stock': 'bg-green-100 text-green-800',
  'low-stock': 'bg-amber-100 text-amber-800',
  'out-of-stock': 'bg-red-100 text-red-800',
};

function useInventoryPage(q: string, offset: number, enabled: boolean) {
  return useQuery({
    queryKey: inventoryKeys.list(q, offset),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (q) params.set('q', q);
      if (offset) params.set('offset', String(offset));
      return api.getPage<InventoryItem>(`/api/inventory?${params.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useInventorySummary(enabled: boolean) {
  return useQuery({
    queryKey: inventoryKeys.summary,
    queryFn: ({ signal }) => api.get<InventorySummary>('/api/inventory/summary', { signal }),
    enabled,
  });
}

type SaveInput = { id: null; body: CreateInventoryItemBody } | { id: number; body: UpdateInventoryItemBody };

/** Saves refresh the list, the counts and the dashboard's Inventory Alerts (docs/rules/inventory-and-time.md#inventory-items). */
function useSaveInventoryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveInput) =>
      input.id === null ? api.post<InventoryItem>('/api/inventory', input.body) : api.put<InventoryItem>(`/api/inventory/${input.id}`, input.body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

export function InventoryScreen() {
  const labels = useLabels();
  const { user } = useCurrentUser();
  const permissions = user?.effectivePermissions ?? [];
  const canManage = permissions.includes('manage_inventory');
  const canView = canManage || permissions.includes('view_inventory');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // null: Add Item; an item: Edit.
  const [editing, setEditing] = useState<InventoryItem | null | undefined>(undefined);
  const [adjusting, setAdjusting] = useState<InventoryItem | null>(null);

  const items = useInventoryPage(q, offset, canView);
  const summary = useInventorySummary(canView);
  const rows = items.data?.rows ?? [];
  const total = items.data?.total ?? 0;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={labels.inventory}
        description="Stock on hand, what is running low and what has run out."
        actions={
          canManage && (
            <Button onClick={() => setEditing(null)}>
              <Plus aria-hidden />
              Add Item
            </Button>
          )
        }
      />
      {!canView ? (
        <p className="rounded-xl border bg-card p-8 text-center text-sm text-muted-foreground" data-testid="inventory-forbidden">
          Your role does not give access to inventory.
        </p>
      ) : (
        <>
          <div className="mb-6 grid gap-4 sm:grid-cols-3" data-testid="inventory-summary">
            <CountCard title="In Stock" icon={<CheckCircle2 className="size-5 text-green-600" aria-hidden />} value={summary.data?.inStock} isPending={summary.isPending} />
            <CountCard title="Low Stock" icon={<AlertTriangle className="size-5 text-amber-600" aria-hidden />} value={summary.data?.lowStock} isPending={summary.isPending} />
            <CountCard title="Out of Stock" icon={<XCircle className="size-5 text-red-600" aria-hidden />} value={summary.data?.outOfStock} isPending={summary.isPending} />
          </div>
          <Card className="overflow-hidden">
            <div className="border-b p-4">
              <ListSearch
                value={search}
                onChange={(value) => {
                  setSearch(value);
                  setOffset(0);
                }}
                placeholder="Search by name, SKU or description..."
                label={`Search ${labels.inventory.toLowerCase()}`}
              />
            </div>
            {items.isPending ? (
              <div className="space-y-3 p-4" data-testid="inventory-loading">
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} className="h-10 w-full" />
                ))}
              </div>
            ) : items.isError ? (
              <div className="p-4">
                <Alert variant="destructive">
                  <AlertTitle>Failed to load inventory</AlertTitle>
                  <AlertDescription>{errorMessage(items.error)}</AlertDescription>
                </Alert>
              </div>
            ) : rows.length === 0 ? (
              <p className="p-10 text-center text-sm text-muted-foreground">{q ? 'No results found.' : 'No inventory items yet.'}</p>
            ) : (
              <div className={items.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
                <InventoryTable items={rows} canManage={canManage} onEdit={setEditing} onAdjust={setAdjusting} />
                <InventoryCards items={rows} canManage={canManage} onEdit={setEditing} onAdjust={setAdjusting} />
                <ListPager page={offset / PAGE_SIZE} pageSize={PAGE_SIZE} total={total} onPageChange={(page) => setOffset(page * PAGE_SIZE)} />
              </div>
            )}
          </Card>
        </>
      )}
      {editing !== undefined && <ItemDialog key={editing?.id ?? 'new'} item={editing} onClose={() => setEditing(undefined)} />}
      {adjusting && <QuantityDialog key={adjusting.id} item={adjusting} onClose={() => setAdjusting(null)} />}
    </div>
  );
}

function CountCard({ title, icon, value, isPending }: { title: string; icon: React.ReactNode; value: number | undefined; isPending: boolean }) {
  return (
    <Card className="flex items-center justify-between p-4" data-testid={`inventory-count-${title.toLowerCase().replaceAll(' ', '-')}`}>
      <div>
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        {isPending ? <Skeleton className="mt-1 h-8 w-12" /> : <p className="text-2xl font-bold">{value ?? 0}</p>}
      </div>
      {icon}
    </Card>
  );
}

function StockBadge({ status }: { status: StockStatus }) {
  return (
    <Badge variant="secondary" className={cn('border-transparent', STATUS_STYLES[status])} data-status={status}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

interface ListProps {
  items: InventoryItem[];
  canManage: boolean;
  onEdit: (item: InventoryItem) => void;
  onAdjust: (item: InventoryItem) => void;
}

const money = (value: string | null) => (value === null ? '-' : formatMoney(value));

function InventoryTable({ items, canManage, onEdit, onAdjust }: ListProps) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>SKU</TableHead>
            <TableHead>Category</TableHead>
            <TableHead className="text-right">Quantity</TableHead>
            <TableHead className="text-right">Minimum Stock</TableHead>
            <TableHead className="text-right">Unit Cost</TableHead>
            <TableHead className="text-right">Unit Price</TableHead>
            <TableHead>Location</TableHead>
            <TableHead>Status</TableHead>
            {canManage && <TableHead className="text-right">Actions</TableHead>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>
                <div className="font-medium">{item.name}</div>
                {item.description && <div className="max-w-xs truncate text-xs text-muted-foreground">{item.description}</div>}
              </TableCell>
              <TableCell className="font-mono text-xs">{item.sku ?? '-'}</TableCell>
              <TableCell>{item.category ?? '-'}</TableCell>
              <TableCell className="text-right tabular-nums">
                {canManage ? (
                  // The name holds the number shown on the button, so it can be spoken to select it (WCAG 2.5.3).
                  <Button variant="ghost" size="sm" onClick={() => onAdjust(item)} aria-label={`Update quantity of ${item.name}, ${item.quantity}`}>
                    {item.quantity}
                  </Button>
                ) : (
                  item.quantity
                )}
              </TableCell>
              <TableCell className="text-right tabular-nums">{item.minimumStock}</TableCell>
              <TableCell className="text-right tabular-nums">{money(item.unitCost)}</TableCell>
              <TableCell className="text-right tabular-nums">{money(item.unitPrice)}</TableCell>
              <TableCell>{item.location ?? '-'}</TableCell>
              <TableCell>
                <StockBadge status={item.stockStatus} />
              </TableCell>
              {canManage && (
                <TableCell className="text-right">
                  <Button variant="ghost" size="sm" onClick={() => onEdit(item)} aria-label={`Edit ${item.name}`}>
                    <Pencil aria-hidden />
                    Edit
                  </Button>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** Phone width: one card per item instead of a wide table. */
function InventoryCards({ items, canManage, onEdit, onAdjust }: ListProps) {
  return (
    <ul className="divide-y md:hidden" data-testid="inventory-cards">
      {items.map((item) => (
        <li key={item.id} className="space-y-2 p-4">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium">{item.name}</p>
              <p className="text-xs text-muted-foreground">{[item.sku, item.category, item.location].filter(Boolean).join(' · ') || '-'}</p>
            </div>
            <StockBadge status={item.stockStatus} />
          </div>
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt className="text-muted-foreground">Quantity</dt>
            <dd className="text-right tabular-nums">{item.quantity}</dd>
            <dt className="text-muted-foreground">Minimum Stock</dt>
            <dd className="text-right tabular-nums">{item.minimumStock}</dd>
            <dt className="text-muted-foreground">Unit Price</dt>
            <dd className="text-right tabular-nums">{money(item.unitPrice)}</dd>
          </dl>
          {canManage && (
            <div className="flex gap-2">
              <Button variant="outline" size="sm" className="flex-1" onClick={() => onAdjust(item)} aria-label={`Update quantity of ${item.name}`}>
                Quantity
              </Button>
              <Button variant="outline" size="sm" className="flex-1" onClick={() => onEdit(item)} aria-label={`Edit ${item.name}`}>
                <Pencil aria-hidden />
                Edit
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Form values are the inputs' text; the shared schema turns them into the request body. */
type ItemFormValues = {
  name: string;
  description: string;
  sku: string;
  category: string;
  quantity: string;
  minimumStock: string;
  unitCost: string;
  unitPrice: string;
  supplier: string;
  location: string;
};

const FIELD_NAMES: (keyof ItemFormValues)[] = ['name', 'description', 'sku', 'category', 'quantity', 'minimumStock', 'unitCost', 'unitPrice', 'supplier', 'location'];

function formValues(item: InventoryItem | null): ItemFormValues {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    sku: item?.sku ?? '',
    category: item?.category ?? '',
    quantity: String(item?.quantity ?? 0),
    minimumStock: String(item?.minimumStock ?? 0),
    unitCost: item?.unitCost ?? '',
    unitPrice: item?.unitPrice ?? '',
    supplier: item?.supplier ?? '',
    location: item?.location ?? '',
  };
}

const itemResolver = lazyZodResolver<ItemFormValues>(() => import('@contracts/inventory').then((m) => m.inventoryFieldsSchema));

function ItemDialog({ item, onClose }: { item: InventoryItem | null; onClose: () => void }) {
  const save = useSaveInventoryItem();
  const isEdit = item !== null;
  const form = useForm<ItemFormValues>({ defaultValues: formValues(item), resolver: itemResolver.resolver });
  const { errors } = form.formState;
  useEffect(() => itemResolver.preload(), []);

  const onSubmit = form.handleSubmit(async (values) => {
    // The resolver hands over the schema's output (numbers, null for empty cost and price).
    const body = values as unknown as CreateInventoryItemBody;
    try {
      await save.mutateAsync(isEdit ? { id: item.id, body } : { id: null, body });
      toast({ title: isEdit ? 'Inventory item updated successfully' : 'Inventory item created successfully' });
      onClose();
    } catch (error) {
      if (isApiError(error, 409)) form.setError('sku', { message: errorMessage(error) });
      if (isApiError(error, 400)) {
        for (const issue of error.body?.issues ?? []) {
          const path = Array.isArray(issue.path) ? String(issue.path[0]) : issue.path;
          if ((FIELD_NAMES as string[]).includes(path)) form.setError(path as Path<ItemFormValues>, { message: issue.message });
        }
      }
      toast({ variant: 'destructive', title: isEdit ? 'Failed to update inventory item' : 'Failed to create inventory item', description: errorMessage(error) });
    }
  });

  const field = (name: keyof ItemFormValues, label: string, props: React.ComponentProps<typeof Input> = {}) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`inventory-${name}`}>{label}</Label>
      <Input id={`inventory-${name}`} aria-invalid={errors[name] ? true : undefined} {...props} {...form.register(name)} />
      {errors[name] && <p className="text-sm text-destructive">{errors[name]?.message}</p>}
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="inventory-dialog">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Item' : 'Add Item'}</DialogTitle>
          <DialogDescription>{isEdit ? 'Change the item and its stock levels.' : 'Add an item you keep in stock.'}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {field('name', 'Name', { required: true, maxLength: 200 })}
            {field('sku', 'SKU', { maxLength: 100 })}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="inventory-description">Description</Label>
            <Textarea id="inventory-description" rows={2} maxLength={2000} {...form.register('description')} />
            {errors.description && <p className="text-sm text-destructive">{errors.description.message}</p>}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('category', 'Category', { maxLength: 100 })}
            {field('location', 'Location', { maxLength: 200 })}
            {field('quantity', 'Quantity', { type: 'number', min: 0, step: 1, inputMode: 'numeric' })}
            {field('minimumStock', 'Minimum Stock', { type: 'number', min: 0, step: 1, inputMode: 'numeric' })}
            {field('unitCost', 'Unit Cost', { type: 'number', min: 0, step: 0.01, inputMode: 'decimal' })}
            {field('unitPrice', 'Unit Price', { type: 'number', min: 0, step: 0.01, inputMode: 'decimal' })}
          </div>
          {field('supplier', 'Supplier', { maxLength: 200 })}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {isEdit ? 'Save Changes' : 'Add Item'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The quick edit: PUT with only the quantity. */
function QuantityDialog({ item, onClose }: { item: InventoryItem; onClose: () => void }) {
  const save = useSaveInventoryItem();
  const [value, setValue] = useState(String(item.quantity));
  const error = useMemo(() => (/^\d+$/.test(value.trim()) ? null : 'Quantity must be a whole number'), [value]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (error) return;
    try {
      await save.mutateAsync({ id: item.id, body: { quantity: Number(value.trim()) } });
      toast({ title: 'Inventory item updated successfully' });
      onClose();
    } catch (err) {
      toast({ variant: 'destructive', title: 'Failed to update inventory', description: errorMessage(err) });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-sm" data-testid="inventory-quantity-dialog">
        <DialogHeader>
          <DialogTitle>Update Quantity</DialogTitle>
          <DialogDescription>{item.name}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="inventory-quick-quantity">Quantity</Label>
            <Input
              id="inventory-quick-quantity"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={error ? true : undefined}
              autoFocus
            />
            {error && <p className="text-sm text-destructive">{error}</p>}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending || error !== null}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
