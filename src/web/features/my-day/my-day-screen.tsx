// My day (/my-day; docs/rules/team.md#my-day): the signed-in staff member's own visits of a day, phone first. A date
// switcher (Prev, Today, Next), a card per visit in time order, and On my way, Start and Complete on each.
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { MyDayVisit } from '@contracts/my-day';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCompleteVisit, useMyDay, useStartVisit } from '@/features/my-day/api';
import { VisitCard } from '@/features/my-day/components/visit-card';
import { dayLabel, shiftDate } from '@/features/my-day/lib/visit-display';

// The form (react-hook-form, zod) loads when first opened, not with the day.
const OnMyWayDialog = lazy(() => import('@/features/my-day/components/on-my-way-dialog').then((m) => ({ default: m.OnMyWayDialog })));

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function DateSwitcher({ date, today, onChange }: { date: string; today: string; onChange: (date: string | null) => void }) {
  const label = date === today ? `Today, ${dayLabel(date)}` : dayLabel(date);
  return (
    <nav aria-label="Day" className="grid gap-2">
      <p className="text-center text-lg font-semibold sm:text-left" aria-live="polite" data-testid="my-day-date">
        {label}
      </p>
      <div className="grid grid-cols-3 gap-2 sm:flex">
        <Button variant="outline" className="h-11" onClick={() => onChange(shiftDate(date, -1))}>
          <ChevronLeft aria-hidden />
          Prev
        </Button>
        <Button variant="outline" className="h-11" onClick={() => onChange(null)} disabled={date === today} aria-pressed={date === today}>
          Today
        </Button>
        <Button variant="outline" className="h-11" onClick={() => onChange(shiftDate(date, 1))}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}

export function MyDayScreen() {
  const { user: me } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('date');
  const date = asked && DATE.test(asked) ? asked : null;
  const day = useMyDay(date);
  const start = useStartVisit();
  const complete = useCompleteVisit();
  const [onMyWayFor, setOnMyWayFor] = useState<MyDayVisit | null>(null);
  const [completing, setCompleting] = useState<MyDayVisit | null>(null);

  const changeDate = (next: string | null) => setSearchParams(next && next !== day.data?.today ? { date: next } : {}, { replace: true });
  const busyId = start.isPending ? start.variables.id : complete.isPending ? complete.variables.id : null;

  const startVisit = (visit: MyDayVisit) =>
    start.mutate(
      { id: visit.id, body: {} },
      {
        onSuccess: (result) => {
          const parts = [
            result.timer && result.visit.job ? `Your timer runs on ${result.visit.job.number}.` : 'No job on this visit, so no timer was started.',
            result.stoppedTimer ? `The timer on ${result.stoppedTimer.workOrderTitle ?? 'your previous job'} was stopped.` : null,
          ];
          toast({ title: 'Visit started', description: parts.filter(Boolean).join(' ') });
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Failed to start the visit', description: errorMessage(error) }),
      },
    );

  const completeVisit = (visit: MyDayVisit) =>
    complete.mutateAsync(
      { id: visit.id, body: {} },
      {
        onSuccess: (result) => toast({ title: 'Visit completed', description: result.stoppedTimerId ? 'Your timer on this job was stopped.' : undefined }),
        onError: (error) => toast({ variant: 'destructive', title: 'Failed to complete the visit', description: errorMessage(error) }),
      },
    );

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="My day" description="Your visits in order: get directions, call the customer, and tell them you are on your way." />
      <div className="grid gap-4">
        {day.data ? <DateSwitcher date={day.data.date} today={day.data.today} onChange={changeDate} /> : <Skeleton className="h-24 w-full" />}
        {day.isPending ? (
          <div className="grid gap-3" aria-busy="true" data-testid="my-day-loading">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-48 w-full" />
            ))}
          </div>
        ) : day.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Failed to load your day</AlertTitle>
            <AlertDescription>{isApiError(day.error, 403) ? 'Your role does not give access to this screen.' : errorMessage(day.error)}</AlertDescription>
          </Alert>
        ) : day.data.visits.length === 0 ? (
          <div className="rounded-xl border border-dashed px-4 py-12 text-center" data-testid="my-day-empty">
            <p className="font-medium">Nothing booked for you on this day.</p>
            <p className="mt-1 text-sm text-muted-foreground">Visits you are assigned to show here in time order.</p>
          </div>
        ) : (
          <ol className="grid gap-3" aria-label="Visits">
            {day.data.visits.map((visit) => (
              <li key={visit.id}>
                <VisitCard
                  visit={visit}
                  timeZone={day.data.timeZone}
                  meId={me?.id ?? null}
                  busy={busyId === visit.id}
                  onOnMyWay={() => setOnMyWayFor(visit)}
                  onStart={() => startVisit(visit)}
                  onComplete={() => setCompleting(visit)}
                />
              </li>
            ))}
          </ol>
        )}
        {day.data && <p className="text-center text-xs text-muted-foreground">Times are the organization’s ({day.data.timeZone.replace(/_/g, ' ')}).</p>}
      </div>
      <Suspense fallback={null}>
        {onMyWayFor && day.data && <OnMyWayDialog visit={onMyWayFor} from={day.data.from} timeZone={day.data.timeZone} onClose={() => setOnMyWayFor(null)} />}
      </Suspense>
      {completing && (
        <AlertDialog open onOpenChange={(open) => !open && !complete.isPending && setCompleting(null)}>
          <AlertDialogContent data-testid="complete-visit-dialog">
            <AlertDialogHeader>
              <AlertDialogTitle>Complete this visit?</AlertDialogTitle>
              <AlertDialogDescription>
                {completing.customerName ?? 'The visit'} is marked completed
                {completing.job ? ` and your timer on ${completing.job.number} stops` : ''}.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={complete.isPending}>Cancel</AlertDialogCancel>
              <Button
                disabled={complete.isPending}
                onClick={() =>
                  void completeVisit(completing).then(
                    () => setCompleting(null),
                    () => undefined,
                  )
                }
              >
                {complete.isPending ? 'Completing...' : 'Complete'}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      )}
    </div>
  );
}
