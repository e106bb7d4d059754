import { useEffect, useId, useRef, useState } from 'react';
import { AlertCircle, CalendarCheck, Globe } from 'lucide-react';
import type { ManagedAppointment } from '@contracts/scheduling';
import { errorMessage, isApiError } from '@/lib/api-client';
import { label12h, localDateTime, timeZoneLabel } from '@/lib/time-labels';
import { cn } from '@/lib/utils';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useBookingRules, useOfferedTimes, useRescheduleAppointment } from '@/features/appointment-link/api/appointment-link-api';
import { closedDayReason, closedWeekdaysNote, firstOpenDay, lastBookableDay, longDate, splitWallClock, todayIn, type DayRules } from '@/features/appointment-link/lib/appointment-time';

interface ReschedulePanelProps {
  token: string;
  slug: string;
  managed: ManagedAppointment;
  onMoved: (answer: ManagedAppointment) => void;
  onClose: () => void;
  /** A refusal that may mean the policy no longer allows changes: the page reads the appointment again. */
  onRefused: () => void;
}

/** Choosing another of the times the booking page offers: a day within the booking window, then one of its times. */
export function ReschedulePanel({ token, slug, managed, onMoved, onClose, onRefused }: ReschedulePanelProps) {
  const rules = useBookingRules(slug);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // On a phone the panel opens below the details: take the customer to it.
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, []);

  return (
    <Card id="reschedule-panel" aria-labelledby="reschedule-title" data-testid="reschedule-panel">
      <CardHeader>
        <CardTitle id="reschedule-title" ref={heading} tabIndex={-1} className="text-lg outline-none">
          Choose a new time
        </CardTitle>
        <CardDescription className="inline-flex items-center gap-1.5">
          <Globe className="size-4 shrink-0" aria-hidden />
          Times are in {timeZoneLabel(managed.appointment.timeZone)}
        </CardDescription>
      </CardHeader>
      {rules.isPending ? (
        <CardContent className="space-y-3" aria-busy="true" aria-label="Loading the available days">
          <Skeleton className="h-9 w-56" />
          <Skeleton className="h-24 w-full" />
        </CardContent>
      ) : rules.isError ? (
        <CardContent className="flex flex-col items-start gap-2 text-sm">
          <p>The available days could not be loaded.</p>
          <Button size="sm" variant="outline" onClick={() => void rules.refetch()}>
            Try again
          </Button>
        </CardContent>
      ) : (
        <TimeChooser token={token} slug={slug} managed={managed} rules={rules.data} onMoved={onMoved} onClose={onClose} onRefused={onRefused} />
      )}
    </Card>
  );
}

function TimeChooser({ token, slug, managed, rules, onMoved, onClose, onRefused }: ReschedulePanelProps & { rules: DayRules }) {
  const { appointment } = managed;
  const current = splitWallClock(appointment.appointmentDate);
  const today = todayIn(appointment.timeZone);
  const last = lastBookableDay(today, rules);
  // The appointment's own day first (its other times), else the first open day.
  const [date, setDate] = useState(() => firstOpenDay(current.date, today, rules) ?? today);
  const [time, setTime] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const closed = closedDayReason(date, today, rules);
  const offered = useOfferedTimes(slug, closed ? null : date, appointment.serviceId);
  const move = useRescheduleAppointment(token);
  const dateId = useId();
  const hintId = useId();
  const closedId = useId();
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView({ block: 'center' });
  }, [problem]);

  // The time already booked is not a move.
  const slots = (offered.data ?? []).filter((s) => s.appointmentDate.slice(0, 16) !== appointment.appointmentDate.slice(0, 16));
  const chooseDate = (value: string) => {
    setDate(value);
    setTime(null);
    setProblem(null);
  };

  const confirm = () => {
    if (!time) return;
    setProblem(null);
    move.mutate(localDateTime(date, time), {
      onSuccess: onMoved,
      onError: (error) => {
        if (isApiError(error, 409) || isApiError(error, 400)) {
          // Taken meanwhile, or no longer allowed: say so, offer the times as they now are.
          setProblem(errorMessage(error));
          setTime(null);
          void offered.refetch();
          if (isApiError(error, 409)) onRefused();
        } else {
          toast({ variant: 'destructive', title: 'Could not move the appointment', description: errorMessage(error, 'Please try again.') });
        }
      },
    });
  };

  return (
    <>
      <CardContent className="grid gap-6 md:grid-cols-[15rem_1fr]">
        <div className="space-y-2">
          <Label htmlFor={dateId}>New date</Label>
          <Input
            id={dateId}
            type="date"
            value={date}
            min={today}
            max={last}
            aria-describedby={closed ? `${hintId} ${closedId}` : hintId}
            aria-invalid={closed ? true : undefined}
            onChange={(e) => chooseDate(e.target.value)}
            className="w-full"
          />
          <p id={hintId} className="text-xs text-muted-foreground">
            Any open day up to {longDate(last)}. {closedWeekdaysNote(rules)}
          </p>
        </div>
        <section aria-labelledby="times-title" className="min-w-0">
          <h3 id="times-title" className="mb-3 font-semibold">
            {closed ? 'Available times' : `Available times for ${longDate(date)}`}
          </h3>
          {problem && (
            <Alert ref={problemRef} variant="destructive" className="mb-3" data-testid="reschedule-problem">
              <AlertCircle aria-hidden />
              <AlertTitle>{problem}</AlertTitle>
              <AlertDescription>Please choose another time.</AlertDescription>
            </Alert>
          )}
          {closed ? (
            <p id={closedId} className="rounded-lg border border-dashed p-5 text-center text-sm text-muted-foreground">
              {closed}
            </p>
          ) : offered.isPending ? (
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-busy="true" aria-label="Loading times">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} className="h-10" />
              ))}
            </div>
          ) : offered.isError ? (
            <div className="flex flex-col items-start gap-2 rounded-lg border p-4 text-sm">
              <p>The available times could not be loaded.</p>
              <Button size="sm" variant="outline" onClick={() => void offered.refetch()}>
                Try again
              </Button>
            </div>
          ) : slots.length === 0 ? (
            <p className="rounded-lg border border-dashed p-5 text-center text-sm text-muted-foreground">No available times on this day. Please choose another date.</p>
          ) : (
            <div role="group" aria-label="Available times" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {slots.map((slot) => {
                const chosen = slot.time === time;
                return (
                  <Button
                    key={slot.time}
                    variant={chosen ? 'default' : 'outline'}
                    aria-pressed={chosen}
                    className={cn('h-10 px-2', chosen && 'ring-2 ring-primary/30')}
                    onClick={() => {
                      setTime(slot.time);
                      setProblem(null);
                    }}
                  >
                    {label12h(slot.time)}
                  </Button>
                );
              })}
            </div>
          )}
        </section>
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm" aria-live="polite" data-testid="reschedule-choice">
          {time ? (
            <>
              New time: <span className="font-semibold">{longDate(date)} at {label12h(time)}</span>
            </>
          ) : (
            <span className="text-muted-foreground">Choose a day and a time.</span>
          )}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="ghost" onClick={onClose} disabled={move.isPending}>
            Keep current time
          </Button>
          <Button onClick={confirm} disabled={!time || move.isPending}>
            <CalendarCheck aria-hidden />
            {move.isPending ? 'Moving...' : 'Confirm new time'}
          </Button>
        </div>
      </CardFooter>
    </>
  );
}
