// invoices.amount_paid is kept by the database from the invoice's completed payments (drizzle/0010_invoice_amount_paid.sql):
// every kind of change to payments moves it, and payments committed at once all count.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { Database } from './client';
import { customers, invoices, organizations, payments } from './schema/index';

describe('invoices.amount_paid', () => {
  let database: Database;
  let orgId: number;
  let customerId: number;
  beforeAll(async () => {
    database = await openTestDatabase();
    const [org] = await database.db.insert(organizations).values({ name: 'Paid Amounts', slug: `paid-${Date.now()}` }).returning();
    orgId = org!.id;
    const [c] = await database.db.insert(customers).values({ organizationId: orgId, name: 'Payer' }).returning();
    customerId = c!.id;
  });
  afterAll(() => database.close());

  let n = 0;
  const newInvoice = async (total = '100.00') => {
    const [inv] = await database.db
      .insert(invoices)
      .values({ organizationId: orgId, customerId, invoiceNumber: `INV-P${n++}`, status: 'sent', total })
      .returning();
    return inv!.id;
  };
  const paidOf = async (id: number) => (await database.db.select({ paid: invoices.amountPaid }).from(invoices).where(eq(invoices.id, id)))[0]?.paid;
  /** What the payments themselves add up to, the figure amount_paid stands for. */
  const summed = async (id: number) =>
    (
      await database.db
        .select({ paid: sql<string>`coalesce(sum(${payments.amount}), 0)::numeric(14,2)::text` })
        .from(payments)
        .where(sql`${payments.invoiceId} = ${id} and ${payments.status} = 'completed'`)
    )[0]?.paid;

  it('follows inserts, status changes, amount changes, moves to another invoice and deletes', async () => {
    const a = await newInvoice();
    const b = await newInvoice();
    expect(await paidOf(a)).toBe('0.00');
    const [p1] = await database.db.insert(payments).values({ organizationId: orgId, invoiceId: a, amount: '30.10', status: 'completed' }).returning();
    await database.db.insert(payments).values([
      { organizationId: orgId, invoiceId: a, amount: '20.05', status: 'completed' },
      { organizationId: orgId, invoiceId: a, amount: '99.00', status: 'failed' },
      { organizationId: orgId, invoiceId: null, amount: '5.00', status: 'completed' },
    ]);
    expect(await paidOf(a)).toBe('50.15');
    await database.db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, p1!.id));
    expect(await paidOf(a)).toBe('20.05');
    await database.db.update(payments).set({ status: 'completed', amount: '31.00' }).where(eq(payments.id, p1!.id));
    expect(await paidOf(a)).toBe('51.05');
    await database.db.update(payments).set({ invoiceId: b }).where(eq(payments.id, p1!.id));
    expect([await paidOf(a), await paidOf(b)]).toEqual(['20.05', '31.00']);
    await database.db.delete(payments).where(eq(payments.invoiceId, a));
    expect([await paidOf(a), await paidOf(b)]).toEqual(['0.00', '31.00']);
    expect([await paidOf(a), await paidOf(b)]).toEqual([await summed(a), await summed(b)]);
  });

  it('counts every one of 20 payments of one invoice made at the same moment (separate connections on PostgreSQL)', async () => {
    const id = await newInvoice('1000.00');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await tx.insert(payments).values({ organizationId: orgId, invoiceId: id, amount: `${i + 1}.01`, status: 'completed' });
          // Held open a moment, so the transactions overlap on PostgreSQL.
          await tx.execute(sql`select pg_sleep(0.01)`);
        }),
      ),
    );
    // 1.01 + 2.01 + ... + 20.01
    expect(await paidOf(id)).toBe('210.20');
    expect(await summed(id)).toBe('210.20');
  });

  it('moves last_payment_at to the latest completed payment received, never back (drizzle/0013)', async () => {
    const a = await newInvoice();
    const b = await newInvoice();
    const lastOf = async (id: number) => (await database.db.select({ at: invoices.lastPaymentAt }).from(invoices).where(eq(invoices.id, id)))[0]?.at?.toISOString() ?? null;
    const d = (iso: string) => new Date(iso);
    expect(await lastOf(a)).toBeNull();
    const [p1] = await database.db.insert(payments).values({ organizationId: orgId, invoiceId: a, amount: '10.00', status: 'completed', receivedDate: d('2026-03-01T00:00:00Z') }).returning();
    await database.db.insert(payments).values({ organizationId: orgId, invoiceId: a, amount: '10.00', status: 'failed', receivedDate: d('2026-04-01T00:00:00Z') });
    expect(await lastOf(a)).toBe('2026-03-01T00:00:00.000Z');
    // Received later, same amount: amount_paid does not move but last_payment_at must.
    await database.db.update(payments).set({ receivedDate: d('2026-03-05T00:00:00Z') }).where(eq(payments.id, p1!.id));
    expect(await lastOf(a)).toBe('2026-03-05T00:00:00.000Z');
    // A failed payment turned completed counts; moved to another invoice, it moves that one's too.
    await database.db.update(payments).set({ status: 'completed' }).where(sql`${payments.invoiceId} = ${a} and ${payments.status} = 'failed'`);
    expect(await lastOf(a)).toBe('2026-04-01T00:00:00.000Z');
    await database.db.update(payments).set({ invoiceId: b }).where(eq(payments.id, p1!.id));
    expect([await lastOf(a), await lastOf(b)]).toEqual(['2026-04-01T00:00:00.000Z', '2026-03-05T00:00:00.000Z']);
    // Received earlier, or deleted: it stays, still no earlier than any payment the invoice holds.
    await database.db.update(payments).set({ receivedDate: d('2026-01-01T00:00:00Z') }).where(eq(payments.id, p1!.id));
    await database.db.delete(payments).where(eq(payments.invoiceId, a));
    expect([await lastOf(a), await lastOf(b)]).toEqual(['2026-04-01T00:00:00.000Z', '2026-03-05T00:00:00.000Z']);
  });
});
