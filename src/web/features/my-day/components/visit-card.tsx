// One visit on the phone (docs/rules/team.md#my-day): when, what, who, where (a map link), the phone (tap to call),
// notes and the state, with big buttons for the next step: On my way and Start before work, Complete once started.
import { CheckCircle2, MapPin, Navigation, Phone, Play, Wrench } from 'lucide-react';
import type { MyDayVisit } from '@contracts/my-day';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { mapsUrl, phoneLabel, stageLabel, stageOf, telUrl, wallTime } from '@/features/my-day/lib/visit-display';

interface Props {
  visit: MyDayVisit;
  timeZone: string;
  meId: number | null;
  busy: boolean;
  onOnMyWay: () => void;
  onStart: () => void;
  onComplete: () => void;
}

const STAGE_STYLE: Record<ReturnType<typeof stageOf>, string> = {
  booked: 'border-transparent bg-secondary text-secondary-foreground',
  'on-the-way': 'border-transparent bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
  started: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  completed: 'border-transparent bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  'no-show': 'border-transparent bg-muted text-muted-foreground',
};

export function VisitCard({ visit, timeZone, meId, busy, onOnMyWay, onStart, onComplete }: Props) {
  const stage = stageOf(visit);
  const others = visit.assignees.filter((a) => a.id !== meId);
  const title = visit.serviceName ?? visit.job?.title ?? 'Visit';
  return (
    <Card className={cn(stage === 'completed' && 'bg-muted/30')} data-testid="my-day-visit">
      <CardContent className="grid gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-lg font-semibold tabular-nums" data-testid="visit-time">
              {wallTime(visit.start)} – {wallTime(visit.end)}
            </p>
            <h2 id={`visit-${visit.id}-title`} className="font-medium break-words">
              {title}
            </h2>
          </div>
          <Badge className={cn('whitespace-normal text-left', STAGE_STYLE[stage])} data-testid="visit-state">
            {stageLabel(visit, timeZone)}
          </Badge>
        </div>

        {visit.job && (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <Wrench className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">
              {visit.job.number} · {visit.job.title}
            </span>
          </p>
        )}

        <div className="grid gap-1.5">
          <p className="font-medium break-words">{visit.customerName ?? 'No customer name'}</p>
          {visit.address && (
            <a
              href={mapsUrl(visit.address)}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-h-11 items-center gap-2 rounded-md text-primary underline-offset-4 hover:underline sm:min-h-8"
              data-testid="visit-address"
            >
              <MapPin className="size-5 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">{visit.address}</span>
            </a>
          )}
          {visit.customerPhone && (
            <a href={telUrl(visit.customerPhone)} className="flex min-h-11 items-center gap-2 rounded-md text-primary underline-offset-4 hover:underline sm:min-h-8" data-testid="visit-phone">
              <Phone className="size-5 shrink-0" aria-hidden />
              <span>Call {phoneLabel(visit.customerPhone)}</span>
            </a>
          )}
        </div>

        {visit.notes && (
          <p className="rounded-md bg-muted/60 p-3 text-sm break-words whitespace-pre-line" data-testid="visit-notes">
            {visit.notes}
          </p>
        )}
        {others.length > 0 && <p className="text-sm text-muted-foreground">With {others.map((a) => a.name).join(', ')}</p>}

        {(stage === 'booked' || stage === 'on-the-way') && (
          <div className="grid grid-cols-2 gap-2 pt-1">
            <Button variant="outline" className="h-12 text-base" onClick={onOnMyWay} disabled={busy}>
              <Navigation aria-hidden />
              On my way
            </Button>
            <Button className="h-12 text-base" onClick={onStart} disabled={busy}>
              <Play aria-hidden />
              Start
            </Button>
          </div>
        )}
        {stage === 'started' && (
          <Button className="h-12 w-full text-base" onClick={onComplete} disabled={busy}>
            <CheckCircle2 aria-hidden />
            Complete
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
