import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ArrowRight, CalendarCheck, Loader2 } from 'lucide-react';
import type { PublicSchedule, PublicService } from '@contracts/scheduling';
import { bookingDepositCents, SCHEDULING_MESSAGES } from '@contracts/scheduling';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { todayIn } from '@/features/booking/calendar';
import { localDateTime } from '@/lib/time-labels';
import { errorsFromIssues, type BookingErrors } from '@/features/booking/validate-booking';
import { EMPTY_DETAILS, type BookingDetails, type BookingDetailsOutput } from '@/features/booking/lib/booking-details-form';
import { useBookAppointment, type BookingResult } from '@/features/booking/api/book-appointment';
import { chosenStaff, performersOf } from '@/features/booking/lib/performers';
import { BookingSummary } from '@/features/booking/components/booking-summary';
import { DateTimeStep } from '@/features/booking/components/date-time-step';
import { DetailsStep } from '@/features/booking/components/details-step';
import { ServiceStep } from '@/features/booking/components/service-step';
import { BOOKING_STEPS, HELD_BOOKING_STEPS, StepIndicator } from '@/features/booking/components/step-indicator';
import { PaymentStep, type HoldGiven } from '@/features/booking/components/payment-step';

const SERVICE = 0;
const DATE_TIME = 1;
const DETAILS = 2;
/** Only when the organization holds bookings with a deposit or a card (docs/rules/scheduling.md#holding-a-booking). */
const PAYMENT = 3;

/**
 * Whether booking the service (before one is chosen: any of them) asks for a deposit or a card, as the page's settings
 * say: a deposit only on a service it comes to something on. The server decides in the end: its answer's `hold` leads
 * to the payment step.
 */
function asksHold(settings: PublicSchedule['settings'], service: PublicService | null, services: readonly PublicService[]): boolean {
  if (settings.bookingHold === 'card') return true;
  if (settings.bookingHold !== 'deposit') return false;
  return (service ? [service] : services).some((s) => bookingDepositCents(s.price, settings.bookingDepositPercent) > 0);
}

interface BookingWizardProps {
  slug: string;
  schedule: PublicSchedule;
  /** From ?service={id}; an unknown or inactive id is ignored. */
  initialServiceId: number | null;
  homeHref: string;
}

