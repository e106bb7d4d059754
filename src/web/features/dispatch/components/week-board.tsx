// The week view (docs/rules/team.md#dispatch-board): a row per staff member, a column per day, each day's cards in time
// order. A drop on a day keeps the appointment's time (a job starts at the person's first hour that day).
import { useDroppable } from '@dnd-kit/core';
import type { DispatchAppointment, DispatchStaff } from '@contracts/dispatch';
import { cn } from '@/lib/utils';
import { byPerson, dayLabel, dateOfStart } from '@/features/dispatch/lib/board';
import { WorkCard } from '@/features/dispatch/components/work-card';
import { NAME_WIDTH, type DropTarget } from '@/features/dispatch/components/day-board';

const DAY_WIDTH = 156;

function DayCell({ person, date, today, cards, canDrag }: { person: DispatchStaff; date: string; today: string; cards: DispatchAppointment[]; canDrag: boolean }) {
  const target: DropTarget = { kind: 'day', userId: person.id, date };
  const { setNodeRef, isOver } = useDroppable({ id: `day-${person.id}-${date}`, data: target, disabled: !canDrag });
  const hours = person.hours.find((h) => h.date === date);
  const away = person.timeOff.some((t) => t.startsAt < `${date}T23:59:59` && t.endsAt > `${date}T00:00:00`);
  return (
    <div
      ref={setNodeRef}
      data-testid="dispatch-day-cell"
      data-person={person.id}
      data-date={date}
      className={cn(
        'flex min-h-24 shrink-0 flex-col gap-1 border-r p-1 last:border-r-0',
        !hours?.enabled && 'bg-[repeating-linear-gradient(135deg,var(--color-muted)_0,var(--color-muted)_6px,transparent_6px,transparent_10px)]',
        date === today && 'bg-primary/5',
        isOver && 'bg-primary/15 ring-2 ring-primary ring-inset',
      )}
      style={{ width: DAY_WIDTH }}
    >
      {away && <span className="text-[11px] text-muted-foreground">Time off</span>}
      {cards.map((a) => (
        <WorkCard key={a.id} item={{ kind: 'appointment', appointment: a, fromUserId: person.id, origin: 'board' }} canDrag={canDrag} layout="stack" />
      ))}
    </div>
  );
}

export function WeekBoard({ dates, today, staff, appointments, canDrag }: { dates: string[]; today: string; staff: DispatchStaff[]; appointments: DispatchAppointment[]; canDrag: boolean }) {
  const rows = byPerson(appointments);
  return (
    <div className="overflow-x-auto rounded-lg border bg-card" data-testid="dispatch-week" role="region" aria-label={`Board for the week of ${dates[0]}`} tabIndex={0}>
      <div style={{ width: NAME_WIDTH + dates.length * DAY_WIDTH }}>
        <div className="flex border-b bg-muted/40 text-xs text-muted-foreground">
          <div className="sticky left-0 z-20 shrink-0 border-r bg-muted px-3 py-2 font-medium" style={{ width: NAME_WIDTH }}>
            Staff
          </div>
          {dates.map((d) => (
            <div key={d} className={cn('shrink-0 border-r px-2 py-2 last:border-r-0', d === today && 'font-semibold text-foreground')} style={{ width: DAY_WIDTH }}>
              {dayLabel(d)}
            </div>
          ))}
        </div>
        {staff.map((person) => {
          const mine = rows.get(person.id) ?? [];
          return (
            <div key={person.id} className="flex border-b last:border-b-0" data-testid="dispatch-row" data-person={person.id}>
              <div className="sticky left-0 z-20 flex shrink-0 items-start border-r bg-card px-3 py-2" style={{ width: NAME_WIDTH }}>
                <span className="truncate text-sm font-medium" data-testid="dispatch-person">
                  {person.name}
                </span>
              </div>
              {dates.map((d) => (
                <DayCell key={d} person={person} date={d} today={today} cards={mine.filter((a) => dateOfStart(a.start) === d)} canDrag={canDrag} />
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
