import { ChevronLeft, ChevronRight, Pencil, Plus, Repeat, UserRound } from 'lucide-react';
import type { Appointment } from '@contracts/scheduling';
import { statusLabel } from '@contracts/format';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { appointmentStatusLabel, assigneesLabel, dayName, durationLabel, HELD_STATUS, priceLabel, shortDate, splitWallClock, timeLabel, weekRangeLabel } from '@/features/scheduling/scheduling-logic';

interface AppointmentsTabProps {
  days: string[];
  today: string;
  appointments: Appointment[] | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  canManage: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  onAdd: () => void;
  onEdit: (appointment: Appointment) => void;
}

/** A week of seven day cards from Sunday; they stack on a phone. */
export function AppointmentsTab(p: AppointmentsTabProps) {
  const byDay = new Map<string, Appointment[]>();
  for (const a of p.appointments ?? []) {
    const { date } = splitWallClock(a.appointmentDate);
    byDay.set(date, [...(byDay.get(date) ?? []), a]);
  }
  return (
    <div>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <Button variant="outline" size="icon" onClick={p.onPrevious} aria-label="Previous week">
            <ChevronLeft aria-hidden />
          </Button>
          <Button variant="outline" onClick={p.onToday}>
            Today
          </Button>
          <Button variant="outline" size="icon" onClick={p.onNext} aria-label="Next week">
            <ChevronRight aria-hidden />
          </Button>
          <h2 className="ml-2 text-lg font-semibold" data-testid="week-range">
            {weekRangeLabel(p.days[0])}
          </h2>
        </div>
        {p.canManage && (
          <Button onClick={p.onAdd}>
            <Plus aria-hidden />
            Add Appointment
          </Button>
        )}
      </div>
      {p.error ? (
        <Alert variant="destructive">
          <AlertTitle>Failed to load appointments</AlertTitle>
          <AlertDescription>{errorMessage(p.error)}</AlertDescription>
        </Alert>
      ) : (
        <div className={cn('grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-4 xl:grid-cols-7', p.isFetching && !p.isPending && 'opacity-70 transition-opacity')} data-testid="week-view">
          {p.days.map((day) => {
            const isToday = day === p.today;
            const list = byDay.get(day) ?? [];
            return (
              <Card key={day} className={cn('flex min-h-32 flex-col p-3', isToday && 'border-primary bg-primary/5 ring-1 ring-primary')} data-testid={`day-${day}`} aria-current={isToday ? 'date' : undefined}>
                <div className="mb-2 flex items-baseline justify-between gap-2 xl:flex-col xl:gap-0">
                  <span className={cn('text-sm font-semibold', isToday && 'text-primary')}>{dayName(day)}</span>
                  <span className="text-xs text-muted-foreground">{shortDate(day)}</span>
                </div>
                {p.isPending ? (
                  <Skeleton className="h-12 w-full" />
                ) : list.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Available</p>
                ) : (
                  <ul className="space-y-2">
                    {list.map((a) => (
                      <AppointmentItem key={a.id} appointment={a} canManage={p.canManage} onEdit={() => p.onEdit(a)} />
                    ))}
                  </ul>
                )}
              </Card>
            );
          })}
        </div>
      )}
    </div>
  );
}

function AppointmentItem({ appointment: a, canManage, onEdit }: { appointment: Appointment; canManage: boolean; onEdit: () => void }) {
  const { time } = splitWallClock(a.appointmentDate);
  const cancelled = a.status === 'cancelled';
  return (
    // Cancelled visits are set back with a dashed, muted card rather than transparency, which would fade the text below 4.5:1.
    <li
      className={cn('rounded-md border p-2 text-sm', cancelled ? 'border-dashed bg-muted/60 text-muted-foreground' : 'bg-background')}
      data-testid="appointment-item"
    >
      <div className="flex items-center justify-between gap-1">
        <span className="font-medium whitespace-nowrap">{timeLabel(time)}</span>
        {canManage && (
          <Button variant="ghost" size="icon" className="-my-1 size-7 shrink-0" onClick={onEdit} aria-label={`Edit appointment with ${a.customerName || a.customerEmail}`}>
            <Pencil className="size-3.5" aria-hidden />
          </Button>
        )}
      </div>
      <div className={cn('break-words', cancelled && 'line-through')}>{a.customerName || a.customerEmail}</div>
      <div className="text-xs break-words text-muted-foreground">
        {a.serviceName ?? 'No service'} · {durationLabel(a.duration)}
      </div>
      {a.series && (
        <div className="mt-1 text-xs break-words text-muted-foreground" data-testid="appointment-series">
          <Repeat className="mr-1 inline size-3.5 align-[-2px]" aria-hidden />
          {a.series.summary}
        </div>
      )}
      {/* Who holds the time (docs/rules/team.md#assignment). */}
      {/* The icon sits in the line, so in a narrow day column the names wrap under it rather than break mid-word. */}
      <div className={cn('mt-1 text-xs break-words', a.assignees.length === 0 && 'text-muted-foreground')} data-testid="appointment-assignees">
        <UserRound className="mr-1 inline size-3.5 align-[-2px] text-muted-foreground" aria-hidden />
        {a.assignees.length > 0 && <span className="sr-only">Assigned to </span>}
        {assigneesLabel(a.assignees)}
      </div>
      {/* A held online booking (docs/rules/scheduling.md#holding-a-booking): what holds it, or what it is still waiting for. */}
      {a.hold && a.status !== HELD_STATUS && (a.hold.depositPaid !== null || a.hold.card) && (
        <div className="mt-1 text-xs break-words text-muted-foreground" data-testid="appointment-hold">
          {a.hold.depositPaid !== null ? `Deposit paid ${priceLabel(a.hold.depositPaid)}` : `Card on file: ${a.hold.card}`}
        </div>
      )}
      <Badge
        variant={a.status === 'confirmed' ? 'default' : a.status === HELD_STATUS ? 'outline' : 'secondary'}
        className={cn('mt-1', a.status === HELD_STATUS && 'border-amber-300 bg-amber-50 text-amber-900')}
      >
        {appointmentStatusLabel(a, statusLabel)}
      </Badge>
    </li>
  );
}
