// A job's visits in its dialog (docs/rules/scheduling.md#a-jobs-visits): when the crew goes, and scheduling the next
// visit, once or repeating (weekly office cleaning, a monthly service round), from the job itself.
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarPlus, Repeat } from 'lucide-react';
import { scheduleVisitFormSchema, type ScheduleJobBody, type ScheduleVisitFormOutput, type ScheduleVisitFormValues } from '@contracts/dispatch';
import { statusLabel } from '@contracts/format';
import type { Appointment } from '@contracts/scheduling';
import type { WorkOrder } from '@contracts/work-orders';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { TIME_OPTIONS, timeLabel } from '@/lib/date-time';
import { NO_REPEAT, repeatFromFields } from '@/lib/repeat-choice';
import { applyServerIssues } from '@/lib/server-issues';
import { useTeam } from '@/lib/team';
import { NestedForm } from '@/components/nested-form';
import { RepeatPicker } from '@/components/repeat-picker';
import { StaffPickerField } from '@/components/staff-picker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useJobVisits, useScheduleVisit } from '@/features/work-orders/api/job-visits';

const OPEN_STATUSES = ['scheduled', 'in_progress'];
/** Visits shown before "and N more": the job dialog is not the calendar. */
const SHOWN = 6;

/** "Tue, Mar 16, 2027 · 9:00 AM" from the organization's wall clock 'YYYY-MM-DDTHH:MM:SS'. */
function visitWhen(wall: string): string {
  const [y, m, d] = wall.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return `${day} · ${timeLabel(wall.slice(11, 16))}`;
}

function localDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const tomorrow = () => localDay(new Date(Date.now() + 24 * 60 * 60 * 1000));

export function JobVisitsSection({ workOrder, canSchedule, word }: { workOrder: WorkOrder; canSchedule: boolean; word: string }) {
  const visits = useJobVisits(workOrder.id, true);
  const [open, setOpen] = useState(false);
  const upcoming = (visits.data ?? []).filter((v) => v.status !== 'cancelled');
  const isOpenJob = OPEN_STATUSES.includes(workOrder.status);
  return (
    <section className="grid gap-2 rounded-md border p-3" aria-labelledby="job-visits-heading" data-testid="job-visits-section">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="job-visits-heading" className="text-sm font-medium">
          Visits
        </h3>
        {canSchedule && isOpenJob && (
          <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
            <CalendarPlus className="size-4" aria-hidden />
            Schedule visit
          </Button>
        )}
      </div>
      {visits.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the visits...</p>
      ) : visits.isError ? (
        <p className="text-sm text-destructive">Could not load the visits: {errorMessage(visits.error)}</p>
      ) : upcoming.length === 0 ? (
        <p className="text-sm text-muted-foreground">No visits on the calendar for this {word} yet.</p>
      ) : (
        <VisitList visits={upcoming} />
      )}
      {open && <ScheduleVisitDialog workOrder={workOrder} onClose={() => setOpen(false)} />}
    </section>
  );
}

function VisitList({ visits: all }: { visits: Appointment[] }) {
  // Coming visits first: a long job's early ones are history (by this device's day, near enough for a list).
  const today = localDay(new Date());
  const earlier = all.filter((v) => v.appointmentDate.slice(0, 10) < today).length;
  const visits = earlier === all.length ? all.slice(-SHOWN) : all.slice(earlier);
  const series = [...new Map(all.filter((v) => v.series).map((v) => [v.series?.id, v.series?.summary])).values()];
  return (
    <div className="grid gap-2">
      {series.map((summary) => (
        <p key={summary} className="flex items-center gap-1.5 text-sm" data-testid="job-visits-series">
          <Repeat className="size-4 text-muted-foreground" aria-hidden />
          {summary}
        </p>
      ))}
      <ul className="grid gap-1 text-sm" data-testid="job-visits-list">
        {visits.slice(0, SHOWN).map((v) => (
          <li key={v.id} className="flex flex-wrap items-baseline justify-between gap-x-3 border-b pb-1 last:border-b-0">
            <span className="font-medium tabular-nums">{visitWhen(v.appointmentDate)}</span>
            <span className="text-muted-foreground">
              {v.assignees.length ? v.assignees.map((a) => a.name).join(', ') : 'Unassigned'} · {statusLabel(v.status)}
            </span>
          </li>
        ))}
      </ul>
      {(visits.length > SHOWN || earlier > 0) && (
        <p className="text-xs text-muted-foreground">
          {[visits.length > SHOWN ? `and ${visits.length - SHOWN} more on the calendar` : '', earlier > 0 && earlier < all.length ? `${earlier} earlier` : ''].filter(Boolean).join(' · ')}
        </p>
      )}
    </div>
  );
}

