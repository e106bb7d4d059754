// The create / edit appointment dialog (loaded when first opened). Date and time are the organization's
// wall clock: the form edits 'YYYY-MM-DD' and 'HH:MM' strings and sends them as they are. Who is on it holds the time
// (docs/rules/team.md#assignment): the times offered are those free for everyone picked, buffers included.
import { useEffect, useMemo, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link } from 'react-router';
import { APPOINTMENT_STATUSES, SCHEDULING_DEFAULTS, SCHEDULING_MESSAGES, type Appointment, type AppointmentHold, type CreateAppointmentBody, type Service, type UpdateAppointmentBody } from '@contracts/scheduling';
import { formatMoney } from '@contracts/money';
import { APPLY_TO, REPEAT_LIMITS, REPEAT_MESSAGES, type ApplyTo, type Series } from '@contracts/repeat';
import { statusLabel } from '@contracts/format';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useTeam } from '@/lib/team';
import { StaffPickerField } from '@/components/staff-picker';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useAppointments, useCancelAppointment, useSaveAppointment } from '@/features/scheduling/api/scheduling-api';
import { useOrganizationScope } from '@/features/scheduling/api/organization-scope';
import { addDays, appointmentStatusLabel, busyFor, freeSlots, HELD_STATUS, slotsForDate, splitWallClock, timeLabel, wallClockNow, type DayHours } from '@/features/scheduling/scheduling-logic';
import { fieldIssues } from '@/features/scheduling/server-issues';
import { fieldsFromRule, NO_REPEAT, repeatFromFields, repeatOptions } from '@/lib/repeat-choice';

const email = z.email();

/** "Past" is judged on the organization's clock, so the check needs its time zone. */
function formSchema(timeZone: string) {
  return z
    .object({
      customerName: z.string().trim().min(1, SCHEDULING_MESSAGES.customerName).max(200, 'Customer name must be at most 200 characters'),
      customerEmail: z.string().trim().refine((v) => email.safeParse(v).success, SCHEDULING_MESSAGES.customerEmail),
      customerPhone: z.string().trim().max(40, 'Phone must be at most 40 characters'),
      serviceId: z.string().min(1, SCHEDULING_MESSAGES.serviceRequired),
      date: z.string().min(1, SCHEDULING_MESSAGES.dateRequired),
      time: z.string().min(1, SCHEDULING_MESSAGES.timeRequired),
      duration: z.string().refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 1440), 'Duration must be between 1 and 1440 minutes'),
      status: z.string(),
      notes: z.string().max(10_000, 'Notes must be at most 10,000 characters'),
      /** Staff member ids; none: unassigned. The server checks they are on the team. */
      assigneeIds: z.array(z.number()),
      /** The stored date-time: keeping it unchanged is allowed even once it has passed. */
      original: z.string(),
      repeatKind: z.enum(['none', 'week', 'month-day', 'month-weekday']),
      repeatEvery: z.string(),
      repeatEnds: z.enum(['never', 'on', 'after']),
      repeatUntil: z.string(),
      repeatCount: z.string(),
      /** A repeating visit's change: for it alone or for it and the following ones. */
      applyTo: z.enum(APPLY_TO),
    })
    .superRefine((v, ctx) => {
      if (v.repeatKind !== 'none') {
        const every = Number(v.repeatEvery);
        if (!/^\d+$/.test(v.repeatEvery) || every < 1 || every > REPEAT_LIMITS.maxInterval) ctx.addIssue({ code: 'custom', path: ['repeatEvery'], message: REPEAT_MESSAGES.interval });
        const count = Number(v.repeatCount);
        if (v.repeatEnds === 'after' && (!/^\d+$/.test(v.repeatCount) || count < 2 || count > REPEAT_LIMITS.maxCount)) ctx.addIssue({ code: 'custom', path: ['repeatCount'], message: REPEAT_MESSAGES.count });
        if (v.repeatEnds === 'on' && (!v.repeatUntil || (v.date && v.repeatUntil < v.date))) ctx.addIssue({ code: 'custom', path: ['repeatUntil'], message: REPEAT_MESSAGES.untilBefore });
      }
      if (!v.date || `${v.date}T${v.time}` === v.original) return;
      const now = wallClockNow(timeZone);
      if (v.date < now.date || (v.date === now.date && v.time && v.time <= now.time)) {
        ctx.addIssue({ code: 'custom', path: ['date'], message: SCHEDULING_MESSAGES.datePast });
      }
    });
}
type FormValues = z.input<ReturnType<typeof formSchema>>;
const FIELDS = ['customerName', 'customerEmail', 'customerPhone', 'serviceId', 'date', 'time', 'duration', 'status', 'notes', 'assigneeIds', 'applyTo', 'repeatKind'] as const;
const REPEAT_FIELDS = ['repeatKind', 'repeatEvery', 'repeatEnds', 'repeatUntil', 'repeatCount'] as const;

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));

