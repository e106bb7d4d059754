// Demo payment activity beyond the payments themselves: the card and bank attempts behind them (a few declined
// first, so the success rate is a real figure), payment links for open invoices, and a generic link.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { invoices, paymentAttempts, paymentLinks, payments } from '../schema/index';
import { createRng } from './seed-demo-records';

const DAY = 86_400_000;
const linkId = () => randomBytes(16).toString('base64url');

export async function seedDemoPaymentActivity(tx: DbOrTx, organizationId: number, now: Date): Promise<void> {
  const r = createRng(organizationId * 7919);
  const online = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.organizationId, organizationId), inArray(payments.method, ['credit_card', 'bank_transfer'])));
  const attempts: (typeof paymentAttempts.$inferInsert)[] = [];
  for (const p of online) {
    const paymentType = p.method === 'bank_transfer' ? ('bank' as const) : ('card' as const);
    if (r.chance(0.12)) {
      attempts.push({
        organizationId,
        invoiceId: p.invoiceId,
        customerId: p.customerId,
        intentId: `tgpi_demo_failed_${p.id}`,
        amount: p.amount,
        paymentType,
        processor: 'test',
        status: 'failed',
        failureMessage: paymentType === 'card' ? (r.chance(0.5) ? 'Your card was declined.' : 'Your card has insufficient funds.') : 'The routing number is not a test bank.',
        idempotencyKey: `demo-failed-${p.id}`,
        customerName: p.customerName,
        source: 'portal',
        createdAt: new Date(p.receivedDate.getTime() - 10 * 60_000),
      });
    }
    attempts.push({
      organizationId,
      invoiceId: p.invoiceId,
      customerId: p.customerId,
      intentId: `tgpi_demo_${p.id}`,
      amount: p.amount,
      paymentType,
      processor: 'test',
      status: 'succeeded',
      idempotencyKey: `demo-${p.id}`,
      customerName: p.customerName,
      source: 'portal',
      paymentId: p.id,
      completedAt: p.receivedDate,
      createdAt: p.receivedDate,
    });
  }
  if (attempts.length) await tx.insert(paymentAttempts).values(attempts);
  // Recorded payments carry the same intent id as their attempt, as live ones do.
  for (const p of online) await tx.update(payments).set({ stripePaymentIntentId: `tgpi_demo_${p.id}`, processor: 'test' }).where(eq(payments.id, p.id));

  const open = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.organizationId, organizationId), inArray(invoices.status, ['sent', 'overdue'])))
    .orderBy(desc(invoices.createdAt))
    .limit(3);
  const links: (typeof paymentLinks.$inferInsert)[] = open.map((inv, i) => {
    const created = new Date(now.getTime() - (i * 9 + 2) * DAY);
    return {
      organizationId,
      invoiceId: inv.id,
      linkId: linkId(),
      amount: inv.total,
      status: 'active',
      createdAt: created,
      expiresAt: new Date(created.getTime() + 30 * DAY),
      clickCount: i === 0 ? 0 : r.int(1, 6),
      lastClickedAt: i === 0 ? null : new Date(created.getTime() + DAY),
    };
  });
  links.push({ organizationId, invoiceId: null, linkId: linkId(), amount: null, description: 'Pay any amount', status: 'active', createdAt: new Date(now.getTime() - 20 * DAY), expiresAt: new Date(now.getTime() + 10 * DAY), clickCount: r.int(3, 12) });
  await tx.insert(paymentLinks).values(links);
}
