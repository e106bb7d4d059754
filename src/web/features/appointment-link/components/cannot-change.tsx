import { Link } from 'react-router';
import { CalendarPlus, CalendarX, Info, Mail, Phone } from 'lucide-react';
import { formatPhone } from '@contracts/format';
import { CHANGE_MESSAGES, type ManagedAppointment } from '@contracts/scheduling';
import { Button } from '@/components/ui/button';

type Organization = ManagedAppointment['organization'];

/** The organization's phone and e-mail, as links. */
export function ContactLinks({ organization }: { organization: Organization }) {
  if (!organization.phone && !organization.email) return null;
  return (
    <ul className="flex flex-col gap-1.5 sm:flex-row sm:flex-wrap sm:gap-x-5" aria-label={`Contact ${organization.name}`}>
      {organization.phone && (
        <li>
          <a href={`tel:${organization.phone}`} className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline">
            <Phone className="size-4" aria-hidden />
            {formatPhone(organization.phone)}
          </a>
        </li>
      )}
      {organization.email && (
        <li>
          <a href={`mailto:${organization.email}`} className="inline-flex items-center gap-1.5 font-medium break-all text-primary underline-offset-4 hover:underline">
            <Mail className="size-4" aria-hidden />
            {organization.email}
          </a>
        </li>
      )}
    </ul>
  );
}

/**
 * Why the appointment cannot be changed here (the server's words, `reason`), and whom to call instead; a cancelled
 * appointment offers booking another time.
 */
export function CannotChange({ reason, organization, justCancelled }: { reason: string; organization: Organization; justCancelled: boolean }) {
  const cancelled = reason === CHANGE_MESSAGES.cancelled;
  const hasContact = Boolean(organization.phone || organization.email);
  return (
    <section
      aria-labelledby="cannot-change-title"
      data-testid={cancelled ? 'appointment-cancelled' : 'appointment-locked'}
      className={cancelled ? 'rounded-lg border border-slate-200 bg-slate-50 p-4' : 'rounded-lg border border-amber-200 bg-amber-50 p-4'}
    >
      <div className="flex gap-3">
        {cancelled ? <CalendarX className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden /> : <Info className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />}
        <div className="min-w-0 space-y-2 text-sm">
          <h2 id="cannot-change-title" className="text-base font-semibold">
            {reason}
          </h2>
          {cancelled ? (
            <p>{justCancelled ? `We've let ${organization.name} know and sent you a confirmation by e-mail.` : `Need another time? Book again, or contact ${organization.name}.`}</p>
          ) : (
            <p>
              {reason === CHANGE_MESSAGES.past ? 'Questions about it? ' : 'To reschedule or cancel, '}
              {hasContact ? `please contact ${organization.name}:` : `please contact ${organization.name} directly.`}
            </p>
          )}
          {!cancelled && <ContactLinks organization={organization} />}
          {cancelled && organization.slug && (
            <Button asChild size="sm" variant="outline" className="mt-1">
              <Link to={`/schedule/${encodeURIComponent(organization.slug)}`}>
                <CalendarPlus aria-hidden />
                Book another time
              </Link>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