/** A new appointment's people: the signed-in user when they are on the team, else nobody. */
const ownIds = (members: readonly { id: number }[], userId: number | undefined) => (userId !== undefined && members.some((m) => m.id === userId) ? [userId] : []);

export interface AppointmentDialogProps {
  appointment: Appointment | null;
  /** The day to preselect for a new appointment. */
  defaultDate: string;
  services: Service[];
  hours: DayHours | null;
  timeZone: string;
  onClose: () => void;
}

export function AppointmentDialog({ appointment, defaultDate, services, hours, timeZone, onClose }: AppointmentDialogProps) {
  const isEdit = appointment !== null;
  const current = appointment ? splitWallClock(appointment.appointmentDate) : null;
  const schema = useMemo(() => formSchema(timeZone), [timeZone]);
  const { user } = useCurrentUser();
  const team = useTeam(useOrganizationScope());
  const userId = user?.id;
  const assignedIds = appointment ? appointment.assignees.map((a) => a.id) : ownIds(team.data ?? [], userId);
  const form = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      customerName: appointment?.customerName ?? '',
      customerEmail: appointment?.customerEmail ?? '',
      customerPhone: appointment?.customerPhone ?? '',
      serviceId: appointment?.serviceId ? String(appointment.serviceId) : '',
      date: current?.date ?? defaultDate,
      time: current?.time ?? '',
      duration: appointment ? String(appointment.duration) : '',
      status: appointment?.status ?? 'scheduled',
      notes: appointment?.notes ?? '',
      original: current ? `${current.date}T${current.time}` : '',
      assigneeIds: assignedIds,
      ...(appointment?.series ? fieldsFromRule(appointment.series.rule) : NO_REPEAT),
      applyTo: 'this',
    },
  });
  // The team may arrive after the dialog opened: then the new appointment's default is set once it has.
  const defaulted = useRef(isEdit || team.data !== undefined);
  useEffect(() => {
    if (defaulted.current || !team.data) return;
    defaulted.current = true;
    if (!form.getFieldState('assigneeIds').isDirty) form.resetField('assigneeIds', { defaultValue: ownIds(team.data, userId) });
  }, [team.data, userId, form]);
  // Everyone on the team, and anyone on this appointment who has since left it (so they can be taken off).
  const staff = [...(team.data ?? []), ...(appointment?.assignees ?? []).filter((a) => team.data && !team.data.some((m) => m.id === a.id))];
  const save = useSaveAppointment();
  const cancel = useCancelAppointment();
  const [confirmCancel, setConfirmCancel] = useState<ApplyTo | null>(null);
  const date = useWatch({ control: form.control, name: 'date' });
  const [serviceId, duration, time, people] = useWatch({ control: form.control, name: ['serviceId', 'duration', 'time', 'assigneeIds'] });
  const keep = current && date === current.date ? current.time : null;
  // The day before too: a late appointment may run past midnight into this day.
  const fullDate = /^\d{4}-\d{2}-\d{2}$/.test(date ?? '');
  const around = useAppointments(fullDate ? addDays(date, -1) : '', fullDate ? date : '', fullDate);
  const known = fullDate && !around.isPlaceholderData && around.data !== undefined;
  // Only the picked people's appointments hold time: an unassigned appointment holds nobody's.
  const busy = known ? busyFor(around.data, people ?? [], appointment?.id) : [];
  const service = services.find((s) => String(s.id) === serviceId);
  const lasts = Number(duration) || service?.duration || SCHEDULING_DEFAULTS.appointmentDuration;
  // An appointment keeps the buffers it was booked with until its service changes (docs/rules/team.md#buffers).
  const keepsBuffers = appointment !== null && String(appointment.serviceId ?? '') === serviceId;
  const buffers = keepsBuffers ? { before: appointment.bufferBefore, after: appointment.bufferAfter } : { before: service?.bufferBefore ?? 0, after: service?.bufferAfter ?? 0 };
  const slots = fullDate ? freeSlots(date, slotsForDate(date, hours, keep), busy, lasts, keep, buffers) : [];
  const offered = slots.join(' ');
  useEffect(() => {
    // A time that is no longer free (another person or service picked, the day's appointments loaded) is let go.
    if (known && time && !offered.split(' ').includes(time)) form.setValue('time', '');
  }, [known, time, offered, form]);
  // A service the organization switched off stays choosable on its existing appointments.
  const serviceOptions = services.filter((s) => s.isActive || s.id === appointment?.serviceId);

  const series = appointment?.series ?? null;
  const onSubmit = form.handleSubmit((v) => {
    // A repeating visit's rule is sent only when changed for it and the following ones; a one-off's when it starts repeating.
    const ruleChanged = REPEAT_FIELDS.some((f) => form.getFieldState(f).isDirty);
    const repeat = series ? (v.applyTo === 'following' && ruleChanged ? { repeat: repeatFromFields(v) } : {}) : v.repeatKind !== 'none' ? { repeat: repeatFromFields(v) } : {};
    const body: CreateAppointmentBody & UpdateAppointmentBody = {
      customerName: v.customerName.trim(),
      customerEmail: v.customerEmail.trim(),
      customerPhone: v.customerPhone.trim() || null,
      serviceId: Number(v.serviceId),
      appointmentDate: v.date,
      appointmentTime: v.time,
      duration: v.duration ? Number(v.duration) : null,
      notes: v.notes.trim() || null,
      ...(isEdit ? { status: v.status as CreateAppointmentBody['status'] } : {}),
      // Left out, the server keeps who is on it (an edit) or gives it to the caller (a new one, when the team could not be read).
      ...((isEdit ? !sameIds(v.assigneeIds, assignedIds) : team.data !== undefined) ? { assigneeIds: v.assigneeIds } : {}),
      ...(series ? { applyTo: v.applyTo } : {}),
      ...repeat,
    };
    return save.mutateAsync({ id: appointment?.id ?? null, body }).then(
      () => {
        toast({ title: isEdit ? 'Appointment updated successfully' : 'Appointment created successfully' });
        onClose();
      },
      (error: unknown) => {
        for (const { field, message } of fieldIssues(error, FIELDS, { appointmentDate: 'date', appointmentTime: 'time', repeat: 'repeatKind' })) {
          form.setError(field as (typeof FIELDS)[number], { message });
        }
        if (isApiError(error, 409)) form.setError('time', { message: errorMessage(error) });
        toast({ variant: 'destructive', title: isEdit ? 'Failed to update appointment' : 'Failed to create appointment', description: errorMessage(error) });
      },
    );
  });

  const onServiceChange = (id: string) => {
    const service = services.find((s) => String(s.id) === id);
    // A new appointment lasts as long as its service unless the duration was typed.
    if (service && !form.getFieldState('duration').isDirty) form.setValue('duration', String(service.duration));
  };

  return (
    <>
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl" data-testid="appointment-dialog">
          <DialogHeader>
            <DialogTitle>{isEdit ? 'Edit Appointment' : 'Add Appointment'}</DialogTitle>
            <DialogDescription>Times are in the organization's time zone ({timeZone}). The customer is e-mailed the details.</DialogDescription>
          </DialogHeader>
          <Form {...form}>
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField form={form} name="customerName" label="Customer Name" autoComplete="name" />
                <TextField form={form} name="customerEmail" label="Customer Email" type="email" autoComplete="email" />
                <TextField form={form} name="customerPhone" label="Customer Phone" type="tel" autoComplete="tel" />
                <FormField
                  control={form.control}
                  name="serviceId"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Service</FormLabel>
                      <FormControl>
                        <NativeSelect
                          {...field}
                          onChange={(e) => {
                            field.onChange(e);
                            onServiceChange(e.target.value);
                          }}
                        >
                          <option value="">Select a service</option>
                          {serviceOptions.map((s) => (
                            <option key={s.id} value={s.id}>
                              {s.name} ({s.duration} min)
                            </option>
                          ))}
                        </NativeSelect>
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <TextField form={form} name="date" label="Date" type="date" />
                <FormField
                  control={form.control}
                  name="time"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Time</FormLabel>
                      <FormControl>
                        <NativeSelect {...field} disabled={slots.length === 0}>
                          <option value="">{date && slots.length === 0 ? (slotsForDate(date, hours).length === 0 ? 'Closed on this day' : 'No free times on this day') : 'Select a time'}</option>
                          {slots.map((t) => (
                            <option key={t} value={t}>
                              {timeLabel(t)}
                            </option>
                          ))}
                        </NativeSelect>
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <TextField form={form} name="duration" label="Duration (minutes)" type="number" inputMode="numeric" min={1} max={1440} />
                {isEdit && (
                  <FormField
                    control={form.control}
                    name="status"
                    render={({ field }) => (
                      <FormItem>
                        <FormLabel>Status</FormLabel>
                        <FormControl>
                          <NativeSelect {...field}>
                            {/* A held online booking keeps its status until confirmed or cancelled; staff never set it. */}
                            {appointment.status === HELD_STATUS && <option value={HELD_STATUS}>{appointmentStatusLabel(appointment, statusLabel)}</option>}
                            {APPOINTMENT_STATUSES.map((s) => (
                              <option key={s} value={s}>
                                {statusLabel(s)}
                              </option>
                            ))}
                          </NativeSelect>
                        </FormControl>
                        <FormMessage />
                      </FormItem>
                    )}
                  />
                )}
              </div>
              {appointment?.hold && <HoldPanel appointment={appointment} hold={appointment.hold} timeZone={timeZone} />}
              <StaffPickerField
                control={form.control}
                name="assigneeIds"
                label="Assigned to"
                staff={staff}
                emptyText="Unassigned: it holds nobody's time"
                hint="The times offered are free for everyone picked."
              />
              <RepeatFields form={form} series={series} date={date ?? ''} />
              <FormField
                control={form.control}
                name="notes"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Notes</FormLabel>
                    <FormControl>
                      <Textarea rows={3} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <DialogFooter className="gap-2 sm:justify-between">
                {isEdit && appointment.status !== 'cancelled' ? (
                  <div className="flex flex-col gap-2 sm:flex-row">
                    <Button type="button" variant="destructive" onClick={() => setConfirmCancel('this')} disabled={save.isPending}>
                      {series ? 'Cancel Visit' : 'Cancel Appointment'}
                    </Button>
                    {series && (
                      <Button type="button" variant="outline" className="text-destructive" onClick={() => setConfirmCancel('following')} disabled={save.isPending}>
                        Cancel This and Following
                      </Button>
                    )}
                  </div>
                ) : (
                  <span />
                )}
                <div className="flex flex-col-reverse gap-2 sm:flex-row">
                  <Button type="button" variant="outline" onClick={onClose}>
                    Close
                  </Button>
                  <Button type="submit" disabled={save.isPending}>
                    {save.isPending ? 'Saving...' : isEdit ? 'Save Changes' : 'Add Appointment'}
                  </Button>
                </div>
              </DialogFooter>
            </form>
          </Form>
        </DialogContent>
      </Dialog>
      {confirmCancel && appointment && (
        <ConfirmDeleteDialog
          title={confirmCancel === 'following' ? 'Cancel This and Following Visits' : 'Cancel Appointment'}
          confirmLabel={confirmCancel === 'following' ? 'Cancel Visits' : 'Cancel Appointment'}
          workingLabel="Cancelling..."
          cancelLabel="Keep"
          description={
            confirmCancel === 'following'
              ? `Cancel this visit for ${appointment.customerName || appointment.customerEmail} and every later one (${series?.summary ?? ''})? The visits before it stay. The customer is e-mailed that this visit was cancelled.`
              : appointment.status === HELD_STATUS
                ? `Cancel ${appointment.customerName || appointment.customerEmail}'s booking? It is still waiting for the customer online; its time is freed and nobody is e-mailed.`
                : `Cancel ${appointment.customerName || appointment.customerEmail}'s appointment? The customer is e-mailed that it was cancelled.`
          }
          onConfirm={() =>
            cancel.mutateAsync({ id: appointment.id, applyTo: confirmCancel }).then(
              () => {
                toast({ title: 'Appointment cancelled successfully' });
                onClose();
              },
              (error: unknown) => {
                toast({ variant: 'destructive', title: 'Failed to cancel appointment', description: errorMessage(error) });
                throw error;
              },
            )
          }
          onClose={() => setConfirmCancel(null)}
        />
      )}
    </>
  );
}

