import type { ReactNode } from 'react';
import { CalendarDays, Clock, Globe, Hourglass, Tag, UserRound } from 'lucide-react';
import type { ManagedAppointment } from '@contracts/scheduling';
import { durationLabel, label12h, timeZoneLabel } from '@/lib/time-labels';
import { longDate, splitWallClock, timeAfter } from '@/features/appointment-link/lib/appointment-time';

function Row({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    // A dl's rows hold only dt and dd: the icon sits in the dt, beside the text by its padding.
    <div className="relative min-w-0 pl-7">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        <span className="absolute top-0.5 left-0 text-muted-foreground">{icon}</span>
        {term}
      </dt>
      <dd className="mt-0.5 font-medium break-words">{children}</dd>
    </div>
  );
}

/** What is booked: the service, its day and hours on the organization's clock (the zone named), and who is coming. */
export function AppointmentDetails({ appointment }: { appointment: ManagedAppointment['appointment'] }) {
  const { date, time } = splitWallClock(appointment.appointmentDate);
  // The zone's abbreviation on the appointment's own day (CDT in summer, CST in winter).
  const zone = timeZoneLabel(appointment.timeZone, new Date(`${date}T12:00:00Z`));
  const icon = 'size-4';
  return (
    <dl className="grid gap-4 sm:grid-cols-2" data-testid="appointment-details">
      <Row icon={<Tag className={icon} aria-hidden />} term="Service">
        {appointment.serviceName ?? 'Appointment'}
      </Row>
      <Row icon={<CalendarDays className={icon} aria-hidden />} term="Date">
        <span data-testid="appointment-date">{longDate(date)}</span>
      </Row>
      <Row icon={<Clock className={icon} aria-hidden />} term="Time">
        <span data-testid="appointment-time">
          {label12h(time)} – {label12h(timeAfter(time, appointment.duration))}
        </span>
      </Row>
      <Row icon={<Globe className={icon} aria-hidden />} term="Time zone">
        {zone}
      </Row>
      <Row icon={<Hourglass className={icon} aria-hidden />} term="Duration">
        {durationLabel(appointment.duration)}
      </Row>
      {appointment.staffName && (
        <Row icon={<UserRound className={icon} aria-hidden />} term="Who is coming">
          {appointment.staffName}
        </Row>
      )}
    </dl>
  );
}
