// Add / edit a checklist template (docs/rules/team.md#checklists): a name and its items in order, each with a label,
// a kind and whether it is required; items move up and down and keep their ids, so jobs' answers follow them.
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import {
  CHECKLIST_ITEM_KINDS,
  CHECKLIST_KIND_LABELS,
  CHECKLIST_LIMITS,
  checklistTemplateFormSchema,
  type ChecklistItemInput,
  type ChecklistTemplate,
  type ChecklistTemplateFormOutput,
  type ChecklistTemplateFormValues,
} from '@contracts/checklists';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useSaveChecklistTemplate } from '@/features/scheduling/api/checklist-templates-api';

const resolver = zodResolver(checklistTemplateFormSchema);
const newItem = (): ChecklistItemInput => ({ label: '', kind: 'yes_no', required: false });

export function ChecklistTemplateDialog({ template, onClose }: { template: ChecklistTemplate | null; onClose: () => void }) {
  const isEdit = template !== null;
  const form = useForm<ChecklistTemplateFormValues, unknown, ChecklistTemplateFormOutput>({
    resolver,
    defaultValues: { name: template?.name ?? '', items: template ? template.items.map((i) => ({ ...i })) : [newItem()] },
  });
  const save = useSaveChecklistTemplate();
  const { register, setValue, getValues, clearErrors } = form;
  // Rows are the watched array itself, as in the line items editor (not useFieldArray, which would add its code to
  // the shared react-hook-form chunk the sign-in page loads); setValue writes moved rows back into their inputs.
  const items = useWatch({ control: form.control, name: 'items' }) ?? [];
  const update = (next: ChecklistItemInput[]) => {
    // Messages belong to row positions, which just moved; the next submit checks again.
    clearErrors('items');
    setValue('items', next, { shouldDirty: true });
  };
  const move = (from: number, to: number) => {
    const next = [...getValues('items')];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row);
    update(next);
  };
  const errors: FieldErrors<ChecklistTemplateFormValues> = form.formState.errors;
  const listError = errors.items?.root?.message ?? errors.items?.message;

  const onSubmit = form.handleSubmit((body) =>
    save.mutateAsync({ id: template?.id ?? null, body }).then(
      () => {
        toast({ title: isEdit ? 'Checklist updated' : 'Checklist added' });
        onClose();
      },
      (error: unknown) => {
        applyServerIssues(error, form.setError, ['name', 'items']);
        toast({ variant: 'destructive', title: isEdit ? 'Failed to update the checklist' : 'Failed to add the checklist', description: errorMessage(error) });
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[95vh] overflow-y-auto sm:max-w-2xl" data-testid="checklist-template-dialog">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Checklist' : 'Add Checklist'}</DialogTitle>
          <DialogDescription>What the crew checks on site. Jobs keep the checklist they were given when you change it.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Name</FormLabel>
                  <FormControl>
                    <Input maxLength={CHECKLIST_LIMITS.name} placeholder="e.g. Furnace tune-up" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <fieldset className="grid gap-2" disabled={save.isPending} data-testid="checklist-items">
              <legend className="mb-2 text-sm font-medium">Items</legend>
              <ol className="grid gap-2">
                {items.map((_, index) => {
                  const n = index + 1;
                  const e = errors.items?.[index];
                  const messages = [e?.label?.message, e?.kind?.message, e?.id?.message].filter(Boolean);
                  return (
                    <li key={index} className="rounded-md border p-2" data-testid="checklist-item-row">
                      {/* Phone: the number and the buttons on top, then the item, then its kind. Wider: the item beside its number. */}
                      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 sm:grid-cols-[1.5rem_minmax(0,1fr)_auto]">
                        <span className="order-1 text-sm text-muted-foreground tabular-nums sm:text-right" aria-hidden>
                          {n}.
                        </span>
                        <Input
                          className="order-3 col-span-2 sm:order-2 sm:col-span-1"
                          placeholder="What to check"
                          maxLength={CHECKLIST_LIMITS.label}
                          aria-label={`Item ${n}`}
                          aria-invalid={Boolean(e?.label)}
                          {...register(`items.${index}.label`)}
                        />
                        <div className="order-2 flex justify-end gap-1 sm:order-3">
                          <Button type="button" variant="ghost" size="icon" className="size-10 sm:size-9" aria-label={`Move item ${n} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                            <ArrowUp aria-hidden />
                          </Button>
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            className="size-10 sm:size-9"
                            aria-label={`Move item ${n} down`}
                            disabled={index === items.length - 1}
                            onClick={() => move(index, index + 1)}
                          >
                            <ArrowDown aria-hidden />
                          </Button>
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            className="size-10 sm:size-9"
                            aria-label={`Remove item ${n}`}
                            disabled={items.length <= 1}
                            onClick={() => update(getValues('items').filter((__, i) => i !== index))}
                          >
                            <Trash2 aria-hidden />
                          </Button>
                        </div>
                        <div className="order-4 col-span-2 flex flex-wrap items-center gap-x-4 gap-y-2 sm:col-span-1 sm:col-start-2">
                          <div className="w-40">
                            <NativeSelect aria-label={`Item ${n} kind`} className="h-10 sm:h-9" {...register(`items.${index}.kind`)}>
                              {CHECKLIST_ITEM_KINDS.map((k) => (
                                <option key={k} value={k}>
                                  {CHECKLIST_KIND_LABELS[k]}
                                </option>
                              ))}
                            </NativeSelect>
                          </div>
                          <label className="flex min-h-10 items-center gap-2 text-sm">
                            <input type="checkbox" className="size-5 accent-primary" aria-label={`Item ${n} required`} {...register(`items.${index}.required`)} />
                            <span aria-hidden>Required</span>
                          </label>
                        </div>
                      </div>
                      {messages.length > 0 && (
                        <p className="mt-1 text-sm text-destructive" role="alert">
                          {messages.join(' · ')}
                        </p>
                      )}
                    </li>
                  );
                })}
              </ol>
              {listError && (
                <p className="text-sm text-destructive" role="alert">
                  {listError}
                </p>
              )}
              <Button type="button" variant="outline" size="sm" className="justify-self-start" disabled={items.length >= CHECKLIST_LIMITS.maxItems} onClick={() => update([...getValues('items'), newItem()])}>
                <Plus aria-hidden />
                Add item
              </Button>
            </fieldset>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : isEdit ? 'Save Changes' : 'Add Checklist'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
