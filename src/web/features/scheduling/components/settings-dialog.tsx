// First-time setup and later changes of the schedule settings (loaded when first opened).
import { useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { BOOKING_HOLD_LABELS, BOOKING_HOLDS, SCHEDULING_DEFAULTS, scheduleSettingsBodySchema, WEEKDAYS, type ScheduleSettings, type ScheduleSettingsBody } from '@contracts/scheduling';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useSaveScheduleSettings } from '@/features/scheduling/api/scheduling-api';
import { DEFAULT_DAY_HOURS, type DayHours } from '@/features/scheduling/scheduling-logic';
import { fieldIssues } from '@/features/scheduling/server-issues';
import { bookingLink } from '@/features/scheduling/components/settings-tab';

/** What the fields hold: the contract's input (organizationId is not a field: the settings are the caller's). */
type FormValues = z.input<typeof scheduleSettingsBodySchema>;
const resolver = zodResolver(scheduleSettingsBodySchema);

function initialValues(s: ScheduleSettings | null): FormValues {
  const days = Object.fromEntries(
    WEEKDAYS.flatMap((d) => [
      [`${d}Enabled`, s ? s[`${d}Enabled`] : DEFAULT_DAY_HOURS[`${d}Enabled`]],
      [`${d}Start`, s ? s[`${d}Start`] : DEFAULT_DAY_HOURS[`${d}Start`]],
      [`${d}End`, s ? s[`${d}End`] : DEFAULT_DAY_HOURS[`${d}End`]],
    ]),
  ) as DayHours;
  return {
    timeZone: s?.timeZone ?? SCHEDULING_DEFAULTS.timeZone,
    advanceBookingDays: s?.advanceBookingDays ?? SCHEDULING_DEFAULTS.advanceBookingDays,
    cancellationHours: s?.cancellationHours ?? SCHEDULING_DEFAULTS.cancellationHours,
    requirePhone: s?.requirePhone ?? SCHEDULING_DEFAULTS.requirePhone,
    autoConfirm: s?.autoConfirm ?? SCHEDULING_DEFAULTS.autoConfirm,
    allowCancellation: s?.allowCancellation ?? SCHEDULING_DEFAULTS.allowCancellation,
    allowStaffChoice: s?.allowStaffChoice ?? false,
    bookingHold: s?.bookingHold ?? 'none',
    bookingDepositPercent: s?.bookingDepositPercent ?? 25,
    ...days,
  };
}

/** The zones to offer, with the current one first when this browser does not know it. */
function timeZones(current: string | undefined): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current === undefined || all.includes(current) ? all : [current, ...all];
}

