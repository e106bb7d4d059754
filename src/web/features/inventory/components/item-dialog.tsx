import { useEffect, type ComponentProps } from 'react';
import { useForm, type Path } from 'react-hook-form';
import type { CreateInventoryItemBody, InventoryItem } from '@contracts/inventory';
import { errorMessage, isApiError } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useSaveInventoryItem } from '@/features/inventory/api/inventory-api';

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

const itemResolver = lazyZodResolver(() =>
  Promise.all([import('zod'), import('@/lib/form-fields'), import('@contracts/inventory')]).then(([{ z }, { textField }, { inventoryFieldsSchema: { shape } }]) =>
    z.object({
      name: textField(shape.name),
      description: textField(shape.description),
      sku: textField(shape.sku),
      category: textField(shape.category),
      quantity: textField(shape.quantity),
      minimumStock: textField(shape.minimumStock),
      unitCost: textField(shape.unitCost),
      unitPrice: textField(shape.unitPrice),
      supplier: textField(shape.supplier),
      location: textField(shape.location),
    }),
  ),
);

export function ItemDialog({ item, onClose }: { item: InventoryItem | null; onClose: () => void }) {
  const save = useSaveInventoryItem();
  const isEdit = item !== null;
  const form = useForm<ItemFormValues, unknown, CreateInventoryItemBody>({ defaultValues: formValues(item), resolver: itemResolver.resolver });
  const { errors } = form.formState;
  useEffect(() => itemResolver.preload(), []);

  // The resolver hands over the schema's output (numbers, null for empty cost and price).
  const onSubmit = form.handleSubmit(async (body) => {
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

  const field = (name: keyof ItemFormValues, label: string, props: ComponentProps<typeof Input> = {}) => (
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
