import { formatPhone } from '@contracts/format';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CalendarX, Home, Mail, Phone } from 'lucide-react';
import { isApiError } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { PublicHeader } from '@/components/public/public-header';
import { PublicImpersonationBanner } from '@/components/public/public-impersonation-banner';
import { usePublicSchedule } from '@/features/booking/api/get-public-schedule';
import { BookingWizard } from '@/features/booking/components/booking-wizard';

function ExitToHome({ href }: { href: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={href}>
        <Home aria-hidden />
        Exit to Home
      </Link>
    </Button>
  );
}

/** The public booking page: `/schedule/{x}` takes an organization slug or a schedule token (docs/rules/scheduling.md#public-pages-key). */
export function ScheduleScreen() {
  const { slug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const schedule = usePublicSchedule(slug);
  const notFound = isApiError(schedule.error, 404);
  // A schedule-token link leads home through the organization's own slug.
  const homeHref = `/org/${encodeURIComponent(schedule.data?.organization.slug ?? slug)}`;
  const serviceParam = Number(searchParams.get('service'));
  const initialServiceId = Number.isInteger(serviceParam) && serviceParam > 0 ? serviceParam : null;

  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (!schedule.error || toasted.current === schedule.error) return;
    toasted.current = schedule.error;
    if (notFound) toast({ variant: 'destructive', title: 'Schedule not found', description: "The booking link you're using is invalid or expired" });
    else toast({ variant: 'destructive', title: 'Error loading schedule', description: 'Please try again later.' });
  }, [schedule.error, notFound]);

  const organization = schedule.data?.organization;
  useEffect(() => {
    document.title = organization ? `Book Online · ${organization.name} · Tradebook` : 'Book Online · Tradebook';
  }, [organization]);

  return (
    <div className="flex min-h-screen flex-col bg-background">
      <PublicImpersonationBanner />
      <PublicHeader organization={organization ? { name: organization.name, logo: organization.logo, slug } : null} />
      <main className="mx-auto w-full max-w-5xl flex-1 px-3 py-6 sm:px-4 md:px-6 md:py-8">
        {schedule.isPending ? (
          <Spinner className="min-h-[50vh]" label="Loading schedule" />
        ) : schedule.isError ? (
          <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-center">
            <CalendarX className="size-12 text-muted-foreground" aria-hidden />
            <h1 className="text-2xl font-bold">{notFound ? 'Schedule Not Found' : 'Error loading schedule'}</h1>
            <p className="max-w-md text-sm text-muted-foreground">
              {notFound ? "The booking link you're using is invalid or expired." : 'Please try again later.'}
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              {!notFound && <Button onClick={() => void schedule.refetch()}>Try again</Button>}
              <ExitToHome href={homeHref} />
            </div>
          </div>
        ) : (
          <div className="space-y-5">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <ExitToHome href={homeHref} />
              {(organization?.phone || organization?.email) && (
                <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                  {organization.phone && (
                    <a href={`tel:${organization.phone}`} className="inline-flex items-center gap-1.5 hover:text-foreground">
                      <Phone className="size-4" aria-hidden />
                      {formatPhone(organization.phone)}
                    </a>
                  )}
                  {organization.email && (
                    <a href={`mailto:${organization.email}`} className="inline-flex items-center gap-1.5 break-all hover:text-foreground">
                      <Mail className="size-4" aria-hidden />
                      {organization.email}
                    </a>
                  )}
                </div>
              )}
            </div>
            <div>
              <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Book Online</h1>
              <p className="mt-1 text-muted-foreground">
                {/* A deposit or a card to hold the booking adds a payment step (docs/rules/scheduling.md#holding-a-booking). */}
                Book with {schedule.data.organization.name} in {schedule.data.settings.bookingHold === 'none' ? 'four' : 'a few'} quick steps.
              </p>
            </div>
            <BookingWizard slug={slug} schedule={schedule.data} initialServiceId={initialServiceId} homeHref={homeHref} />
          </div>
        )}
      </main>
      <footer className="border-t py-4 text-center text-xs text-muted-foreground">Powered by Tradebook</footer>
    </div>
  );
}
