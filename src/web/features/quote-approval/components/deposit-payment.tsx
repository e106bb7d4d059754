// Paying an approved quote's deposit (docs/rules/quote-approval.md#deposits): card or bank transfer (the account is
// taken first, as on the payment-link page), the server starts the intent, then the shared payment form takes the
// card and confirms it. Loaded only on a quote with a deposit to pay: it brings zod and the card form with it.
import { useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { CircleAlert, CreditCard, Landmark, Loader2 } from 'lucide-react';
import type { PublicQuote } from '@contracts/estimates';
import { formatMoney, toCents } from '@contracts/money';
import type { PaymentIntentResponse } from '@contracts/payments';
import { errorMessage, isApiError } from '@/lib/api-client';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Tabs } from '@/components/ui/tabs';
import { TestModeNote } from '@/components/payment/test-mode-badge';
import { PayWithIntent } from '@/components/payment/pay-with-intent';
import { startDepositPayment } from '@/features/quote-approval/api/quote-api';
import type { PaidDeposit } from '@/features/quote-approval/components/deposit-section';
import { depositFormSchema, digitsOnly, EMPTY_DEPOSIT_FORM, type DepositFormValues, type DepositStart } from '@/features/quote-approval/lib/deposit-form';

type Deposit = NonNullable<PublicQuote['deposit']>;

interface DepositPaymentProps {
  /** The organization's payments go to a test gateway or account (the quote page's testMode): said before the card step. */
  testMode: boolean;
  token: string;
  deposit: Deposit;
  organizationName: string;
  /** The payment went through (or, for a bank transfer at Stripe, was submitted). */
  onPaid: (paid: PaidDeposit) => void;
  /** The quote changed under the page (paid meanwhile, a new version): read it again. */
  onRefresh: () => void;
}

interface Started {
  intent: PaymentIntentResponse;
  bank: DepositStart['bank'];
}

function BankField({ form, name, label, hint, maxLength }: { form: ReturnType<typeof useDepositForm>; name: 'routingNumber' | 'accountNumber'; label: string; hint: string; maxLength: number }) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <FormItem className="gap-1.5">
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...field} inputMode="numeric" autoComplete="off" maxLength={maxLength} onChange={(e) => field.onChange(digitsOnly(e.target.value).slice(0, maxLength))} />
          </FormControl>
          {!fieldState.error && <p className="text-xs text-muted-foreground">{hint}</p>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function useDepositForm() {
  return useForm({ resolver: zodResolver(depositFormSchema), defaultValues: EMPTY_DEPOSIT_FORM });
}

/** "Pay deposit $X": choose card or bank transfer, then the shared payment form. */
export function DepositPayment({ token, deposit, organizationName, testMode, onPaid, onRefresh }: DepositPaymentProps) {
  const form = useDepositForm();
  const paymentType = useWatch({ control: form.control, name: 'paymentType' });
  const [started, setStarted] = useState<Started | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const due = formatMoney(deposit.due);
  const partlyPaid = toCents(deposit.paid) > 0;

  useEffect(() => {
    // The card step replaces the choice: the reader is taken to it.
    if (started) stepHeading.current?.focus();
  }, [started]);

  const start = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const intent = await startDepositPayment(token, { paymentType: values.paymentType });
      setStarted({ intent, bank: values.bank });
    } catch (error) {
      // Paid meanwhile (another tab), or no longer approved: the page reads the quote again and says why here.
      if (isApiError(error, 409)) onRefresh();
      setProblem(errorMessage(error, 'The payment could not be started. Please try again.'));
    }
  });

  const choose = (next: DepositFormValues['paymentType']) => {
    form.setValue('paymentType', next);
    form.clearErrors();
    setProblem(null);
  };

  return (
    <section aria-labelledby="deposit-pay-title" className="space-y-4 rounded-lg border-2 border-primary/30 bg-primary/5 p-4 sm:p-5" data-testid="deposit-pay">
      <div className="space-y-1">
        <h2 id="deposit-pay-title" className="text-lg font-semibold">
          Pay deposit <span className="tabular-nums">{due}</span>
        </h2>
        <p className="text-sm text-muted-foreground">
          {partlyPaid
            ? `${formatMoney(deposit.paid)} of the ${formatMoney(deposit.amount)} deposit is paid. Pay the ${due} left by card or bank transfer.`
            : `${organizationName} asks for a deposit of ${due} on approval. Pay it now by card or bank transfer.`}
        </p>
        {testMode && !started && <TestModeNote processor="test">No real money moves: this is a test payment.</TestModeNote>}
      </div>
      {problem && (
        <Alert variant="destructive" data-testid="deposit-pay-problem">
          <CircleAlert aria-hidden />
          <AlertTitle>The payment was not started</AlertTitle>
          <AlertDescription>
            <p>{problem}</p>
          </AlertDescription>
        </Alert>
      )}
      {started ? (
        <div className="space-y-3">
          <h3 ref={stepHeading} tabIndex={-1} className="text-base font-semibold outline-none">
            {started.intent.paymentType === 'bank' ? 'Confirm bank transfer' : 'Card details'}
          </h3>
          <PayWithIntent
            intent={started.intent}
            bank={started.bank ?? undefined}
            payLabel={`Pay deposit ${formatMoney(started.intent.amount)}`}
            onSucceeded={(result) => onPaid({ amount: result.payment?.amount ?? started.intent.amount, processing: result.status === 'processing' })}
            onCancel={() => setStarted(null)}
          />
        </div>
      ) : (
        <Form {...form}>
          <form onSubmit={start} noValidate className="space-y-4" aria-label="Pay the deposit">
            <Tabs
              label="Payment method"
              value={paymentType}
              onValueChange={choose}
              items={[
                {
                  value: 'card',
                  label: (
                    <span className="inline-flex items-center gap-2">
                      <CreditCard className="size-4" aria-hidden />
                      Card
                    </span>
                  ),
                },
                {
                  value: 'bank',
                  label: (
                    <span className="inline-flex items-center gap-2">
                      <Landmark className="size-4" aria-hidden />
                      Bank transfer
                    </span>
                  ),
                },
              ]}
            >
              {paymentType === 'bank' ? (
                <fieldset className="grid gap-4 sm:grid-cols-2" disabled={form.formState.isSubmitting}>
                  <legend className="sr-only">Bank account</legend>
                  <BankField form={form} name="routingNumber" label="Routing number" hint="9 digits" maxLength={9} />
                  <BankField form={form} name="accountNumber" label="Account number" hint="6 to 20 digits" maxLength={20} />
                </fieldset>
              ) : (
                <p className="text-sm text-muted-foreground">Visa, Mastercard, American Express and Discover. You enter the card on the next step.</p>
              )}
            </Tabs>
            <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
              {form.formState.isSubmitting ? 'Starting payment...' : `Continue to pay ${due}`}
            </Button>
          </form>
        </Form>
      )}
    </section>
  );
}
