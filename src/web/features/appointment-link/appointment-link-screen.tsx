import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { CalendarClock, CalendarX, CheckCircle2, CircleAlert, SearchX } from 'lucide-react';
import { CHANGE_MESSAGES, type ManagedAppointment } from '@contracts/scheduling';
import { errorMessage, isApiError } from '@/lib/api-client';
import { label12h } from '@/lib/time-labels';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { PublicHeader } from '@/components/public/public-header';
import { PublicImpersonationBanner } from '@/components/public/public-impersonation-banner';
import { StatusBadge } from '@/components/status-badge';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { StateCard } from '@/components/public/state-card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCancelAppointment, useManagedAppointment } from '@/features/appointment-link/api/appointment-link-api';
import { AppointmentDetails } from '@/features/appointment-link/components/appointment-details';
import { CannotChange, ContactLinks } from '@/features/appointment-link/components/cannot-change';
import { ReschedulePanel } from '@/features/appointment-link/components/reschedule-panel';
import { longDate, splitWallClock } from '@/features/appointment-link/lib/appointment-time';

function PageSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading your appointment">
      <CardHeader className="gap-3">
        <Skeleton className="h-7 w-56" />
        <Skeleton className="h-4 w-40" />
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </CardContent>
    </Card>
  );
}

/** 'Wednesday, May 13, 2026 at 2:00 PM'. */
function whenText(appointmentDate: string): string {
  const { date, time } = splitWallClock(appointmentDate);
  return `${longDate(date)} at ${label12h(time)}`;
}

function MovedNotice({ appointmentDate }: { appointmentDate: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
    box.current?.scrollIntoView({ block: 'center' });
  }, [appointmentDate]);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      data-testid="appointment-moved"
      className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950 outline-none"
    >
      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
      <div className="space-y-1">
        <p className="text-base font-semibold">Your appointment has been moved</p>
        <p>
          New time: <span className="font-semibold">{whenText(appointmentDate)}</span>. We&apos;ve sent you an updated calendar invitation by e-mail.
        </p>
      </div>
    </div>
  );
}

interface AppointmentViewProps {
  token: string;
  managed: ManagedAppointment;
  onReload: () => void;
}

