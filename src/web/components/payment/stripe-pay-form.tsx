// Stripe Elements for a Stripe processor: Stripe confirms the intent in the browser (no redirect unless the bank
// requires one), then the server reads the intent back from Stripe and books the payment.
import { useMemo, useState, type FormEvent } from 'react';
import { loadStripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { confirmPayment } from '@/lib/confirm-payment';
import { Actions, clearPaymentFailure, reportPaymentFailure, type PayWithIntentProps } from './pay-with-intent';

export function StripePayForm(props: PayWithIntentProps & { payLabel: string }) {
  const stripePromise = useMemo(() => loadStripe(props.intent.publishableKey ?? ''), [props.intent.publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret: props.intent.clientSecret }}>
      <StripeFields {...props} />
    </Elements>
  );
}

function StripeFields(props: PayWithIntentProps & { payLabel: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    setError(null);
    try {
      const result =
        props.intent.paymentType === 'bank' && props.bank
          ? await stripe.confirmUsBankAccountPayment(props.intent.clientSecret, {
              payment_method: {
                us_bank_account: { routing_number: props.bank.routingNumber, account_number: props.bank.accountNumber, account_holder_type: 'individual' },
                billing_details: { name: 'Account holder' },
              },
            })
          : await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } });
      if (result.error) {
        setError(result.error.message ?? 'Your payment was not completed.');
        reportPaymentFailure(new Error(result.error.message ?? 'Your payment was not completed.'));
        return;
      }
      const confirmed = await confirmPayment({ clientSecret: props.intent.clientSecret });
      clearPaymentFailure();
      props.onSucceeded(confirmed);
    } catch (err) {
      reportPaymentFailure(err);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-3">
      {!(props.intent.paymentType === 'bank' && props.bank) && <PaymentElement />}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Actions payLabel={props.payLabel} pending={pending || !stripe} onCancel={props.onCancel} />
    </form>
  );
}
