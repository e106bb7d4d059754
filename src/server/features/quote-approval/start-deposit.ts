// Paying a quote's deposit from its page (docs/rules/quote-approval.md#deposits): what is left of the deposit, through
// the organization's processor or the test gateway, booked as a payment held against the quote.
import { and, eq } from 'drizzle-orm';
import type { PaymentIntentResponse } from '../../../contracts/payments';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { customers, invoices } from '../../db/schema/index';
import { conflict } from '../../platform/errors';
import { startPayment } from '../payments/start-payment';
import { depositPaidCents } from '../estimates/estimate-view';
import { depositOf, effectiveStatus, estimateByToken, quoteWord } from './quote-page';

export async function startDeposit(db: Db, config: Config, token: string, paymentType: 'card' | 'bank'): Promise<PaymentIntentResponse> {
  const row = await estimateByToken(db, token);
  const word = await quoteWord(db, row.organizationId);
  const status = effectiveStatus(row, new Date());
  if (status !== 'approved' && status !== 'converted') throw conflict(`This ${word} needs your approval before its deposit can be paid.`);
  const [invoice] = await db
    .select({ number: invoices.invoiceNumber })
    .from(invoices)
    .where(and(eq(invoices.organizationId, row.organizationId), eq(invoices.estimateId, row.id)))
    .limit(1);
  if (invoice) throw conflict(`This ${word} is now invoice ${invoice.number}: please pay it there.`);
  const deposit = depositOf(row, await depositPaidCents(db, row.organizationId, row.id));
  if (!deposit) throw conflict(`This ${word} asks for no deposit.`);
  if (deposit.dueCents === 0) throw conflict('The deposit has been paid. Thank you!');
  const [customer] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.organizationId, row.organizationId), eq(customers.id, row.customerId)));
  return startPayment(db, config, {
    organizationId: row.organizationId,
    invoiceId: null,
    customerId: row.customerId,
    customerName: customer?.name ?? 'Customer',
    amountCents: deposit.dueCents,
    description: `Deposit for ${row.estimateNumber}`,
    paymentType,
    source: 'quote',
    estimateId: row.id,
  });
}
