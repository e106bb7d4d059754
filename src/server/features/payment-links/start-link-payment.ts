// A payer on the public page starts a card or bank payment through the link: an invoice link pays the
// invoice's balance due; the generic link pays the amount the payer typed, with their name and description.
import { eq } from 'drizzle-orm';
import { toCents } from '../../../contracts/money';
import { PAYMENT_LINK_MESSAGES } from '../../../contracts/payment-links';
import { PAYMENT_MESSAGES, type PaymentIntentResponse, type PaymentType } from '../../../contracts/payments';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { paymentLinks } from '../../db/schema/index';
import { conflict, invalid, notFound } from '../../platform/errors';
import { lockInvoiceBalance } from '../payments/settle-payment';
import { startPayment } from '../payments/start-payment';
import { amountAskedCents } from '../payment-plans/plan-state';
import { payerStatus } from './open-payment-link';

export interface LinkPaymentInput {
  amount?: string;
  customerName: string | null;
  description: string | null;
  paymentType: PaymentType;
}

export async function startLinkPayment(db: DbOrTx, config: Config, linkId: string, input: LinkPaymentInput): Promise<PaymentIntentResponse> {
  const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.linkId, linkId)).limit(1);
  if (!link) throw notFound(PAYMENT_LINK_MESSAGES.notFound);
  const balance = link.invoiceId ? await lockInvoiceBalance(db, link.organizationId, link.invoiceId) : null;
  const status = payerStatus(link, balance);
  if (status === 'expired') throw conflict(PAYMENT_LINK_MESSAGES.expired);
  if (status === 'completed') throw conflict(PAYMENT_LINK_MESSAGES.completed);

  const common = { organizationId: link.organizationId, paymentType: input.paymentType, source: 'link' as const, paymentLinkId: link.id };
  if (balance) {
    // The payer cannot choose what an invoice costs: the link asks for the balance due, or the next installment
    // under a payment plan (docs/rules/money-and-payments.md#installments).
    const amountCents = await amountAskedCents(db, link.organizationId, balance.invoice.id, balance.balanceCents);
    return startPayment(db, config, { ...common, invoiceId: balance.invoice.id, amountCents, customerName: null, description: null });
  }
  if (!input.amount) throw invalid(`amount: ${PAYMENT_MESSAGES.amountRequired}`, [{ path: 'amount', message: PAYMENT_MESSAGES.amountRequired }]);
  if (!input.customerName || !input.description) {
    const path = input.customerName ? 'description' : 'customerName';
    throw invalid(`${path}: ${PAYMENT_MESSAGES.nameAndDescription}`, [{ path, message: PAYMENT_MESSAGES.nameAndDescription }]);
  }
  return startPayment(db, config, {
    ...common,
    invoiceId: null,
    amountCents: toCents(input.amount),
    customerName: input.customerName,
    description: input.description,
  });
}
