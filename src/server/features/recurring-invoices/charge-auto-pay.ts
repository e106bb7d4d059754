// Auto-pay (docs/rules/money-and-payments.md#auto-pay): an invoice issued to a customer who pays automatically is charged
// to their saved card off-session through the active processor (the test gateway locally), once: the claim marks it
// `charging`, the charge carries an idempotency key of the invoice (Stripe) or a fixed intent id (test gateway), and the
// payment is booked by that key, so a run stopped mid-charge and retried books one payment. A receipt follows; a
// decline falls back to the ordinary invoice e-mail with the pay link, and billing staff are told.
import { and, desc, eq, sql } from 'drizzle-orm';
import { formatMoney, fromCents, toCents } from '../../../contracts/money';
import type { Config } from '../../config';
import type { Mailer } from '../../adapters/mail/mailer';
import { rowsOf, type Db } from '../../db/client';
import { customers, invoices, savedPaymentMethods } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { notifyStaff, staffWith } from '../notifications/notify-staff';
import { chooseProcessor } from '../payments/choose-processor';
import { stripeClient } from '../payments/gateways/stripe-client';
import { callStripe } from '../payments/gateways/stripe-failure';
import { settlePayment } from '../payments/settle-payment';
import { mailIssuedInvoice } from './mail-issued-invoice';

export const AUTO_PAY_CLAIM_MS = 5 * 60_000;

/** Stripe's test card that saves but whose later charges are declined; the test gateway declines it the same way. */
export const TEST_DECLINED_ON_FILE_LAST4 = '0341';

export interface AutoPayDeps {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  config: Pick<Config, 'appUrl' | 'APP_SECRET' | 'STRIPE_API_BASE'>;
}

export type AutoPayOutcome = 'charged' | 'declined' | 'no_card' | 'settled' | 'retry';

interface Claimed {
  organization_id: number;
  id: number;
}

export async function claimAutoPay(db: Db, now: Date, batch: number): Promise<Claimed[]> {
  return rowsOf<Claimed>(
    db,
    sql`update ${invoices} set auto_pay_state = 'charging', auto_pay_locked_until = ${new Date(now.getTime() + AUTO_PAY_CLAIM_MS).toISOString()}::timestamptz
      where id in (
        select id from ${invoices}
        where auto_pay_state = 'due' or (auto_pay_state = 'charging' and auto_pay_locked_until <= ${now.toISOString()}::timestamptz)
        order by id limit ${batch} for update skip locked
      )
      returning organization_id, id`,
  );
}

async function finish(db: Db, c: Claimed, state: 'charged' | 'declined' | 'no_card' | 'due' | null, note: string | null) {
  await db
    .update(invoices)
    .set({ autoPayState: state, autoPayNote: note, autoPayLockedUntil: null })
    .where(and(eq(invoices.organizationId, c.organization_id), eq(invoices.id, c.id), eq(invoices.autoPayState, 'charging')));
}

type Charge = { ok: true; intentId: string; processor: 'test' | 'stripe' } | { ok: false; message: string };