/**
 * What holds an online booking (docs/rules/scheduling.md#holding-a-booking): still waiting (until when), the deposit
 * paid with its payment, or the card kept on file. Times in the organization's zone.
 */
function HoldPanel({ appointment, hold, timeZone }: { appointment: Appointment; hold: AppointmentHold; timeZone: string }) {
  const at = (iso: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(new Date(iso));
  const waiting = appointment.status === HELD_STATUS;
  const paid = hold.depositPaid !== null;
  if (!waiting && !paid && !hold.card) return null;
  return (
    <div className="grid gap-1 rounded-md border border-amber-200 bg-amber-50/60 p-3 text-sm" data-testid="appointment-hold-panel">
      {waiting && (
        <p className="font-medium">
          {appointmentStatusLabel(appointment, statusLabel)}
          {hold.expiresAt && <span className="font-normal text-muted-foreground"> · held until {at(hold.expiresAt, { hour: 'numeric', minute: '2-digit' })}</span>}
        </p>
      )}
      {waiting && <p className="text-xs text-muted-foreground">The customer is paying online. Confirm it here if they paid another way, or cancel it to free the time.</p>}
      {paid && (
        <p>
          <span className="font-medium">Deposit paid {formatMoney(hold.depositPaid)}</span>
          {hold.depositReceivedAt && <span className="text-muted-foreground"> on {at(hold.depositReceivedAt, { month: 'short', day: 'numeric', year: 'numeric' })}</span>}
          {hold.depositPaymentId !== null && (
            <>
              {' · '}
              <Link to="/payments" className="text-primary underline-offset-4 hover:underline">
                Payment #{hold.depositPaymentId}
              </Link>
            </>
          )}
        </p>
      )}
      {hold.card && <p>Card on file: {hold.card}</p>}
    </div>
  );
}

/** "Repeats", every how many weeks or months and until when; for a repeating visit, what a change applies to. */
function RepeatFields({ form, series, date }: { form: ReturnType<typeof useForm<FormValues>>; series: Series | null; date: string }) {
  const [kind, ends, applyTo] = useWatch({ control: form.control, name: ['repeatKind', 'repeatEnds', 'applyTo'] });
  const showRule = !series || applyTo === 'following';
  const unit = kind === 'week' ? 'weeks' : 'months';
  return (
    <fieldset className="grid gap-3 rounded-md border p-3" data-testid="repeat-fields">
      <legend className="px-1 text-sm font-medium">Repeats</legend>
      {series && (
        <>
          <p className="text-sm text-muted-foreground" data-testid="series-summary">
            {series.summary}
          </p>
          <SelectField form={form} name="applyTo" label="Apply changes to">
            <option value="this">This visit</option>
            <option value="following">This and following visits</option>
          </SelectField>
        </>
      )}
      {showRule && (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField form={form} name="repeatKind" label={series ? 'Repeat from this visit' : 'Repeat'}>
            {repeatOptions(date).map((o) => (
              <option key={o.value} value={o.value}>
                {o.value === 'none' && series ? 'Stop repeating after this visit' : o.label}
              </option>
            ))}
          </SelectField>
          {kind !== 'none' && (
            <>
              <TextField form={form} name="repeatEvery" label={`Every how many ${unit}`} type="number" inputMode="numeric" min={1} max={REPEAT_LIMITS.maxInterval} />
              <SelectField form={form} name="repeatEnds" label="Ends">
                <option value="never">Never</option>
                <option value="on">On a date</option>
                <option value="after">After a number of visits</option>
              </SelectField>
              {ends === 'on' && <TextField form={form} name="repeatUntil" label="Last date" type="date" />}
              {ends === 'after' && <TextField form={form} name="repeatCount" label="Visits in all" type="number" inputMode="numeric" min={2} max={REPEAT_LIMITS.maxCount} />}
            </>
          )}
        </div>
      )}
    </fieldset>
  );
}

function SelectField({ form, name, label, children }: { form: ReturnType<typeof useForm<FormValues>>; name: 'repeatKind' | 'repeatEnds' | 'applyTo'; label: string; children: ReactNode }) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <NativeSelect {...field}>{children}</NativeSelect>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function TextField({
  form,
  name,
  label,
  ...input
}: { form: ReturnType<typeof useForm<FormValues>>; name: Exclude<keyof FormValues, 'assigneeIds' | 'repeatKind' | 'repeatEnds' | 'applyTo'>; label: string } & Omit<ComponentProps<'input'>, 'form' | 'name'>) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...input} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
