// Add / edit a service (loaded when first opened); the contract's schema gives the documented messages (docs/rules/scheduling.md#services),
// with who performs it and its buffers (docs/rules/team.md#buffers, #who-performs-a-service) and the checklists it brings
// to its jobs (docs/rules/team.md#checklists).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { serviceFieldsSchema, type CreateServiceBody, type Service } from '@contracts/scheduling';
import { TEAM_LIMITS } from '@contracts/assignees';
import { errorMessage } from '@/lib/api-client';
import { heldAs, textField } from '@/lib/form-fields';
import { useTeam } from '@/lib/team';
import { useChecklistTemplates } from '@/lib/checklist-templates';
import { StaffPickerField } from '@/components/staff-picker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useSaveService } from '@/features/scheduling/api/scheduling-api';
import { useOrganizationScope } from '@/features/scheduling/api/organization-scope';
import { fieldIssues } from '@/features/scheduling/server-issues';

/** A whole number typed into a text input; anything else is NaN, which the contract's number schema refuses with its message. */
const wholeNumber = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : NaN);
const BUFFERS_HINT = "Travel or cleanup time; customers don't see it";

/** The inputs are text: duration and the buffers become numbers (anything else fails with the contract's message). */
const schema = serviceFieldsSchema.omit({ organizationId: true }).extend({
  description: textField(serviceFieldsSchema.shape.description),
  duration: textField(z.preprocess(wholeNumber, serviceFieldsSchema.shape.duration.unwrap())),
  price: textField(serviceFieldsSchema.shape.price.unwrap()),
  bufferBefore: textField(z.preprocess(wholeNumber, serviceFieldsSchema.shape.bufferBefore.unwrap())),
  bufferAfter: textField(z.preprocess(wholeNumber, serviceFieldsSchema.shape.bufferAfter.unwrap())),
  performerIds: heldAs<number[]>()(serviceFieldsSchema.shape.performerIds.unwrap()),
  checklistTemplateIds: heldAs<number[]>()(serviceFieldsSchema.shape.checklistTemplateIds.unwrap()),
});
/** What the fields hold: text for the numbers, the schema's input. */
type FormValues = z.input<typeof schema>;
const resolver = zodResolver(schema);
const FIELDS = ['name', 'description', 'duration', 'price', 'isActive', 'bufferBefore', 'bufferAfter', 'performerIds', 'checklistTemplateIds'] as const;

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
      bufferBefore: String(service?.bufferBefore ?? 0),
      bufferAfter: String(service?.bufferAfter ?? 0),
      performerIds: service?.performerIds ?? [],
      checklistTemplateIds: service?.checklistTemplateIds ?? [],
    },
  });
  const save = useSaveService();
  const organizationId = useOrganizationScope();
  const team = useTeam(organizationId);
  // Active templates are offered; archived ones are never on a service (archiving takes them off).
  const checklists = (useChecklistTemplates(organizationId).data ?? []).filter((t) => t.isActive);
  // A performer who has since left the team stays listed, so they can be taken off.
  const staff = [...(team.data ?? []), ...(service?.performerIds ?? []).filter((id) => team.data && !team.data.some((m) => m.id === id)).map((id) => ({ id, name: `Former team member (#${id})` }))];

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

  const bufferField = (name: 'bufferBefore' | 'bufferAfter', label: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input type="number" inputMode="numeric" min={0} max={TEAM_LIMITS.maxBuffer} step={TEAM_LIMITS.bufferStep} {...field} />
          </FormControl>
          <FormDescription className="sr-only">{BUFFERS_HINT}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
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
            <StaffPickerField
              control={form.control}
              name="performerIds"
              label="Who performs it"
              staff={staff}
              emptyText="Anyone bookable on the team"
              hint="Only these people are offered for it online."
            />
            <StaffPickerField
              control={form.control}
              name="checklistTemplateIds"
              label="Checklists"
              staff={checklists}
              emptyText={checklists.length ? 'No checklist for its jobs' : 'No checklists yet: add them on the Checklists tab'}
              hint="Put on every job a visit of this service is booked for."
            />
            <div className="grid items-start gap-x-4 gap-y-2 sm:grid-cols-2" data-testid="service-buffers">
              {bufferField('bufferBefore', 'Buffer before (minutes)')}
              {bufferField('bufferAfter', 'Buffer after (minutes)')}
              {/* Shown once for both; each input also carries it as its own description. */}
              <p className="text-xs text-muted-foreground sm:col-span-2" aria-hidden>
                {BUFFERS_HINT}
              </p>
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
