// The side list (docs/rules/team.md#dispatch-board): appointments of the shown days with nobody on them, then open
// jobs without a coming visit. Dragged onto a person, an appointment is assigned and a job scheduled.
import type { DispatchAppointment, DispatchJob } from '@contracts/dispatch';
import { dayLabel, dateOfStart } from '@/features/dispatch/lib/board';
import { WorkCard } from '@/features/dispatch/components/work-card';

export function UnassignedList({
  appointments,
  jobs,
  showDates,
  canDrag,
  canSchedule,
}: {
  appointments: DispatchAppointment[];
  jobs: DispatchJob[];
  /** The week view: each appointment says its day. */
  showDates: boolean;
  canDrag: boolean;
  /** manage_appointments and assign_work_orders: jobs can be dragged too. */
  canSchedule: boolean;
}) {
  return (
    <aside className="grid content-start gap-4 rounded-lg border bg-card p-3" aria-labelledby="dispatch-unassigned-title" data-testid="dispatch-unassigned">
      <h2 id="dispatch-unassigned-title" className="font-semibold">
        Unassigned
      </h2>
      <section className="grid gap-2" aria-labelledby="dispatch-open-appointments">
        <h3 id="dispatch-open-appointments" className="text-sm font-medium text-muted-foreground">
          Appointments ({appointments.length})
        </h3>
        {appointments.length === 0 && <p className="text-sm text-muted-foreground">Everyone’s appointments have someone on them.</p>}
        {appointments.map((a) => (
          <div key={a.id} className="grid gap-0.5">
            {showDates && <span className="text-[11px] text-muted-foreground">{dayLabel(dateOfStart(a.start))}</span>}
            <WorkCard item={{ kind: 'appointment', appointment: a, fromUserId: null, origin: 'list' }} canDrag={canDrag} layout="stack" />
          </div>
        ))}
      </section>
      <section className="grid gap-2" aria-labelledby="dispatch-open-jobs">
        <h3 id="dispatch-open-jobs" className="text-sm font-medium text-muted-foreground">
          Jobs to schedule ({jobs.length})
        </h3>
        {jobs.length === 0 && <p className="text-sm text-muted-foreground">Every open job has a visit.</p>}
        {jobs.map((j) => (
          <WorkCard key={j.id} item={{ kind: 'job', job: j, origin: 'list' }} canDrag={canSchedule} layout="stack" />
        ))}
      </section>
    </aside>
  );
}
