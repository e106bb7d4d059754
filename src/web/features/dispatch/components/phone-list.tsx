// On a phone the board is a list (docs/rules/team.md#dispatch-board): each person with their appointments in time
// order, by day in the week view. Moving work is for a tablet or a computer.
import type { DispatchAppointment, DispatchStaff } from '@contracts/dispatch';
import { byPerson, dayLabel, dateOfStart } from '@/features/dispatch/lib/board';
import { WorkCard } from '@/features/dispatch/components/work-card';

export function PhoneList({ dates, staff, appointments }: { dates: string[]; staff: DispatchStaff[]; appointments: DispatchAppointment[] }) {
  const rows = byPerson(appointments);
  return (
    <div className="grid gap-4" data-testid="dispatch-phone">
      {staff.map((person) => {
        const mine = rows.get(person.id) ?? [];
        return (
          <section key={person.id} className="grid gap-2 rounded-lg border bg-card p-3" aria-label={person.name} data-testid="dispatch-row" data-person={person.id}>
            <h2 className="font-semibold" data-testid="dispatch-person">
              {person.name}
            </h2>
            {mine.length === 0 && <p className="text-sm text-muted-foreground">Nothing booked.</p>}
            {dates.map((d) => {
              const day = mine.filter((a) => dateOfStart(a.start) === d);
              if (day.length === 0) return null;
              return (
                <div key={d} className="grid gap-1.5">
                  {dates.length > 1 && <h3 className="text-xs font-medium text-muted-foreground">{dayLabel(d)}</h3>}
                  {day.map((a) => (
                    <WorkCard key={a.id} item={{ kind: 'appointment', appointment: a, fromUserId: person.id, origin: 'board' }} canDrag={false} layout="stack" />
                  ))}
                </div>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}
