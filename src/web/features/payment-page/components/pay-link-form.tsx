import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Loader2, Lock, Mail, Phone } from 'lucide-react';
import { formatDate, formatPhone } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { PAYMENT_LINK_MESSAGES, type PublicPaymentLink } from '@contracts/payment-links';
import type { PaymentIntentResponse } from '@contracts/payments';
import { errorMessage, isApiError } from '@/lib/api-client';
import { OrganizationLogo } from '@/components/public/organization-logo';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { PayWithIntent } from '@/components/payment/pay-with-intent';
import { TestModeNote } from '@/components/payment/test-mode-badge';
import { createLinkPaymentIntent } from '@/features/payment-page/api/payment-link-api';
import { InvoiceSummary } from '@/features/payment-page/components/invoice-summary';
import { LinkCompleted, LinkExpired, PaymentSucceeded } from '@/features/payment-page/components/link-states';
import { PayerDetails } from '@/features/payment-page/components/payer-details';
import { PaymentMethodTabs } from '@/features/payment-page/components/payment-method-tabs';
import { EMPTY_PAYER_FORM, emptyPayerValues, payerFormSchema, type PayerErrors, type PayerForm } from '@/features/payment-page/lib/payer-form';

const FORM_FIELDS: (keyof PayerForm)[] = ['amount', 'customerName', 'description', 'routingNumber', 'accountNumber'];

/** The server's field issues mapped onto the form (bank fields are checked at confirmation, under bank.*). */
function fieldErrors(error: unknown): PayerErrors {
  const out: PayerErrors = {};
  if (!isApiError(error, 400)) return out;
  for (const issue of error.body?.issues ?? []) {
    const path = String(Array.isArray(issue.path) ? issue.path.join('.') : issue.path).replace(/^bank\./, '');
    if ((FORM_FIELDS as string[]).includes(path)) out[path as keyof PayerForm] = issue.message;
  }
  return out;
}

function OrganizationBanner({ organization }: { organization: PublicPaymentLink['organization'] }) {
  return (
    <div className="flex items-center gap-3">
      <OrganizationLogo name={organization.name} logo={organization.logo} className="size-12 shrink-0 text-lg" />
      <div className="min-w-0">
        {/* Whom the payment goes to is what the page is about: its one h1. */}
        <h1 className="truncate text-lg font-semibold" data-testid="pay-organization-name">
          {organization.name}
        </h1>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <Lock className="size-3.5" aria-hidden />
          Secure Payment
        </p>
      </div>
    </div>
  );
}