export function BookingWizard({ slug, schedule, initialServiceId, homeHref }: BookingWizardProps) {
  const { settings, services } = schedule;
  const preselected = services.find((s) => s.id === initialServiceId) ?? null;
  const [step, setStep] = useState(preselected ? DATE_TIME : SERVICE);
  const [service, setService] = useState<PublicService | null>(preselected);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  /** The person chosen (docs/rules/team.md#online-booking); null: any available. */
  const [staffId, setStaffId] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [details, setDetails] = useState<BookingDetails>(EMPTY_DETAILS);
  const [errors, setErrors] = useState<BookingErrors>({});
  const [result, setResult] = useState<BookingResult | null>(null);
  /** When the held booking's answer arrived, and what then held it (the deposit paid, the card saved). */
  const [heldAt, setHeldAt] = useState(0);
  const [given, setGiven] = useState<HoldGiven | null>(null);
  const book = useBookAppointment(slug);
  const heading = useRef<HTMLHeadingElement>(null);
  // "Today" is the organization's, wherever the visitor is (docs/rules/scheduling.md#wall-clock-time).
  const today = useMemo(() => todayIn(settings.timeZone), [settings.timeZone]);

  const { user } = useCurrentUser();
  const prefilled = useRef(false);
  useEffect(() => {
    if (!user || prefilled.current) return;
    prefilled.current = true;
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
    setDetails((d) => ({ ...d, customerName: d.customerName || name, customerEmail: d.customerEmail || user.email }));
  }, [user]);

  const firstRender = useRef(true);
  const noticeRef = useRef(notice);
  noticeRef.current = notice;
  useEffect(() => {
    // Moving between steps moves focus to the step's title, so keyboard and screen reader users follow along.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // Not scrolled when a notice is up: the times step scrolls its notice into view instead.
    heading.current?.focus({ preventScroll: noticeRef.current !== null });
  }, [step]);

  // Only those who perform the service are offered, and only when the organization lets customers choose.
  const people = performersOf(schedule, service?.id ?? null);
  const staffName = people.find((p) => p.id === staffId)?.name ?? null;

  const chooseService = (next: PublicService) => {
    if (next.id !== service?.id) setTime(null);
    if (!performersOf(schedule, next.id).some((p) => p.id === staffId)) setStaffId(null);
    setService(next);
    setStep(DATE_TIME);
  };

  const chooseStaff = (next: number | null) => {
    // Another person's free times differ: the time is chosen again.
    if (next !== staffId) setTime(null);
    setStaffId(next);
    setNotice(null);
  };

  const chooseDate = (next: string) => {
    if (next !== date) setTime(null);
    setDate(next);
    setNotice(null);
  };

  const submit = (checked: BookingDetailsOutput, typed: BookingDetails) => {
    if (!service || !date || !time) return;
    setDetails(typed);
    setErrors({});
    book.mutate(
      { ...checked, serviceId: service.id, appointmentDate: localDateTime(date, time), ...chosenStaff(people, staffId) },
      {
        onSuccess: (booked) => {
          setResult(booked);
          setGiven(null);
          if (booked.hold) {
            // Held for its deposit or card: the payment step next, the confirmation once paid.
            setHeldAt(Date.now());
            setStep(PAYMENT);
            return;
          }
          setStep(BOOKING_STEPS.length - 1);
          toast({ title: 'Appointment booked successfully!', description: "You'll receive a confirmation email shortly." });
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Booking failed', description: 'Please try again or contact us directly.' });
          const issues = isApiError(error) ? error.body?.issues : undefined;
          if (isApiError(error, 409) || issues?.some((i) => (Array.isArray(i.path) ? i.path[0] : i.path) === 'appointmentDate')) {
            // The time went (taken meanwhile, or now past): back to the times, which are refetched.
            setNotice(isApiError(error, 409) ? error.body?.message || SCHEDULING_MESSAGES.slotTaken : (issues?.[0]?.message ?? SCHEDULING_MESSAGES.slotTaken));
            setTime(null);
            setStep(DATE_TIME);
            return;
          }
          setErrors(errorsFromIssues(issues));
        },
      },
    );
  };

  const paid = (what: HoldGiven) => {
    setGiven(what);
    setStep(HELD_BOOKING_STEPS.length - 1);
    toast({ title: 'Appointment booked successfully!', description: "You'll receive a confirmation email shortly." });
  };

  /** From the payment step: another time (this booking's hold lapses by itself). */
  const startOver = () => {
    setResult(null);
    setGiven(null);
    setTime(null);
    setNotice(null);
    setStep(DATE_TIME);
  };

  const reset = () => {
    setResult(null);
    setGiven(null);
    setTime(null);
    setDate(null);
    setNotice(null);
    setErrors({});
    setDetails((d) => ({ ...d, notes: '' }));
    setStep(services.length === 1 ? DATE_TIME : SERVICE);
  };

  // A booking made is held or not as the server answered; before that, as the settings say for the service.
  const held = result ? Boolean(result.hold) : asksHold(settings, service, services);
  const steps = held ? HELD_BOOKING_STEPS : BOOKING_STEPS;
  const CONFIRMATION = steps.length - 1;

  const confirmedStatus = result?.hold ? result.hold.confirmedStatus : result?.status;
  const canContinue = step === SERVICE ? service !== null : step === DATE_TIME ? Boolean(date && time) : true;

  return (
    <Card className="overflow-hidden">
      <CardContent className="space-y-6 p-4 sm:p-6">
        <StepIndicator current={step} steps={steps} />
        <h2 ref={heading} tabIndex={-1} className="sr-only">
          Step {step + 1} of {steps.length}: {steps[step]}
        </h2>

        {step === SERVICE && <ServiceStep services={services} selectedId={service?.id ?? null} onSelect={chooseService} hold={settings} />}
        {step === DATE_TIME && service && (
          <DateTimeStep
            slug={slug}
            settings={settings}
            today={today}
            serviceId={service.id}
            date={date}
            time={time}
            notice={notice}
            onDate={chooseDate}
            onTime={(t) => {
              setTime(t);
              setNotice(null);
            }}
            people={people}
            staffId={staffName ? staffId : null}
            onStaff={chooseStaff}
          />
        )}
        {step === DETAILS && service && date && time && (
          <DetailsStep
            id="booking-details"
            defaultValues={details}
            serverErrors={errors}
            requirePhone={settings.requirePhone}
            summary={<BookingSummary service={service} date={date} time={time} timeZone={settings.timeZone} staffName={staffName} />}
            onSubmit={submit}
          />
        )}
        {step === PAYMENT && held && service && date && time && result?.hold && (
          <PaymentStep
            hold={result.hold}
            heldAt={heldAt}
            summary={<BookingSummary service={service} date={date} time={time} timeZone={settings.timeZone} staffName={staffName} />}
            onDone={paid}
            onStartOver={startOver}
          />
        )}
        {step === CONFIRMATION && service && date && time && result && (
          <div className="flex flex-col items-center gap-4 py-4 text-center">
            <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
              <CalendarCheck className="size-7" aria-hidden />
            </span>
            <div>
              <h3 className="text-xl font-semibold">{confirmedStatus === 'pending' ? 'Booking request received' : 'Your appointment is booked'}</h3>
              <p className="mt-1 text-sm text-muted-foreground">
                {confirmedStatus === 'pending'
                  ? `We'll confirm your appointment soon and send the details to ${details.customerEmail.trim()}.`
                  : `A confirmation email is on its way to ${details.customerEmail.trim()}.`}
              </p>
            </div>
            <div className="w-full max-w-md space-y-2 text-left">
              <BookingSummary service={service} date={date} time={time} timeZone={settings.timeZone} staffName={staffName} />
              {given && (
                <p className="rounded-xl border bg-muted/40 px-4 py-3 text-sm" data-testid="booking-hold-given">
                  <span className="font-semibold">{given.label}:</span> {given.value}
                </p>
              )}
            </div>
            <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
              <Button type="button" variant="outline" onClick={reset}>
                Book another appointment
              </Button>
              <Button asChild>
                <Link to={homeHref}>Back to Home</Link>
              </Button>
            </div>
          </div>
        )}

        {/* The payment step has its own way on and back: the booking is made by then. */}
        {step !== CONFIRMATION && step !== (held ? PAYMENT : -1) && (
          <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-between">
            {step > SERVICE && (
              <Button type="button" variant="outline" disabled={book.isPending} onClick={() => setStep((s) => s - 1)}>
                <ArrowLeft aria-hidden />
                Back
              </Button>
            )}
            {step === DETAILS ? (
              // Distinct keys: React must not reuse the Continue button's node for this submit button, or the click
              // that pressed Continue finishes as a submit of the details form.
              <Button key="confirm" type="submit" form="booking-details" disabled={book.isPending} className="sm:ml-auto">
                {book.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <CalendarCheck aria-hidden />}
                {book.isPending ? 'Booking...' : held ? 'Continue to payment' : 'Confirm Booking'}
              </Button>
            ) : (
              <Button key="continue" type="button" disabled={!canContinue} onClick={() => setStep((s) => s + 1)} className="sm:ml-auto">
                Continue
                <ArrowRight aria-hidden />
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
