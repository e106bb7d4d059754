// The last step of saving a card (the portal's Add Payment Method, a card kept on file to hold an online booking,
// docs/rules/scheduling.md#holding-a-booking): card entry for a setup intent the server started, then confirmation.
// The built-in test gateway gets our own card form; a Stripe processor gets its card Element (loaded only then).
import { lazy, Suspense, useState } from 'react';
import type { SavedPaymentMethod, SetupIntentResponse } from '@contracts/customer-portal';
import { errorMessage } from '@/lib/api-client';
import { confirmCardSetup } from '@/lib/confirm-card-setup';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { TestCardFields, useTestCardForm } from './test-card-fields';
import { TestModeNote } from './test-mode-badge';
import { Actions } from './pay-with-intent';

const StripeSetupForm = lazy(() => import('./stripe-setup-form').then((m) => ({ default: m.StripeSetupForm })));

export const SETUP_FAILED_TITLE = 'Card Not Saved';

export interface SetupFormProps {
  setup: SetupIntentResponse;
  onSaved: (method: SavedPaymentMethod) => void;
  /** Left out: no Cancel button (the step has its own way back). */
  onCancel?: () => void;
  /** The submit button's words; "Save Card" by default. */
  saveLabel?: string;
}

export function reportSetupFailure(error: unknown) {
  toast({ variant: 'destructive', title: SETUP_FAILED_TITLE, description: errorMessage(error, 'Your card was not saved. Please try again.') });
}

/** The test-mode note, then the processor's card form. */
export function SaveCardWithSetup(props: SetupFormProps) {
  const { setup } = props;
  return (
    <div className="space-y-4" data-testid="add-payment-method">
      {setup.testMode && (
        <TestModeNote processor={setup.processor}>{setup.processor === 'test' ? 'Built-in test gateway: no real card is stored.' : 'Stripe test mode.'}</TestModeNote>
      )}
      {setup.processor === 'stripe' ? (
        <Suspense fallback={<Spinner />}>
          <StripeSetupForm {...props} />
        </Suspense>
      ) : (
        <TestSetupForm {...props} />
      )}
    </div>
  );
}

/** The setup form's buttons: the payment form's, saying what a setup does. */
export function SetupActions({ pending, onCancel, saveLabel = 'Save Card' }: { pending: boolean; onCancel?: () => void; saveLabel?: string }) {
  return <Actions payLabel={saveLabel} pending={pending} onCancel={onCancel} />;
}

/** The built-in test gateway's card form: checked on the server like a charge, nothing is charged. */
function TestSetupForm({ setup, onSaved, onCancel, saveLabel }: SetupFormProps) {
  const form = useTestCardForm();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = form.handleSubmit(async (card) => {
    setProblem(null);
    try {
      onSaved(await confirmCardSetup({ clientSecret: setup.clientSecret, card }));
    } catch (error) {
      setProblem(errorMessage(error, 'Your card was not saved. Please try again.'));
      reportSetupFailure(error);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <TestCardFields form={form} />
        <p className="text-xs text-muted-foreground">Test cards: 4242 4242 4242 4242 is saved; 4000 0000 0000 0002 is declined. Any future date, any CVC.</p>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <SetupActions pending={form.formState.isSubmitting} onCancel={onCancel} saveLabel={saveLabel} />
      </form>
    </Form>
  );
}
