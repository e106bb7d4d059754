// Add Payment Method (docs/rules/customer-portal.md#saved-payment-methods: a real setup intent, not a toast): the server starts
// saving a card through the organization's processor; the built-in test gateway gets our own card form,
// Stripe gets its card Element (loaded only then).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { SavedPaymentMethod, SetupIntentResponse } from '@contracts/customer-portal';
import { errorMessage } from '@/lib/api-client';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { Form } from '@/components/ui/form';
import { TestCardFields, useTestCardForm } from '@/components/payment/test-card-fields';
import { TestModeNote } from '@/components/payment/test-mode-badge';
import { confirmCardSetup, startCardSetup, type PortalAccess } from '../api/portal-api';

const StripeSetupForm = lazy(() => import('./stripe-setup-form').then((m) => ({ default: m.StripeSetupForm })));

export const SETUP_FAILED_TITLE = 'Card Not Saved';

interface AddPaymentMethodDialogProps {
  access: PortalAccess;
  customerId: number;
  onClose: () => void;
  onSaved: (method: SavedPaymentMethod) => void;
}

export interface SetupFormProps {
  setup: SetupIntentResponse;
  onSaved: (method: SavedPaymentMethod) => void;
  onCancel: () => void;
}

export function reportSetupFailure(error: unknown) {
  toast({ variant: 'destructive', title: SETUP_FAILED_TITLE, description: errorMessage(error, 'Your card was not saved. Please try again.') });
}

export function AddPaymentMethodDialog({ access, customerId, onClose, onSaved }: AddPaymentMethodDialogProps) {
  const setup = useMutation({ mutationFn: () => startCardSetup(access, customerId), onError: reportSetupFailure });
  const started = useRef(false);
  const { mutate } = setup;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Payment Method</DialogTitle>
          <DialogDescription>Save a card for future payments. Your card details go to the payment processor, never to us.</DialogDescription>
        </DialogHeader>
        {setup.isPending || setup.isIdle ? (
          <Spinner className="py-8" label="Preparing secure form..." />
        ) : setup.isError ? (
          <div className="space-y-4">
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(setup.error, 'Your card could not be saved. Please try again.')}</AlertDescription>
            </Alert>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              <Button onClick={() => setup.mutate()}>Try again</Button>
            </div>
          </div>
        ) : (
          <div className="space-y-4" data-testid="add-payment-method">
            {setup.data.testMode && (
              <TestModeNote processor={setup.data.processor}>
                {setup.data.processor === 'test' ? 'Built-in test gateway: no real card is stored.' : 'Stripe test mode.'}
              </TestModeNote>
            )}
            {setup.data.processor === 'stripe' ? (
              <Suspense fallback={<Spinner />}>
                <StripeSetupForm setup={setup.data} onSaved={onSaved} onCancel={onClose} />
              </Suspense>
            ) : (
              <TestSetupForm setup={setup.data} onSaved={onSaved} onCancel={onClose} />
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

export function SetupActions({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending && <Spinner />}
        Save Card
      </Button>
    </div>
  );
}

/** The built-in test gateway's card form: checked on the server like a charge, nothing is charged. */
function TestSetupForm({ setup, onSaved, onCancel }: SetupFormProps) {
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
        <p className="text-xs text-muted-foreground">
          Test cards: 4242 4242 4242 4242 is saved; 4000 0000 0000 0002 is declined. Any future date, any CVC.
        </p>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <SetupActions pending={form.formState.isSubmitting} onCancel={onCancel} />
      </form>
    </Form>
  );
}
