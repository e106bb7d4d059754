// The booking's payment step (docs/rules/scheduling.md#holding-a-booking): the organization asks for a deposit or a
// card on file to hold the booking. The booking is already made and its time held for 15 minutes; the step starts the
// deposit's payment (or the card's setup) with the booking's hold token and hands it to the shared payment forms, the
// same the quote page and the portal use. Paid or saved, the server confirms the booking and e-mails the customer.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, Clock } from 'lucide-react';
import { cardLabel } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { BOOKING_HOLD_MESSAGES, SCHEDULING_LIMITS, type BookingResult } from '@contracts/scheduling';
import { errorMessage, isApiError } from '@/lib/api-client';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { PayWithIntent } from '@/components/payment/pay-with-intent';
import { SaveCardWithSetup } from '@/components/payment/save-card-with-setup';
import { startHoldCard, startHoldDeposit } from '@/features/booking/api/hold-payment';

export type BookingHold = NonNullable<BookingResult['hold']>;

/** What held the booking, for the confirmation: "Deposit paid: $20.00", "Card on file: Visa ending 4242". */
export interface HoldGiven {
  label: string;
  value: string;
}

interface PaymentStepProps {
  hold: BookingHold;
  /** When the booking's answer arrived (this browser's clock): the hold's 15 minutes are counted from it. */
  heldAt: number;
  summary: ReactNode;
  onDone: (given: HoldGiven) => void;
  /** Back to the times: this booking's time is let go when its hold ends. */
  onStartOver: () => void;
}

/**
 * Milliseconds left of the hold, ticking each second. Counted on this browser's clock from when the booking answered,
 * never from the server's `expiresAt` (the two clocks may differ): it ends a moment before the server's does.
 */
function useTimeLeft(heldAt: number): number {
  const deadline = heldAt + SCHEDULING_LIMITS.holdMinutes * 60_000;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, deadline - now);
}

const clock = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

export function PaymentStep({ hold, heldAt, summary, onDone, onStartOver }: PaymentStepProps) {
  const left = useTimeLeft(heldAt);
  const deposit = hold.kind === 'deposit' && hold.amount !== null ? formatMoney(hold.amount) : null;
  const start = useMutation({
    mutationFn: async () =>
      hold.kind === 'deposit' ? { kind: 'deposit' as const, intent: await startHoldDeposit(hold.holdToken) } : { kind: 'card' as const, setup: await startHoldCard(hold.holdToken) },
  });
  const started = useRef(false);
  const { mutate } = start;
  useEffect(() => {
    // Started once, on arrival: the card form is the step.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  const data = start.data;
  const ended = left === 0 || (isApiError(start.error, 409) && start.error.body?.message === BOOKING_HOLD_MESSAGES.ended);

  return (
    <div className="grid gap-6 md:grid-cols-[1fr_18rem]" data-testid="booking-payment">
      <section aria-labelledby="booking-payment-title" className="grid content-start gap-4">
        <div className="space-y-1">
          <h3 id="booking-payment-title" className="text-lg font-semibold">
            {deposit ? (
              <>
                Pay deposit <span className="tabular-nums">{deposit}</span>
              </>
            ) : (
              'Save a card to hold your booking'
            )}
          </h3>
          <p className="text-sm text-muted-foreground">
            {deposit
              ? `A deposit of ${deposit} holds your booking. The rest is paid as usual.`
              : 'A card on file holds your booking. Nothing is charged now.'}
          </p>
        </div>
        {ended ? (
          <Alert variant="destructive" data-testid="hold-ended">
            <CircleAlert aria-hidden />
            <AlertTitle>Time's up</AlertTitle>
            <AlertDescription>
              <p>{BOOKING_HOLD_MESSAGES.ended}</p>
            </AlertDescription>
          </Alert>
        ) : (
          <p role="timer" className="flex items-center gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="hold-timer">
            <Clock className="size-4 shrink-0" aria-hidden />
            <span>
              We're holding this time for {SCHEDULING_LIMITS.holdMinutes} minutes.{' '}
              <span className="font-semibold tabular-nums whitespace-nowrap">{clock(left)} left</span>
            </span>
          </p>
        )}
        {ended ? null : start.isPending || start.isIdle ? (
          <Spinner className="py-8" label="Preparing secure form..." />
        ) : start.isError ? (
          <div className="space-y-3">
            <Alert variant="destructive">
              <CircleAlert aria-hidden />
              <AlertTitle>{deposit ? 'The payment was not started' : 'The card form was not started'}</AlertTitle>
              <AlertDescription>
                <p>{errorMessage(start.error, 'Please try again.')}</p>
              </AlertDescription>
            </Alert>
            {!isApiError(start.error, 409) && (
              <Button type="button" variant="outline" onClick={() => start.mutate()}>
                Try again
              </Button>
            )}
          </div>
        ) : !data ? null : data.kind === 'deposit' ? (
          <PayWithIntent
            intent={data.intent}
            payLabel={`Pay deposit ${formatMoney(data.intent.amount)}`}
            onSucceeded={(result) => onDone({ label: 'Deposit paid', value: formatMoney(result.payment?.amount ?? data.intent.amount) })}
          />
        ) : (
          <SaveCardWithSetup setup={data.setup} saveLabel="Save card" onSaved={(method) => onDone({ label: 'Card on file', value: cardLabel(method.brand, method.last4) })} />
        )}
        <div className="border-t pt-3">
          <Button type="button" variant={ended ? 'default' : 'link'} className={ended ? undefined : 'h-auto px-0'} onClick={onStartOver}>
            Choose another time
          </Button>
        </div>
      </section>
      <aside aria-label="Your booking">{summary}</aside>
    </div>
  );
}
