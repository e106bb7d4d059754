import { CalendarDays, Clock, Globe, Tag, UserRound } from 'lucide-react';
import type { PublicService } from '@contracts/scheduling';
import { formatMoney } from '@contracts/money';
import { longDate } from '@/features/booking/calendar';
import { durationLabel, label12h, timeZoneLabel } from '@/lib/time-labels';

/** `staffName`: the person the visitor chose (left out for any available). */
export function BookingSummary({ service, date, time, timeZone, staffName }: { service: PublicService; date: string; time: string; timeZone: string; staffName?: string | null }) {
  return (
    <dl className="grid gap-3 rounded-xl border bg-muted/40 p-4 text-sm">
      <div className="flex items-start gap-2">
        <Tag className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <dt className="sr-only">Service</dt>
        <dd>
          <span className="font-semibold">{service.name}</span>
          <span className="text-muted-foreground">
            {' '}
            · {durationLabel(service.duration)} · {formatMoney(service.price)}
          </span>
        </dd>
      </div>
      <div className="flex items-start gap-2">
        <CalendarDays className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <dt className="sr-only">Date</dt>
        <dd>{longDate(date)}</dd>
      </div>
      <div className="flex items-start gap-2">
        <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <dt className="sr-only">Time</dt>
        <dd>{label12h(time)}</dd>
      </div>
      {staffName && (
        <div className="flex items-start gap-2">
          <UserRound className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <dt className="sr-only">With</dt>
          <dd>With {staffName}</dd>
        </div>
      )}
      <div className="flex items-start gap-2">
        <Globe className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <dt className="sr-only">Time zone</dt>
        <dd>{timeZoneLabel(timeZone)}</dd>
      </div>
    </dl>
  );
}
