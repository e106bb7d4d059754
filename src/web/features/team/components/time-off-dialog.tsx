// A staff member's upcoming time off (docs/rules/team.md#hours-and-time-off): the list, each removable, and a form to
// add one, wall clock in the organization's time zone. A staff member keeps their own; a manager anyone's.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2 } from 'lucide-react';
import { timeOffBodySchema, type StaffMember, type TimeOff } from '@contracts/team';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { useAddTimeOff, useRemoveTimeOff, useTimeOff } from '@/lib/team';
import { PanelStatus } from '@/components/panel-status';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { localDateTimeInput, timeOffRange } from '@/features/team/lib/team-display';

const resolver = zodResolver(timeOffBodySchema);
const FIELDS = ['startsAt', 'endsAt', 'reason'] as const;
/** Tomorrow's working day: a start the pickers open on. */
const freshValues = () => ({ startsAt: localDateTimeInput(1, '09:00'), endsAt: localDateTimeInput(1, '17:00'), reason: '' });

function TimeOffList({ member, canKeep }: { member: StaffMember; canKeep: boolean }) {
  const entries = useTimeOff(member.id);
  const remove = useRemoveTimeOff(member.id);
  const [removing, setRemoving] = useState<number | null>(null);

  const removeEntry = (entry: TimeOff) => {
    setRemoving(entry.id);
    remove.mutate(entry.id, {
      onSuccess: () => toast({ title: 'Time off removed' }),
      onError: (error) => toast({ variant: 'destructive', title: 'Failed to remove time off', description: errorMessage(error) }),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <section className="grid gap-2" aria-labelledby="time-off-upcoming">
      <h3 id="time-off-upcoming" className="text-sm font-medium">
        Upcoming
      </h3>
      <div className="rounded-md border">
        <PanelStatus
          isPending={entries.isPending}
          error={entries.isError ? entries.error : null}
          isEmpty={(entries.data ?? []).length === 0}
          emptyText="No upcoming time off."
          failedTitle="Failed to load time off"
          testId="time-off"
        >
          <ul className="divide-y" data-testid="time-off-list">
            {(entries.data ?? []).map((entry) => (
              <li key={entry.id} className="flex items-center gap-2 py-2 pr-2 pl-3 text-sm" data-testid="time-off-item">
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="font-medium">{timeOffRange(entry)}</span>
                  <span className="break-words text-muted-foreground">{entry.reason || 'No reason given'}</span>
                </div>
                {canKeep && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove time off ${timeOffRange(entry)}`}
                    title="Remove"
                    disabled={removing === entry.id}
                    onClick={() => removeEntry(entry)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </PanelStatus>
      </div>
    </section>
  );
}

function AddTimeOffForm({ member }: { member: StaffMember }) {
  const form = useForm({ resolver, defaultValues: freshValues() });
  const add = useAddTimeOff(member.id);

  const onSubmit = form.handleSubmit((body) =>
    add.mutateAsync({ ...body, reason: body.reason || null }).then(
      () => {
        toast({ title: 'Time off added' });
        form.reset(freshValues());
      },
      (error: unknown) => {
        applyServerIssues(error, form.setError, FIELDS);
        toast({ variant: 'destructive', title: 'Failed to add time off', description: errorMessage(error) });
      },
    ),
  );

  const whenField = (name: 'startsAt' | 'endsAt', label: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input type="datetime-local" step={900} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <section className="grid gap-3 border-t pt-4" aria-labelledby="time-off-add">
      <h3 id="time-off-add" className="text-sm font-medium">
        Add time off
      </h3>
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-3" data-testid="time-off-form">
          <div className="grid gap-3 sm:grid-cols-2">
            {whenField('startsAt', 'Starts')}
            {whenField('endsAt', 'Ends')}
          </div>
          <FormField
            control={form.control}
            name="reason"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Reason (optional)</FormLabel>
                <FormControl>
                  <Input maxLength={200} placeholder="Vacation, training, appointment..." {...field} value={field.value ?? ''} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="flex justify-end">
            <Button type="submit" className="w-full sm:w-auto" disabled={add.isPending}>
              {add.isPending ? 'Adding...' : 'Add time off'}
            </Button>
          </div>
        </form>
      </Form>
    </section>
  );
}

export function TimeOffDialog({ member, canKeep, onClose }: { member: StaffMember; canKeep: boolean; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg" data-testid="time-off-dialog">
        <DialogHeader>
          <DialogTitle>Time off for {member.name}</DialogTitle>
          <DialogDescription>
            Times are the organization’s local time. Online booking offers nobody on time off.
            {!canKeep && ' Only a manager or they themselves can change it.'}
          </DialogDescription>
        </DialogHeader>
        <TimeOffList member={member} canKeep={canKeep} />
        {canKeep && <AddTimeOffForm member={member} />}
      </DialogContent>
    </Dialog>
  );
}
