import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { InventoryItem } from '@contracts/inventory';
import { errorMessage } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useSaveInventoryItem } from '@/features/inventory/api/inventory-api';

type QuantityValues = { quantity: string };

// The contract's own quantity rule ("Quantity must be a whole number", not negative, not too large).
const quantityResolver = lazyZodResolver(() =>
  Promise.all([import('zod'), import('@/lib/form-fields'), import('@contracts/inventory')]).then(([{ z }, { textField }, m]) =>
    z.object({ quantity: textField(m.inventoryFieldsSchema.shape.quantity.nonoptional()) }),
  ),
);

/** The quick edit: PUT with only the quantity. */
export function QuantityDialog({ item, onClose }: { item: InventoryItem; onClose: () => void }) {
  const save = useSaveInventoryItem();
  const form = useForm<QuantityValues, unknown, { quantity: number }>({
    defaultValues: { quantity: String(item.quantity) },
    resolver: quantityResolver.resolver,
    mode: 'onChange',
  });
  const error = form.formState.errors.quantity?.message;
  useEffect(() => quantityResolver.preload(), []);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: item.id, body });
      toast({ title: 'Inventory item updated successfully' });
      onClose();
    } catch (err) {
      toast({ variant: 'destructive', title: 'Failed to update inventory', description: errorMessage(err) });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-sm" data-testid="inventory-quantity-dialog">
        <DialogHeader>
          <DialogTitle>Update Quantity</DialogTitle>
          <DialogDescription>{item.name}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="inventory-quick-quantity">Quantity</Label>
            <Input
              id="inventory-quick-quantity"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              aria-invalid={error ? true : undefined}
              autoFocus
              {...form.register('quantity')}
            />
            {error && <p className="text-sm text-destructive">{error}</p>}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending || Boolean(error)}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