function ScheduleVisitDialog({ workOrder, onClose }: { workOrder: WorkOrder; onClose: () => void }) {
  const form = useForm<ScheduleVisitFormValues, unknown, ScheduleVisitFormOutput>({
    resolver: zodResolver(scheduleVisitFormSchema),
    defaultValues: { date: tomorrow(), time: '09:00', duration: '', assigneeIds: workOrder.assignees.map((a) => a.id), repeat: NO_REPEAT },
  });
  const { user } = useCurrentUser();
  // A super user names the job's organization; everyone else's team is their own.
  const team = useTeam(user?.role === 'super_user' ? workOrder.organizationId : null);
  const schedule = useScheduleVisit(workOrder.id);
  const date = useWatch({ control: form.control, name: 'date' });
  const submit = form.handleSubmit((v) => {
    const body: ScheduleJobBody = {
      date: v.date,
      time: v.time,
      assigneeIds: v.assigneeIds,
      ...(v.duration ? { duration: Number(v.duration) } : {}),
      repeat: repeatFromFields(v.repeat),
    };
    return schedule.mutateAsync(body).then(
      (visit) => {
        toast({ title: visit.series ? `Visits scheduled: ${visit.series.summary}` : `Visit scheduled for ${visitWhen(visit.appointmentDate)}` });
        onClose();
      },
      (error: unknown) => {
        applyServerIssues(error, form.setError, ['date', 'time', 'duration', 'assigneeIds']);
        toast({ variant: 'destructive', title: 'Failed to schedule the visit', description: errorMessage(error) });
      },
    );
  });
  const crew = team.data ?? workOrder.assignees;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[95vh] overflow-y-auto sm:max-w-lg" data-testid="schedule-visit-dialog">
        <DialogHeader>
          <DialogTitle>Schedule visit</DialogTitle>
          <DialogDescription>
            {workOrder.orderNumber} · {workOrder.title}
            {workOrder.customerName ? ` · ${workOrder.customerName}` : ''}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <NestedForm onSubmit={submit} className="grid gap-4">
            <div className="grid gap-3 sm:grid-cols-3">
              <FormField
                control={form.control}
                name="date"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Date</FormLabel>
                    <FormControl>
                      <Input type="date" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="time"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Time</FormLabel>
                    <FormControl>
                      <NativeSelect {...field}>
                        {TIME_OPTIONS.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="duration"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Minutes</FormLabel>
                    <FormControl>
                      <Input type="number" inputMode="numeric" min={1} placeholder="From the job" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <StaffPickerField control={form.control} name="assigneeIds" label="Who goes" staff={crew} emptyText="Unassigned" hint="They hold the time and join the crew." />
            <Controller
              control={form.control}
              name="repeat"
              render={({ field }) => <RepeatPicker value={field.value} onChange={field.onChange} firstDate={date} errors={form.formState.errors.repeat} />}
            />
            <DialogFooter className="gap-2">
              <Button type="button" variant="outline" onClick={onClose} disabled={schedule.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={schedule.isPending}>
                {schedule.isPending ? 'Scheduling...' : 'Schedule'}
              </Button>
            </DialogFooter>
          </NestedForm>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