export async function chargeAutoPay(deps: AutoPayDeps, c: Claimed): Promise<AutoPayOutcome> {
  const { db } = deps;
  const [row] = await db
    .select({ inv: invoices, customer: customers })
    .from(invoices)
    .innerJoin(customers, and(eq(customers.id, invoices.customerId), eq(customers.organizationId, invoices.organizationId)))
    .where(and(eq(invoices.organizationId, c.organization_id), eq(invoices.id, c.id)));
  const balanceCents = row ? toCents(row.inv.total) - toCents(row.inv.amountPaid) - toCents(row.inv.amountCredited) : 0;
  if (!row || balanceCents <= 0 || !['sent', 'overdue'].includes(row.inv.status)) {
    await finish(db, c, null, 'Nothing to charge');
    return 'settled';
  }
  const processor = await chooseProcessor(db, deps.config, c.organization_id);
  const kind = processor.kind === 'stripe' ? 'stripe' : processor.kind === 'test' ? 'test' : null;
  const [card] = kind
    ? await db
        .select()
        .from(savedPaymentMethods)
        .where(and(eq(savedPaymentMethods.organizationId, c.organization_id), eq(savedPaymentMethods.customerId, row.customer.id), eq(savedPaymentMethods.processor, kind)))
        .orderBy(desc(savedPaymentMethods.isDefault), desc(savedPaymentMethods.createdAt))
        .limit(1)
    : [];
  if (!card || !kind) {
    const why = !kind ? 'The active payment processor cannot charge saved cards' : 'No saved card';
    await finish(db, c, 'no_card', why);
    await fallBack(deps, c, row.inv.invoiceNumber, `We could not charge your card on file automatically: ${why.toLowerCase()}. Please pay online with the link below.`, why);
    return 'no_card';
  }

  let charge: Charge;
  try {
    if (processor.kind === 'stripe') {
      const stripe = stripeClient(processor.secretKey, deps.config.STRIPE_API_BASE);
      const intent = await callStripe('charge a saved card', () =>
        stripe.paymentIntents.create(
          {
            amount: balanceCents,
            currency: 'usd',
            customer: row.customer.stripeCustomerId ?? undefined,
            payment_method: card.providerMethodId,
            off_session: true,
            confirm: true,
            metadata: { organizationId: String(c.organization_id), invoiceId: String(c.id), autoPay: 'true' },
          },
          { idempotencyKey: `autopay-${c.organization_id}-${c.id}-${balanceCents}` },
        ),
      );
      charge = intent.status === 'succeeded' ? { ok: true, intentId: intent.id, processor: 'stripe' } : { ok: false, message: `The charge is ${intent.status.replaceAll('_', ' ')}` };
    } else {
      charge =
        card.last4 === TEST_DECLINED_ON_FILE_LAST4
          ? { ok: false, message: 'Your card was declined.' }
          : { ok: true, intentId: `tgpi_autopay_${c.organization_id}_${c.id}_${balanceCents}`, processor: 'test' };
    }
  } catch (err) {
    if (err instanceof AppError && err.code === 'PAYMENT_FAILED') {
      charge = { ok: false, message: err.message };
    } else {
      // The processor failed, not the card: the invoice is charged on a later run (same idempotency key).
      await finish(db, c, 'due', err instanceof Error ? err.message : String(err));
      throw err;
    }
  }

  const cardLabel = `${card.brand ?? 'card'} ending ${card.last4 ?? ''}`.trim();
  if (!charge.ok) {
    await finish(db, c, 'declined', charge.message);
    await fallBack(deps, c, row.inv.invoiceNumber, `We could not charge your ${cardLabel} for this invoice (${charge.message}). Please pay online with the link below.`, charge.message);
    return 'declined';
  }
  const { intentId, processor: via } = charge;
  await db.transaction(async (tx) => {
    await settlePayment(
      tx,
      {
        organizationId: c.organization_id,
        invoiceId: c.id,
        customerName: row.customer.name,
        amountCents: balanceCents,
        method: 'card',
        reference: cardLabel,
        description: 'Auto-pay',
        intentId,
        processor: via,
      },
      { refuseOverBalance: false },
    );
  });
  await finish(db, c, 'charged', `Charged ${formatMoney(fromCents(balanceCents))} to the ${cardLabel}`);
  await mailIssuedInvoice(deps, c.organization_id, c.id, {
    subject: `Receipt: ${formatMoney(fromCents(balanceCents))} paid for invoice ${row.inv.invoiceNumber}`,
    lead: `Thank you: we charged ${formatMoney(fromCents(balanceCents))} to your ${cardLabel} for this invoice. Nothing is left to pay; this e-mail is your receipt.`,
  });
  return 'charged';
}

/** The ordinary invoice e-mail with its pay link, and a bell for billing staff. */
async function fallBack(deps: AutoPayDeps, c: Claimed, invoiceNumber: string, lead: string, why: string) {
  await mailIssuedInvoice(deps, c.organization_id, c.id, { lead });
  await notifyStaff(deps.db, await staffWith(deps.db, c.organization_id, ['manage_invoices', 'manage_payments']), [
    {
      organizationId: c.organization_id,
      type: 'auto_pay_failed',
      title: `Auto-pay for ${invoiceNumber} failed`,
      body: `${why}. The customer was sent the invoice with its pay link.`,
      link: `/invoices?open=${c.id}`,
      entityType: 'invoice',
      entityId: c.id,
    },
  ]);
}
