// Stripe Elements for a Stripe processor: Stripe confirms the intent in the browser (no redirect unless the bank
// requires one), then the server reads the intent back from Stripe and books the payment.
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
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
  // Stripe's Element holds the card; the form has no fields of ours, react-hook-form only runs the submit.
  const form = useForm();
  const [error, setError] = useState<string | null>(null);

  const submit = form.handleSubmit(async () => {
    if (!stripe || !elements) return;
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
    }
  });

  return (
    <form onSubmit={submit} className="space-y-3">
      {!(props.intent.paymentType === 'bank' && props.bank) && <PaymentElement />}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Actions payLabel={props.payLabel} pending={form.formState.isSubmitting || !stripe} onCancel={props.onCancel} />
    </form>
  );
}