export function SettingsDialog({ settings, onClose }: { settings: ScheduleSettings | null; onClose: () => void }) {
  const isSetup = settings === null;
  const form = useForm<FormValues, unknown, ScheduleSettingsBody>({ resolver, defaultValues: initialValues(settings) });
  const save = useSaveScheduleSettings();
  const zone = useWatch({ control: form.control, name: 'timeZone' });
  const zones = useMemo(() => timeZones(zone), [zone]);
  const hold = useWatch({ control: form.control, name: 'bookingHold' });

  const onSubmit = form.handleSubmit((body) =>
    save.mutateAsync({ id: settings?.id ?? null, body }).then(
      (saved) => {
        if (isSetup) toast({ title: 'Schedule settings created successfully', description: `Your booking link: ${bookingLink(saved)}` });
        else toast({ title: 'Schedule settings updated successfully' });
        onClose();
      },
      (error: unknown) => {
        for (const { field, message } of fieldIssues(error, Object.keys(initialValues(null)))) form.setError(field as keyof FormValues, { message });
        toast({ variant: 'destructive', title: isSetup ? 'Failed to create schedule settings' : 'Failed to update schedule settings', description: errorMessage(error) });
      },
    ),
  );

  const numberField = (name: 'advanceBookingDays' | 'cancellationHours' | 'bookingDepositPercent', label: string, min: number, max: number) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={Number.isNaN(field.value) ? '' : field.value}
              onChange={(e) => field.onChange(e.target.value === '' ? NaN : Number(e.target.value))}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  const checkField = (name: 'requirePhone' | 'autoConfirm' | 'allowCancellation' | `${(typeof WEEKDAYS)[number]}Enabled`, label: string, className?: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className={className ?? 'flex items-center gap-2'}>
          <FormControl>
            <input type="checkbox" className="size-4 accent-primary" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} ref={field.ref} />
          </FormControl>
          <FormLabel className="capitalize">{label}</FormLabel>
        </FormItem>
      )}
    />
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="settings-dialog">
        <DialogHeader>
          <DialogTitle>{isSetup ? 'Setup Scheduling' : 'Update Settings'}</DialogTitle>
          <DialogDescription>Booking hours are in the organization's time zone.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-5">
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField
                control={form.control}
                name="timeZone"
                render={({ field }) => (
                  <FormItem className="sm:col-span-3">
                    <FormLabel>Time Zone</FormLabel>
                    <FormControl>
                      <NativeSelect {...field}>
                        {zones.map((z) => (
                          <option key={z} value={z}>
                            {z}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              {numberField('advanceBookingDays', 'Advance Booking (days)', 1, 365)}
              {numberField('cancellationHours', 'Cancellation Notice (hours)', 1, 168)}
            </div>
            <div className="grid gap-2 sm:grid-cols-3">
              {checkField('requirePhone', 'Require phone number')}
              {checkField('autoConfirm', 'Auto confirm bookings')}
              {checkField('allowCancellation', 'Allow cancellation')}
            </div>
            {/* Online booking with a team (docs/rules/team.md#online-booking): a row of its own, with what it does. */}
            <FormField
              control={form.control}
              name="allowStaffChoice"
              render={({ field }) => (
                <FormItem className="grid grid-cols-[auto_1fr] items-center gap-x-2 gap-y-1">
                  <FormControl>
                    <input type="checkbox" className="size-4 accent-primary" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} ref={field.ref} />
                  </FormControl>
                  <FormLabel>Let customers choose a person</FormLabel>
                  <FormDescription className="col-start-2 text-xs">Besides “Any available”, the booking page lists who performs each service.</FormDescription>
                </FormItem>
              )}
            />
            {/* A deposit or a card to hold an online booking (docs/rules/scheduling.md#holding-a-booking); the server refuses
                it (400 on bookingHold) when the organization records payments by hand. */}
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField
                control={form.control}
                name="bookingHold"
                render={({ field }) => (
                  <FormItem className="sm:col-span-2">
                    <FormLabel>To hold an online booking</FormLabel>
                    <FormControl>
                      <NativeSelect {...field}>
                        {BOOKING_HOLDS.map((h) => (
                          <option key={h} value={h}>
                            {h === 'none' ? 'None' : BOOKING_HOLD_LABELS[h]}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormControl>
                    <FormDescription className="text-xs">
                      {hold === 'deposit'
                        ? 'Customers pay the deposit when they book; the time is held for 15 minutes meanwhile.'
                        : hold === 'card'
                          ? 'Customers save a card when they book; the time is held for 15 minutes meanwhile.'
                          : 'Bookings stand as soon as they are made.'}
                    </FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              {hold === 'deposit' && numberField('bookingDepositPercent', 'Deposit (% of price)', 1, 100)}
            </div>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Booking hours</legend>
              {WEEKDAYS.map((d) => (
                <DayRow key={d} day={d} form={form} checkbox={checkField(`${d}Enabled`, d, 'flex w-32 items-center gap-2')} />
              ))}
            </fieldset>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : isSetup ? 'Setup Scheduling' : 'Update Settings'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function DayRow({ day, form, checkbox }: { day: (typeof WEEKDAYS)[number]; form: ReturnType<typeof useForm<FormValues, unknown, ScheduleSettingsBody>>; checkbox: ReactNode }) {
  const enabled = useWatch({ control: form.control, name: `${day}Enabled` });
  const timeField = (name: `${typeof day}Start` | `${typeof day}End`, label: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex-1">
          <FormLabel className="sr-only">
            {day} {label}
          </FormLabel>
          <FormControl>
            <Input type="time" step={900} disabled={!enabled} {...field} value={field.value as string} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
  return (
    <div className="flex flex-col gap-2 rounded-md border p-2 sm:flex-row sm:items-start" data-testid={`day-row-${day}`}>
      <div className="pt-2">{checkbox}</div>
      <div className="flex flex-1 items-start gap-2">
        {timeField(`${day}Start`, 'start')}
        <span className="pt-2 text-sm text-muted-foreground">to</span>
        {timeField(`${day}End`, 'end')}
      </div>
    </div>
  );
}
