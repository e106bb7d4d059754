// The last step of every payment (Process Payment, the portal, public payment links): card or bank entry for an
// intent the server started, then confirmation. The built-in test gateway gets our own card form; a Stripe
// processor gets Stripe Elements (loaded only then, from Stripe's servers).
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ConfirmPaymentResponse, PaymentIntentResponse } from '@contracts/payments';
import { formatMoney } from '@contracts/money';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { confirmPayment } from '@/lib/confirm-payment';
import { Form } from '@/components/ui/form';
import { TestCardFields, useTestCardForm } from './test-card-fields';
import { TestModeNote } from './test-mode-badge';

const StripePayForm = lazy(() => import('./stripe-pay-form').then((m) => ({ default: m.StripePayForm })));

export interface BankDetails {
  routingNumber: string;
  accountNumber: string;
}

export interface PayWithIntentProps {
  intent: PaymentIntentResponse;
  /** Collected before the intent was created (bank transfers). */
  bank?: BankDetails;
  payLabel?: string;
  onSucceeded: (result: ConfirmPaymentResponse) => void;
  onCancel?: () => void;
}

// Only the latest failure is on screen, and a payment that then succeeds takes it away.
let failureToast: { dismiss: () => void } | null = null;

export function reportPaymentFailure(error: unknown) {
  failureToast?.dismiss();
  failureToast = toast({ title: 'Payment Failed', description: errorMessage(error, 'Unable to process payment. Please try again.'), variant: 'destructive' });
}

export function clearPaymentFailure() {
  failureToast?.dismiss();
  failureToast = null;
}

export function PayWithIntent(props: PayWithIntentProps) {
  const { intent } = props;
  const label = props.payLabel ?? `Pay ${formatMoney(intent.amount)}`;
  return (
    <div className="space-y-4" data-testid="pay-with-intent">
      {intent.testMode && <TestModeNote processor={intent.processor} />}
      {intent.processor === 'stripe' ? (
        <Suspense fallback={<Spinner />}>
          <StripePayForm {...props} payLabel={label} />
        </Suspense>
      ) : intent.paymentType === 'bank' ? (
        <TestBankConfirm {...props} payLabel={label} />
      ) : (
        <TestCardForm {...props} payLabel={label} />
      )}
    </div>
  );
}

function useConfirm(props: PayWithIntentProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (body: Parameters<typeof confirmPayment>[0]) => {
    setPending(true);
    setError(null);
    try {
      const result = await confirmPayment(body);
      clearPaymentFailure();
      props.onSucceeded(result);
    } catch (e) {
      setError(errorMessage(e, 'Unable to process payment. Please try again.'));
      reportPaymentFailure(e);
    } finally {
      setPending(false);
    }
  };
  return { pending, error, run };
}

function TestCardForm(props: PayWithIntentProps & { payLabel: string }) {
  const { pending, error, run } = useConfirm(props);
  const form = useTestCardForm();
  const submit = form.handleSubmit((card) => run({ clientSecret: props.intent.clientSecret, card }));

  return (
    <Form {...form}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <TestCardFields form={form} />
        {props.intent.processor === 'test' && (
          <p className="text-xs text-muted-foreground">
            Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds. Any
            future date, any CVC.
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Actions {...props} pending={pending} />
      </form>
    </Form>
  );
}

/** Bank details were taken on the step before; this form only confirms them. */
function TestBankConfirm(props: PayWithIntentProps & { payLabel: string }) {
  const { pending, error, run } = useConfirm(props);
  const { bank } = props;
  const form = useForm();
  const submit = form.handleSubmit(() => (bank ? run({ clientSecret: props.intent.clientSecret, bank }) : undefined));
  return (
    <form onSubmit={submit} className="space-y-3">
      <p className="text-sm text-muted-foreground">
        Bank transfer from account ending {bank?.accountNumber.slice(-4) ?? '----'} (routing {bank?.routingNumber ?? '-'}).
        {props.intent.processor === 'test' && ' Test routing number: 110000000.'}
      </p>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Actions {...props} pending={pending} />
    </form>
  );
}

export function Actions({ payLabel, pending, onCancel }: { payLabel: string; pending: boolean; onCancel?: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {onCancel && (
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      )}
      <Button type="submit" disabled={pending}>
        {pending && <Spinner />}
        {payLabel}
      </Button>
    </div>
  );
}
