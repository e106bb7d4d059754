// Stripe's card Element for saving a card: Stripe confirms the SetupIntent in the browser (with 3-D Secure when
// the bank asks), then the server reads the SetupIntent back from Stripe and stores the card's display data.
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { loadStripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { Label } from '@/components/ui/label';
import { confirmCardSetup } from '@/lib/confirm-card-setup';
import { reportSetupFailure, SetupActions, type SetupFormProps } from './save-card-with-setup';

export function StripeSetupForm(props: SetupFormProps) {
  const stripePromise = useMemo(() => loadStripe(props.setup.publishableKey ?? ''), [props.setup.publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields({ setup, onSaved, onCancel, saveLabel }: SetupFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  // Stripe's card Element holds the card; the form has no fields of ours, react-hook-form only runs the submit.
  const form = useForm();
  const [error, setError] = useState<string | null>(null);

  const submit = form.handleSubmit(async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setError(null);
    try {
      const result = await stripe.confirmCardSetup(setup.clientSecret, { payment_method: { card } });
      if (result.error) {
        const message = result.error.message ?? 'Your card was not saved.';
        setError(message);
        reportSetupFailure(new Error(message));
        return;
      }
      onSaved(await confirmCardSetup({ clientSecret: setup.clientSecret }));
    } catch (err) {
      reportSetupFailure(err);
    }
  });

  return (
    <form onSubmit={submit} className="space-y-3">
      <div className="space-y-1.5">
        <Label htmlFor="stripe-setup-card">Card details</Label>
        <div className="rounded-md border bg-background px-3 py-2.5">
          <CardElement id="stripe-setup-card" options={{ hidePostalCode: false }} />
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <SetupActions pending={form.formState.isSubmitting || !stripe} onCancel={onCancel} saveLabel={saveLabel} />
    </form>
  );
}
