import { CalendarDays, Clock, Globe, Tag } from 'lucide-react';
import type { PublicService } from '@contracts/scheduling';
import { formatMoney } from '@contracts/money';
import { longDate } from '@/features/booking/calendar';
import { durationLabel, label12h, timeZoneLabel } from '@/lib/time-labels';

export function BookingSummary({ service, date, time, timeZone }: { service: PublicService; date: string; time: string; timeZone: string }) {
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
      <div className="flex items-start gap-2">
        <Globe className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <dt className="sr-only">Time zone</dt>
        <dd>{timeZoneLabel(timeZone)}</dd>
      </div>
    </dl>
  );
}
