import { useEffect, useMemo, useRef } from 'react';
import { AlertCircle, Globe } from 'lucide-react';
import type { PublicScheduleSettings, Slot } from '@contracts/scheduling';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { addDays, firstEnabledDay, isDayDisabled, longDate, monthOf } from '@/features/booking/calendar';
import { label12h, timeZoneLabel } from '@/lib/time-labels';
import { usePublicSlots } from '@/features/booking/api/get-public-slots';
import { MonthCalendar } from '@/features/booking/components/month-calendar';
import { ANY_AVAILABLE, StaffChoice, type StaffOption } from '@/features/booking/components/staff-choice';

interface DateTimeStepProps {
  slug: string;
  settings: PublicScheduleSettings;
  today: string;
  serviceId: number;
  date: string | null;
  time: string | null;
  /** Why the visitor is back here (a slot taken meanwhile), shown above the times. */
  notice: string | null;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  /** Who performs the service, when the organization lets customers choose; empty: no choice is shown. */
  people?: readonly StaffOption[];
  /** The person chosen; null: any available. */
  staffId?: number | null;
  onStaff?: (staffId: number | null) => void;
}

export function DateTimeStep({ slug, settings, today, serviceId, date, time, notice, onDate, onTime, people = [], staffId = null, onStaff }: DateTimeStepProps) {
  const isDisabled = useMemo(() => (d: string) => isDayDisabled(d, today, settings), [today, settings]);
  const lastMonth = monthOf(addDays(today, settings.advanceBookingDays));
  const hasDays = useMemo(() => firstEnabledDay(today, isDisabled) !== null, [today, isDisabled]);
  const slots = usePublicSlots(slug, date, serviceId, staffId);
  const zone = timeZoneLabel(settings.timeZone);
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a phone the times sit below the calendar; the visitor must see why they are back here.
    if (notice) alert.current?.scrollIntoView({ block: 'center' });
  }, [notice]);

  if (!hasDays) {
    return (
      <div className="rounded-xl border border-dashed py-12 text-center">
        <h3 className="text-lg font-semibold">No dates available</h3>
        <p className="mt-1 text-sm text-muted-foreground">There are no bookable days right now. Please contact us directly.</p>
      </div>
    );
  }

  const chosenName = people.find((p) => p.id === staffId)?.name ?? null;
  const choice = people.length > 0 && onStaff ? <StaffChoice people={people} chosen={staffId} onChoose={onStaff} /> : null;
  const grid = (
    <div className="grid gap-6 md:grid-cols-[auto_1fr]">
      <section aria-labelledby="pick-date">
        <h3 id="pick-date" className="mb-3 text-lg font-semibold">
          Select a date
        </h3>
        <MonthCalendar today={today} selected={date} onSelect={onDate} isDisabled={isDisabled} lastMonth={lastMonth} />
      </section>
      <section aria-labelledby="pick-time" className="min-w-0">
        <h3 id="pick-time" className="text-lg font-semibold">
          {date ? `Available times for ${longDate(date)}` : 'Select a time'}
        </h3>
        <p className="mt-1 mb-3 inline-flex items-center gap-1.5 text-sm text-muted-foreground">
          <Globe className="size-4 shrink-0" aria-hidden />
          Times are in {zone}
        </p>
        {notice && (
          <Alert ref={alert} variant="destructive" className="mb-3">
            <AlertCircle aria-hidden />
            <AlertTitle>{notice}</AlertTitle>
            <AlertDescription>Someone booked that time just before you. Please choose another time.</AlertDescription>
          </Alert>
        )}
        {!date ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">Choose a date to see the available times.</p>
        ) : slots.isPending ? (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-busy="true" aria-label="Loading times">
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : slots.isError ? (
          <div className="flex flex-col items-start gap-2 rounded-lg border p-4 text-sm">
            <p>The available times could not be loaded.</p>
            <Button type="button" size="sm" variant="outline" onClick={() => void slots.refetch()}>
              Try again
            </Button>
          </div>
        ) : slots.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {chosenName ? `No available times with ${chosenName} on this day. Please choose another date or “${ANY_AVAILABLE}”.` : 'No available times on this day. Please choose another date.'}
          </p>
        ) : (
          <div role="group" aria-label="Available times" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {slots.data.map((slot: Slot) => {
              const chosen = slot.time === time;
              return (
                <Button
                  key={slot.time}
                  type="button"
                  variant={chosen ? 'default' : 'outline'}
                  aria-pressed={chosen}
                  className={cn('h-10 px-2', chosen && 'ring-2 ring-primary/30')}
                  onClick={() => onTime(slot.time)}
                >
                  {label12h(slot.time)}
                </Button>
              );
            })}
          </div>
        )}
      </section>
    </div>
  );
  if (!choice) return grid;
  return (
    <div className="grid gap-6">
      {choice}
      {grid}
    </div>
  );
}
