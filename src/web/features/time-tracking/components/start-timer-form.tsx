import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Play } from 'lucide-react';
import type { StartTimeEntryBody } from '@contracts/time-entries';
import { singular } from '@contracts/vocabulary';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { useLabels } from '@/lib/use-labels';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useStartTimer, useTimerWorkOrderOptions } from '@/features/time-tracking/api/time-entries-api';

type StartValues = { workOrderId: string; description: string };

// The contract's start body: "Please select a work order" without one, the description's limit (loads on first use).
const startResolver = lazyZodResolver(() =>
  Promise.all([import('zod'), import('@/lib/form-fields'), import('@contracts/time-entries')]).then(([{ z }, { textField }, m]) =>
    z.object({ workOrderId: textField(m.startTimeEntryBodySchema.shape.workOrderId), description: textField(m.startTimeEntryBodySchema.shape.description) }),
  ),
);

export function StartTimerForm({ autoFocus }: { autoFocus: boolean }) {
  const labels = useLabels();
  const workOrderNoun = singular(labels.workOrders);
  const start = useStartTimer();
  const workOrders = useTimerWorkOrderOptions();
  const form = useForm<StartValues, unknown, StartTimeEntryBody>({ defaultValues: { workOrderId: '', description: '' }, resolver: startResolver.resolver });
  const { errors } = form.formState;
  useEffect(() => startResolver.preload(), []);

  // The select is disabled while its options load, and a disabled element cannot take focus: wait for them, once.
  const focusedOnce = useRef(false);
  useEffect(() => {
    if (!autoFocus || workOrders.isPending || focusedOnce.current) return;
    focusedOnce.current = true;
    form.setFocus('workOrderId');
  }, [autoFocus, workOrders.isPending, form]);

  const onSubmit = form.handleSubmit((body) => start.mutate(body, { onSuccess: () => form.reset() }));
  const workOrderError = errors.workOrderId?.message;

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid gap-2">
        <Label htmlFor="timer-work-order">{workOrderNoun}</Label>
        <NativeSelect
          id="timer-work-order"
          aria-invalid={workOrderError ? true : undefined}
          aria-describedby={workOrderError ? 'timer-work-order-error' : undefined}
          disabled={workOrders.isPending}
          {...form.register('workOrderId')}
        >
          <option value="">{workOrders.isPending ? 'Loading...' : `Select a ${workOrderNoun.toLowerCase()}`}</option>
          {(workOrders.data ?? []).map((wo) => (
            <option key={wo.id} value={wo.id}>
              {wo.orderNumber} - {wo.title}
            </option>
          ))}
        </NativeSelect>
        {workOrderError && (
          <p id="timer-work-order-error" className="text-sm text-destructive">
            {workOrderError}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="timer-description">Description</Label>
        <Textarea id="timer-description" maxLength={2000} placeholder="What are you working on?" {...form.register('description')} />
        {errors.description && <p className="text-sm text-destructive">{errors.description.message}</p>}
      </div>
      <div>
        <Button type="submit" disabled={start.isPending}>
          <Play aria-hidden />
          Start Timer
        </Button>
      </div>
    </form>
  );
}
