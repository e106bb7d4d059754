// Starts a card or bank payment: checks what may be paid, asks the organization's processor (or the test
// gateway) for an intent, and remembers the attempt so the browser and the webhook can complete it.
import { randomUUID } from 'node:crypto';
import { fromCents } from '../../../contracts/money';
import { PAYMENT_MESSAGES, type PaymentIntentResponse, type PaymentType } from '../../../contracts/payments';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { paymentAttempts } from '../../db/schema/index';
import { invalid, notImplemented } from '../../platform/errors';
import { hashToken } from '../../platform/tokens';
import { chooseProcessor } from './choose-processor';
import { newTestIntent } from './gateways/test-gateway';
import { stripeClient } from './gateways/stripe-client';
import { callStripe } from './gateways/stripe-failure';
import { assertPayable, lockInvoiceBalance } from './settle-payment';

export interface PaymentRequest {
  organizationId: number;
  invoiceId: number | null;
  customerId?: number | null;
  amountCents: number;
  customerName: string | null;
  description: string | null;
  reference?: string | null;
  paymentType: PaymentType;
  source: 'staff' | 'portal' | 'link' | 'quote' | 'booking';
  paymentLinkId?: number | null;
  /** A quote's deposit (docs/rules/quote-approval.md#deposits). */
  estimateId?: number | null;
  /** The deposit holding an online booking (docs/rules/scheduling.md#holding-a-booking): confirming it confirms the booking. */
  appointmentId?: number | null;
}

export async function startPayment(db: DbOrTx, config: Config, req: PaymentRequest): Promise<PaymentIntentResponse> {
  let customerName = req.customerName;
  let customerId = req.customerId ?? null;
  let description = req.description;
  if (req.invoiceId) {
    const balance = await lockInvoiceBalance(db, req.organizationId, req.invoiceId);
    assertPayable(balance, req.amountCents);
    customerName = balance.customerName;
    customerId = balance.invoice.customerId;
    description = description ?? `Invoice ${balance.invoice.invoiceNumber}`;
  } else if (!customerName || !description) {
    throw invalid(`customerName: ${PAYMENT_MESSAGES.nameAndDescription}`, [{ path: 'customerName', message: PAYMENT_MESSAGES.nameAndDescription }]);
  }

  const processor = await chooseProcessor(db, config, req.organizationId);
  if (processor.kind === 'square') throw notImplemented(PAYMENT_MESSAGES.squareUnsupported);
  if (processor.kind === 'manual') throw invalid(PAYMENT_MESSAGES.manualOnly);

  const idempotencyKey = randomUUID();
  let intentId: string;
  let clientSecret: string;
  if (processor.kind === 'stripe') {
    const stripe = stripeClient(processor.secretKey, config.STRIPE_API_BASE);
    const intent = await callStripe('create payment intent', () =>
      stripe.paymentIntents.create(
        {
          amount: req.amountCents,
          currency: 'usd',
          allowed_payment_method_types: req.paymentType === 'bank' ? ['us_bank_account'] : ['card'],
          description: description ?? undefined,
          metadata: {
            organizationId: String(req.organizationId),
            invoiceId: req.invoiceId ? String(req.invoiceId) : '',
            estimateId: req.estimateId ? String(req.estimateId) : '',
            appointmentId: req.appointmentId ? String(req.appointmentId) : '',
            source: req.source,
            // Names the processor whose webhook secret signs this intent's events (the legacy webhook URL uses it).
            processorId: String(processor.processorId),
          },
        },
        { idempotencyKey },
      ),
    );
    intentId = intent.id;
    clientSecret = intent.client_secret ?? '';
  } else {
    ({ intentId, clientSecret } = newTestIntent('pi'));
  }

  await db.insert(paymentAttempts).values({
    organizationId: req.organizationId,
    invoiceId: req.invoiceId,
    customerId,
    intentId,
    clientSecretHash: hashToken(clientSecret),
    amount: fromCents(req.amountCents),
    paymentType: req.paymentType,
    processor: processor.kind,
    status: 'requires_confirmation',
    idempotencyKey,
    customerName,
    description,
    reference: req.reference ?? null,
    source: req.source,
    paymentLinkId: req.paymentLinkId ?? null,
    estimateId: req.estimateId ?? null,
    appointmentId: req.appointmentId ?? null,
  });

  return {
    clientSecret,
    intentId,
    processor: processor.kind,
    testMode: processor.kind === 'test' || processor.testMode,
    publishableKey: processor.kind === 'stripe' ? processor.publishableKey : null,
    amount: fromCents(req.amountCents),
    paymentType: req.paymentType,
  };
}
