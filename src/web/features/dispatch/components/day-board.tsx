// The day view (docs/rules/team.md#dispatch-board): a row per staff member, half-hour drop cells across, hours outside
// the person's own (or on time off) shaded, each appointment a card placed by its time and length. The board scrolls
// sideways inside its frame; the names stay put.
import { useDroppable } from '@dnd-kit/core';
import type { DispatchAppointment, DispatchStaff } from '@contracts/dispatch';
import { cn } from '@/lib/utils';
import { byPerson, dayWindow, isOffHours, placement, slotTimes, timeText } from '@/features/dispatch/lib/board';
import { WorkCard } from '@/features/dispatch/components/work-card';

/** Pixels per half-hour cell, per row and for the names. */
export const CELL_WIDTH = 60;
const ROW_HEIGHT = 104;
export const NAME_WIDTH = 152;

/** Where a drop lands: a person at a time (the day view) or on a whole day (the week view). */
export type DropTarget = { kind: 'slot'; userId: number; date: string; time: string } | { kind: 'day'; userId: number; date: string };

function Cell({ person, date, time, enabled }: { person: DispatchStaff; date: string; time: string; enabled: boolean }) {
  const target: DropTarget = { kind: 'slot', userId: person.id, date, time };
  const { setNodeRef, isOver } = useDroppable({ id: `slot-${person.id}-${date}-${time}`, data: target, disabled: !enabled });
  const off = isOffHours(person, date, time);
  return (
    <div
      ref={setNodeRef}
      data-testid="dispatch-slot"
      data-person={person.id}
      data-time={time}
      data-off={off || undefined}
      className={cn(
        'h-full shrink-0 border-r border-dashed border-border/70',
        time.endsWith(':30') && 'border-solid',
        off && 'bg-[repeating-linear-gradient(135deg,var(--color-muted)_0,var(--color-muted)_6px,transparent_6px,transparent_10px)]',
        isOver && 'bg-primary/15 ring-2 ring-primary ring-inset',
      )}
      style={{ width: CELL_WIDTH }}
    />
  );
}

function hoursText(person: DispatchStaff, date: string): string {
  const h = person.hours.find((d) => d.date === date);
  return h?.enabled ? `${timeText(h.start, true)} – ${timeText(h.end, true)}` : 'Not working';
}

export function DayBoard({ date, staff, appointments, canDrag }: { date: string; staff: DispatchStaff[]; appointments: DispatchAppointment[]; canDrag: boolean }) {
  const window = dayWindow(date, staff, appointments);
  const times = slotTimes(window);
  const width = times.length * CELL_WIDTH;
  const rows = byPerson(appointments.filter((a) => a.start.startsWith(date)));

  return (
    <div className="overflow-x-auto rounded-lg border bg-card" data-testid="dispatch-day" role="region" aria-label={`Board for ${date}`} tabIndex={0}>
      <div style={{ width: NAME_WIDTH + width }}>
        <div className="flex border-b bg-muted/40 text-xs text-muted-foreground">
          <div className="sticky left-0 z-20 shrink-0 border-r bg-muted px-3 py-2 font-medium" style={{ width: NAME_WIDTH }}>
            Staff
          </div>
          {times
            .filter((t) => t.endsWith(':00'))
            .map((t) => (
              <div key={t} className="shrink-0 border-r px-1.5 py-2" style={{ width: CELL_WIDTH * 2 }}>
                {timeText(t, true)}
              </div>
            ))}
        </div>
        {staff.map((person) => (
          <div key={person.id} className="flex border-b last:border-b-0" style={{ height: ROW_HEIGHT }} data-testid="dispatch-row" data-person={person.id}>
            <div className="sticky left-0 z-20 flex shrink-0 flex-col justify-center border-r bg-card px-3" style={{ width: NAME_WIDTH }}>
              <span className="truncate text-sm font-medium" data-testid="dispatch-person">
                {person.name}
              </span>
              <span className="truncate text-xs text-muted-foreground">{hoursText(person, date)}</span>
            </div>
            <div className="relative flex h-full" style={{ width }}>
              {times.map((t) => (
                <Cell key={t} person={person} date={date} time={t} enabled={canDrag} />
              ))}
              {(rows.get(person.id) ?? []).map((a) => {
                const place = placement(a, window);
                return (
                  <WorkCard
                    key={a.id}
                    item={{ kind: 'appointment', appointment: a, fromUserId: person.id, origin: 'board' }}
                    canDrag={canDrag}
                    layout="block"
                    style={{ left: `calc(${place.left * 100}% + 1px)`, width: `calc(${place.width * 100}% - 2px)` }}
                  />
                );
              })}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