function AppointmentView({ token, managed, onReload }: AppointmentViewProps) {
  const { organization, appointment } = managed;
  const [rescheduling, setRescheduling] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [outcome, setOutcome] = useState<'moved' | 'cancelled' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const cancel = useCancelAppointment(token);
  const canReschedule = managed.canChange && organization.slug !== null;

  const confirmCancel = async () => {
    setRefusal(null);
    try {
      await cancel.mutateAsync();
      setOutcome('cancelled');
      setRescheduling(false);
    } catch (error) {
      // Refused by the policy meanwhile (too close now, cancelled elsewhere): say why and show the page as it stands.
      if (isApiError(error, 409)) {
        setRefusal(errorMessage(error));
        onReload();
        return;
      }
      toast({ variant: 'destructive', title: 'Could not cancel the appointment', description: errorMessage(error, 'Please try again.') });
      throw error;
    }
  };

  return (
    <div className="space-y-5">
      {outcome === 'moved' && <MovedNotice appointmentDate={appointment.appointmentDate} />}
      {refusal && refusal !== managed.reason && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertTitle>{refusal}</AlertTitle>
        </Alert>
      )}
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 border-b pb-5">
          <div className="min-w-0 space-y-1">
            <h1 className="text-2xl font-bold tracking-tight">Your appointment</h1>
            <p className="text-muted-foreground">with {organization.name}</p>
          </div>
          <div className="flex items-center gap-2 text-sm">
            <span className="sr-only">Status:</span>
            <StatusBadge status={appointment.status} className="text-sm" />
          </div>
        </CardHeader>
        <CardContent className="space-y-6 pt-6">
          <AppointmentDetails appointment={appointment} />
          {managed.canChange ? (
            <div className="space-y-3 border-t pt-5">
              <div className="flex flex-col gap-2 sm:flex-row">
                {canReschedule && (
                  <Button onClick={() => setRescheduling((open) => !open)} aria-expanded={rescheduling} aria-controls={rescheduling ? 'reschedule-panel' : undefined}>
                    <CalendarClock aria-hidden />
                    Reschedule
                  </Button>
                )}
                <Button variant="outline" className="text-red-700 hover:text-red-800" onClick={() => setConfirmingCancel(true)}>
                  <CalendarX aria-hidden />
                  Cancel appointment
                </Button>
              </div>
              <p className="text-sm text-muted-foreground">
                You can reschedule or cancel here up to {managed.cancellationHours} hours before the appointment.
                {!canReschedule && ` To move it, please contact ${organization.name}.`}
              </p>
              {!canReschedule && <ContactLinks organization={organization} />}
            </div>
          ) : (
            <CannotChange reason={managed.reason ?? CHANGE_MESSAGES.off} organization={organization} justCancelled={outcome === 'cancelled'} />
          )}
        </CardContent>
      </Card>
      {rescheduling && canReschedule && organization.slug && (
        <ReschedulePanel
          token={token}
          slug={organization.slug}
          managed={managed}
          onClose={() => setRescheduling(false)}
          onRefused={onReload}
          onMoved={() => {
            setRescheduling(false);
            setRefusal(null);
            setOutcome('moved');
          }}
        />
      )}
      {confirmingCancel && (
        <ConfirmDeleteDialog
          title="Cancel this appointment?"
          description={`${appointment.serviceName ?? 'Your appointment'} on ${whenText(appointment.appointmentDate)} will be cancelled and ${organization.name} will be told.`}
          confirmLabel="Cancel appointment"
          workingLabel="Cancelling..."
          cancelLabel="Keep appointment"
          onConfirm={confirmCancel}
          onClose={() => setConfirmingCancel(false)}
        />
      )}
    </div>
  );
}

/** The customer's page behind the link in their appointment e-mails (`/appointment/{token}`): no sign-in, no app shell. */
export function AppointmentLinkScreen() {
  const { token = '' } = useParams();
  const link = useManagedAppointment(token);
  const notFound = isApiError(link.error, 404) || isApiError(link.error, 400);
  const organization = link.data?.organization ?? null;

  useEffect(() => {
    document.title = organization ? `Your appointment · ${organization.name} · Tradebook` : 'Your appointment · Tradebook';
  }, [organization]);

  return (
    <div className="flex min-h-screen flex-col bg-background">
      <PublicImpersonationBanner />
      <PublicHeader organization={organization?.slug ? { name: organization.name, logo: organization.logo, slug: organization.slug } : null} />
      <main className="mx-auto w-full max-w-3xl flex-1 px-3 py-6 sm:px-4 md:px-6 md:py-8">
        {link.isPending ? (
          <PageSkeleton />
        ) : notFound ? (
          <StateCard testId="appointment-link-not-found" icon={<SearchX className="size-7" aria-hidden />} title={CHANGE_MESSAGES.notFound}>
            <p>This link does not lead to an appointment. Check that the address was copied completely, or use the link in your latest appointment e-mail.</p>
          </StateCard>
        ) : link.isError ? (
          <StateCard testId="appointment-link-failed" icon={<CircleAlert className="size-7" aria-hidden />} title="Could not load your appointment">
            <p>{errorMessage(link.error, 'Please try again later.')}</p>
            <Button variant="outline" onClick={() => void link.refetch()} className="mt-2">
              Try again
            </Button>
          </StateCard>
        ) : (
          <AppointmentView token={token} managed={link.data} onReload={() => void link.refetch()} />
        )}
      </main>
      <footer className="border-t py-4 text-center text-xs text-muted-foreground">Powered by Tradebook</footer>
    </div>
  );
}