export function PayLinkForm({ linkId, link }: { linkId: string; link: PublicPaymentLink }) {
  const [status, setStatus] = useState(link.status);
  const generic = link.invoice === null;
  const payer = useForm({ resolver: zodResolver(payerFormSchema), defaultValues: emptyPayerValues(generic) });
  const { paymentType, ...form } = useWatch({ control: payer.control });
  const errors: PayerErrors = Object.fromEntries(FORM_FIELDS.flatMap((key) => (payer.formState.errors[key]?.message ? [[key, payer.formState.errors[key].message]] : [])));
  const [intent, setIntent] = useState<PaymentIntentResponse | null>(null);
  const [paid, setPaid] = useState<{ amount: string; processing: boolean } | null>(null);
  const starting = payer.formState.isSubmitting;
  const { organization } = link;

  if (paid) return <PaymentSucceeded amount={paid.amount} processing={paid.processing} organizationName={organization.name} />;
  if (status === 'expired') return <LinkExpired organization={organization} />;
  if (status === 'completed') return <LinkCompleted organizationName={organization.name} />;

  const change = (patch: Partial<PayerForm>) => {
    for (const [key, value] of Object.entries(patch) as [keyof PayerForm, string][]) {
      payer.setValue(key, value);
      // A corrected field stops showing its old error.
      payer.clearErrors(key);
    }
  };

  const start = payer.handleSubmit(async (values) => {
    try {
      const body = generic
        ? { amount: values.amount, customerName: values.customerName.trim(), description: values.description.trim(), paymentType: values.paymentType }
        : { paymentType: values.paymentType };
      setIntent(await createLinkPaymentIntent(linkId, body));
    } catch (error) {
      const message = isApiError(error) ? error.body?.message : undefined;
      if (message === PAYMENT_LINK_MESSAGES.expired) return setStatus('expired');
      if (message === PAYMENT_LINK_MESSAGES.completed) return setStatus('completed');
      for (const [key, text] of Object.entries(fieldErrors(error)) as [keyof PayerForm, string][]) payer.setError(key, { message: text });
      toast({ variant: 'destructive', title: 'Payment Error', description: errorMessage(error, 'Unable to process payment. Please try again.') });
    }
  });

  const values = payer.getValues();
  const bank = values.paymentType === 'bank' ? { routingNumber: values.routingNumber, accountNumber: values.accountNumber } : undefined;
  // An invoice's link asks for its balance due, or the next installment under a payment plan (link.amount says which).
  const dueText = link.invoice ? formatMoney(link.invoice.installment ? (link.amount ?? link.invoice.installment.amountDue) : link.invoice.balanceDue) : null;
  return (
    <Card>
      <CardHeader className="border-b">
        <OrganizationBanner organization={organization} />
      </CardHeader>
      <CardContent className="space-y-6 pt-6">
        {/* The card step's own form carries the badge once the payment has started. */}
        {link.testMode && !intent && <TestModeNote processor="test">No real money moves.</TestModeNote>}
        {link.invoice && <InvoiceSummary invoice={link.invoice} amount={link.amount} />}
        <form onSubmit={start} className="space-y-6" noValidate>
          {generic && <PayerDetails form={{ ...EMPTY_PAYER_FORM, ...form }} errors={errors} disabled={intent !== null || starting} onChange={change} />}
          <PaymentMethodTabs
            value={paymentType ?? 'card'}
            onChange={(type) => {
              payer.setValue('paymentType', type);
              payer.clearErrors();
            }}
            form={{ ...EMPTY_PAYER_FORM, ...form }}
            errors={errors}
            disabled={intent !== null || starting}
            onFormChange={change}
          />
          {!intent && (
            <Button type="submit" size="lg" className="w-full" disabled={starting}>
              {starting && <Loader2 className="animate-spin" aria-hidden />}
              {dueText ? `Continue to Pay ${dueText}` : 'Continue to Payment'}
            </Button>
          )}
        </form>
        {intent && (
          <section aria-labelledby="complete-payment-title" className="space-y-3 border-t pt-6">
            <h2 id="complete-payment-title" className="text-lg font-semibold">
              {intent.paymentType === 'bank' ? 'Confirm Bank Transfer' : 'Card Details'}
            </h2>
            <PayWithIntent
              intent={intent}
              bank={bank}
              onSucceeded={(result) => setPaid({ amount: result.payment?.amount ?? intent.amount, processing: result.status === 'processing' })}
              onCancel={() => setIntent(null)}
            />
          </section>
        )}
        <footer className="space-y-1 border-t pt-4 text-xs text-muted-foreground">
          {link.expiresAt && <p>This link is valid until {formatDate(link.expiresAt)}.</p>}
          {(organization.email || organization.phone) && (
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span>Questions? Contact {organization.name}:</span>
              {organization.email && (
                <a href={`mailto:${organization.email}`} className="inline-flex items-center gap-1 text-primary hover:underline">
                  <Mail className="size-3.5" aria-hidden />
                  {organization.email}
                </a>
              )}
              {organization.phone && (
                <a href={`tel:${organization.phone.replace(/[^\d+]/g, '')}`} className="inline-flex items-center gap-1 text-primary hover:underline">
                  <Phone className="size-3.5" aria-hidden />
                  {formatPhone(organization.phone)}
                </a>
              )}
            </p>
          )}
        </footer>
      </CardContent>
    </Card>
  );
}
