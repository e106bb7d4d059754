// Add / edit a service (loaded when first opened); the contract's schema gives the documented messages (docs/rules/scheduling.md#services).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { serviceFieldsSchema, type CreateServiceBody, type Service } from '@contracts/scheduling';
import { errorMessage } from '@/lib/api-client';
import { textField } from '@/lib/form-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useSaveService } from '@/features/scheduling/api/scheduling-api';
import { fieldIssues } from '@/features/scheduling/server-issues';

/** The inputs are text: duration becomes a number (anything else fails with the contract's message). */
const schema = serviceFieldsSchema.omit({ organizationId: true }).extend({
  description: textField(serviceFieldsSchema.shape.description),
  duration: textField(z.preprocess((v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : NaN), serviceFieldsSchema.shape.duration.unwrap())),
  price: textField(serviceFieldsSchema.shape.price.unwrap()),
});
/** What the fields hold: text for the numbers, the schema's input. */
type FormValues = z.input<typeof schema>;
const resolver = zodResolver(schema);
const FIELDS = ['name', 'description', 'duration', 'price', 'isActive'] as const;

export function ServiceDialog({ service, onClose }: { service: Service | null; onClose: () => void }) {
  const isEdit = service !== null;
  const form = useForm<FormValues, unknown, CreateServiceBody>({
    resolver,
    defaultValues: {
      name: service?.name ?? '',
      description: service?.description ?? '',
      duration: String(service?.duration ?? 60),
      price: service?.price ?? '0.00',
      isActive: service?.isActive ?? true,
    },
  });
  const save = useSaveService();

  const onSubmit = form.handleSubmit((body) =>
    save.mutateAsync({ id: service?.id ?? null, body }).then(
      () => {
        toast({ title: isEdit ? 'Service updated successfully' : 'Service created successfully' });
        onClose();
      },
      (error: unknown) => {
        for (const { field, message } of fieldIssues(error, FIELDS)) form.setError(field as (typeof FIELDS)[number], { message });
        toast({ variant: 'destructive', title: isEdit ? 'Failed to update service' : 'Failed to create service', description: errorMessage(error) });
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg" data-testid="service-dialog">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Service' : 'Add Service'}</DialogTitle>
          <DialogDescription>What customers can book, how long it takes and what it costs.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Service Name</FormLabel>
                  <FormControl>
                    <Input maxLength={200} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Description</FormLabel>
                  <FormControl>
                    <Textarea rows={3} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="duration"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Duration (minutes)</FormLabel>
                    <FormControl>
                      <Input type="number" inputMode="numeric" min={15} step={15} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="price"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Price ($)</FormLabel>
                    <FormControl>
                      <Input type="number" inputMode="decimal" min={0} step="0.01" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <FormField
              control={form.control}
              name="isActive"
              render={({ field }) => (
                <FormItem className="flex items-center gap-2">
                  <FormControl>
                    <input type="checkbox" className="size-4 accent-primary" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} ref={field.ref} />
                  </FormControl>
                  <FormLabel className="!mt-0">Active (customers can book it)</FormLabel>
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : isEdit ? 'Save Changes' : 'Add Service'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
