// A staff member's own week (docs/rules/team.md#hours-and-time-off): seven days from Sunday, each on or off with its
// start and end, in the organization's wall clock; or back to the organization's hours. A manager's (loaded when
// first opened).
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { weekHoursSchema, type StaffMember } from '@contracts/team';
import { errorMessage } from '@/lib/api-client';
import { timeOptionsWith } from '@/lib/date-time';
import { applyServerIssues } from '@/lib/server-issues';
import { useUpdateStaffMember } from '@/lib/team';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { DAY_NAMES, SHORT_DAYS } from '@/features/team/lib/team-display';

/** The form is the contract's week: updateStaffMemberBodySchema's `hours`, required here (null has its own button). */
const hoursFormSchema = z.object({ hours: weekHoursSchema });
const resolver = zodResolver(hoursFormSchema);
type HoursValues = z.input<typeof hoursFormSchema>;

const initialValues = (member: StaffMember): HoursValues => ({
  hours: DAY_NAMES.map((_, i) => {
    const d = member.hours[i];
    return { enabled: d?.enabled ?? false, start: (d?.start ?? '09:00').slice(0, 5), end: (d?.end ?? '17:00').slice(0, 5) };
  }),
});

function TimeSelect({ control, index, part, disabled }: { control: Control<HoursValues, unknown, z.output<typeof hoursFormSchema>>; index: number; part: 'start' | 'end'; disabled: boolean }) {
  return (
    <FormField
      control={control}
      name={`hours.${index}.${part}`}
      render={({ field }) => (
        <FormItem className="min-w-0 gap-1">
          <FormLabel className="sr-only">
            {DAY_NAMES[index]} {part}
          </FormLabel>
          <FormControl>
            <NativeSelect {...field} disabled={disabled}>
              {timeOptionsWith(field.value).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <FormMessage className="text-xs" />
        </FormItem>
      )}
    />
  );
}

function DayRow({ control, index }: { control: Control<HoursValues, unknown, z.output<typeof hoursFormSchema>>; index: number }) {
  const enabled = useWatch({ control, name: `hours.${index}.enabled` });
  return (
    <div className="grid grid-cols-[3.75rem_minmax(0,1fr)_minmax(0,1fr)] items-start gap-2 sm:grid-cols-[8rem_minmax(0,1fr)_auto_minmax(0,1fr)]" data-testid={`hours-row-${index}`}>
      <FormField
        control={control}
        name={`hours.${index}.enabled`}
        render={({ field }) => (
          <FormItem className="flex h-9 flex-row items-center gap-2">
            <FormControl>
              <input
                type="checkbox"
                aria-label={DAY_NAMES[index]}
                className="size-4 shrink-0 accent-primary"
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
              />
            </FormControl>
            {/* 'Mon' on a phone, where the two times need the width; the checkbox's own name stays 'Monday'. */}
            <FormLabel className="font-normal">
              <span className="sm:hidden">{SHORT_DAYS[index]}</span>
              <span className="max-sm:hidden">{DAY_NAMES[index]}</span>
            </FormLabel>
          </FormItem>
        )}
      />
      <TimeSelect control={control} index={index} part="start" disabled={!enabled} />
      <span className="hidden h-9 items-center text-sm text-muted-foreground sm:flex" aria-hidden>
        to
      </span>
      <TimeSelect control={control} index={index} part="end" disabled={!enabled} />
    </div>
  );
}

export function HoursDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const form = useForm({ resolver, defaultValues: initialValues(member) });
  const update = useUpdateStaffMember();

  const failed = (error: unknown) => toast({ variant: 'destructive', title: 'Failed to update hours', description: errorMessage(error) });

  const onSubmit = form.handleSubmit((body) =>
    update.mutateAsync({ userId: member.id, input: { hours: body.hours } }).then(
      () => {
        toast({ title: `Hours of ${member.name} updated` });
        onClose();
      },
      (error: unknown) => {
        applyServerIssues(error, form.setError, ['hours']);
        failed(error);
      },
    ),
  );

  const backToOrganizationHours = () =>
    update.mutate(
      { userId: member.id, input: { hours: null } },
      {
        onSuccess: () => {
          toast({ title: `${member.name} works the organization's hours` });
          onClose();
        },
        onError: failed,
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto p-4 sm:max-w-xl sm:p-6" data-testid="hours-dialog">
        <DialogHeader>
          <DialogTitle>Hours of {member.name}</DialogTitle>
          <DialogDescription>
            {member.ownHours ? 'Their own week' : 'They work the organization’s hours; saving gives them a week of their own'}, in the organization’s time zone.
            Customers can book them online only within these hours.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <fieldset className="grid gap-2">
              <legend className="sr-only">Working days and hours</legend>
              <div className="grid grid-cols-[3.75rem_minmax(0,1fr)_minmax(0,1fr)] gap-2 text-xs font-medium text-muted-foreground sm:grid-cols-[8rem_minmax(0,1fr)_auto_minmax(0,1fr)]" aria-hidden>
                <span>Day</span>
                <span>Start</span>
                <span className="hidden w-4 sm:block" />
                <span>End</span>
              </div>
              {DAY_NAMES.map((_, i) => (
                <DayRow key={i} control={form.control} index={i} />
              ))}
            </fieldset>
            <DialogFooter className={member.ownHours ? 'sm:justify-between' : undefined}>
              {member.ownHours && (
                <Button type="button" variant="outline" onClick={backToOrganizationHours} disabled={update.isPending}>
                  Use organization hours
                </Button>
              )}
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button type="button" variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" disabled={update.isPending}>
                  {update.isPending ? 'Saving...' : 'Save hours'}
                </Button>
              </div>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
