// The money figures agree with each other, and the recommended actions do what their counts say, once
// (docs/decisions/017-money-figures.md). Runs on PGlite and, with DATABASE_URL, on PostgreSQL, where the two
// concurrent sends below are real parallel transactions.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toCents } from '../../../contracts/money';
import { AGING_BUCKETS, type AgingReport, type PaymentAnalytics, type SendAutoPayInvitesResult, type SendRemindersResult } from '../../../contracts/payment-analytics';
import { customers, invoices, outbox, paymentReminders, payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function orgWithAdmin() {
  const org = await t.createOrganization({ name: `Money ${randomUUID().slice(0, 6)}`, email: 'office@money.test' });
  const admin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
  return { org, admin };
}

async function customer(organizationId: number, values: Partial<typeof customers.$inferInsert> = {}) {
  const [c] = await t.database.db
    .insert(customers)
    .values({ organizationId, name: `Customer ${randomUUID().slice(0, 6)}`, email: `${randomUUID().slice(0, 8)}@example.com`, ...values })
    .returning();
  return c;
}

let invoiceNo = 0;
async function invoice(organizationId: number, customerId: number, values: Partial<typeof invoices.$inferInsert> = {}) {
  const [i] = await t.database.db
    .insert(invoices)
    .values({ organizationId, customerId, invoiceNumber: `INV-M${String(++invoiceNo).padStart(4, '0')}`, status: 'sent', total: '100.00', ...values })
    .returning();
  return i;
}

const pay = (organizationId: number, invoiceId: number, amount: string, status = 'completed') =>
  t.database.db.insert(payments).values({ organizationId, invoiceId, amount, status });

const get = async <T>(url: string, cookie: string) => {
  const res = await t.call({ url, cookie });
  expect(res.statusCode).toBe(200);
  return res.json() as T;
};
const post = async <T>(url: string, cookie: string) => {
  const res = await t.call({ method: 'POST', url, cookie, payload: {} });
  expect(res.statusCode).toBe(200);
  return res.json() as T;
};

/** The three figures of what is owed: dashboard Pending Invoices, Outstanding Balance, and the aging buckets' balances. */
async function owedFigures(cookie: string) {
  const dashboard = await get<{ pendingInvoices: { total: string; count: number; invoiceCount: number } }>('/api/dashboard/stats', cookie);
  const analytics = await get<PaymentAnalytics>('/api/reports/payment-analytics', cookie);
  const aging = await get<AgingReport>('/api/reports/aging', cookie);
  const agingItems = AGING_BUCKETS.flatMap((b) => aging[b]);
  return {
    pending: dashboard.pendingInvoices,
    outstanding: analytics.outstandingBalance,
    overdue: analytics.overdueAmount,
    aging: { cents: agingItems.reduce((sum, i) => sum + toCents(i.balanceDue), 0), count: agingItems.length, items: agingItems },
  };
}

describe('money figures', () => {
  it('an invoice of 100 with 40 paid counts 60 in Pending Invoices, Outstanding Balance and the aging report', async () => {
    const { org, admin } = await orgWithAdmin();
    const c = await customer(org.id);
    const partly = await invoice(org.id, c.id, { dueDate: new Date(Date.now() - 45 * DAY) });
    await pay(org.id, partly.id, '40.00');
    await pay(org.id, partly.id, '25.00', 'failed');

    const f = await owedFigures(admin);
    expect(f.pending).toEqual({ total: '60.00', count: 1, invoiceCount: 1 });
    expect(f.outstanding).toEqual({ total: '60.00', count: 1 });
    // 45 days past due: in the 31-60 bucket, so in Overdue Amount too, at its balance.
    expect(f.overdue).toEqual({ total: '60.00', count: 1 });
    expect(f.aging.cents).toBe(6000);
    expect(f.aging.items).toEqual([expect.objectContaining({ id: partly.id, total: '100.00', balanceDue: '60.00' })]);
  });

  it('draft, paid and fully paid invoices count nowhere; sent and overdue ones count in all three alike', async () => {
    const { org, admin } = await orgWithAdmin();
    const c = await customer(org.id);
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    await invoice(org.id, c.id, { status: 'draft', total: '500.00', dueDate: ago(90) });
    await invoice(org.id, c.id, { status: 'paid', total: '700.00', dueDate: ago(90), paidDate: ago(1) });
    // Covered by its payments though still marked sent: nothing is owed on it.
    const covered = await invoice(org.id, c.id, { total: '80.00', dueDate: ago(90) });
    await pay(org.id, covered.id, '80.00');
    await invoice(org.id, c.id, { status: 'overdue', total: '30.50', dueDate: ago(5) });
    await invoice(org.id, c.id, { total: '19.50', dueDate: new Date(Date.now() + 5 * DAY) });
    // Another organization's owed invoice stays out of these figures.
    const other = await orgWithAdmin();
    await invoice(other.org.id, (await customer(other.org.id)).id, { total: '999.00', dueDate: ago(40) });

    const f = await owedFigures(admin);
    expect(f.pending).toEqual({ total: '50.00', count: 1, invoiceCount: 2 });
    expect(f.outstanding).toEqual({ total: '50.00', count: 2 });
    expect(f.overdue).toEqual({ total: '0.00', count: 0 });
    expect(f.aging).toMatchObject({ cents: 5000, count: 2 });
  });
});

describe('recommended actions do what their counts say', () => {
  /** Three customers to remind (one with two overdue invoices), one without e-mail, one with nothing overdue. */
  async function overdueWorld() {
    const { org, admin } = await orgWithAdmin();
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    const invoiceIds: number[] = [];
    for (let k = 0; k < 3; k++) {
      const c = await customer(org.id);
      invoiceIds.push((await invoice(org.id, c.id, { dueDate: ago(10 + k) })).id);
      if (k === 0) invoiceIds.push((await invoice(org.id, c.id, { status: 'overdue', total: '45.00', dueDate: ago(50) })).id);
    }
    await invoice(org.id, (await customer(org.id, { email: null })).id, { dueDate: ago(3) });
    await invoice(org.id, (await customer(org.id)).id, { dueDate: new Date(Date.now() + DAY) });
    return { org, admin, invoiceIds };
  }

  const remindersOf = async (organizationId: number) =>
    t.database.db.select().from(paymentReminders).where(eq(paymentReminders.organizationId, organizationId));
  const mailsOf = async (organizationId: number) => t.database.db.select().from(outbox).where(eq(outbox.organizationId, organizationId));

  it('Send Reminders e-mails exactly the customers its count names, then counts them as reminded', async () => {
    const { org, admin } = await overdueWorld();
    const before = (await get<PaymentAnalytics>('/api/reports/payment-analytics', admin)).recommended;
    expect(before.overdueCustomers).toBe(4);
    expect(before.reminders).toEqual({ ready: 3, recent: 0, withoutEmail: 1 });

    const result = await post<SendRemindersResult>('/api/payment-analytics/send-reminders', admin);
    expect(result).toEqual({ sent: before.reminders.ready, skippedWithoutEmail: 1, skippedRecent: 0, failed: 0 });
    expect(await mailsOf(org.id)).toHaveLength(before.reminders.ready);

    const after = (await get<PaymentAnalytics>('/api/reports/payment-analytics', admin)).recommended;
    expect(after.reminders).toEqual({ ready: 0, recent: 3, withoutEmail: 1 });
    expect(await post<SendRemindersResult>('/api/payment-analytics/send-reminders', admin)).toEqual({ sent: 0, skippedWithoutEmail: 1, skippedRecent: 3, failed: 0 });
    expect(await mailsOf(org.id)).toHaveLength(3);
  });

  it('two Send Reminders at once remind each invoice exactly once', async () => {
    const { org, admin, invoiceIds } = await overdueWorld();
    const results = await Promise.all([0, 1].map(() => post<SendRemindersResult>('/api/payment-analytics/send-reminders', admin)));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(3);
    expect(results.reduce((n, r) => n + r.skippedRecent, 0)).toBe(3);
    expect(await mailsOf(org.id)).toHaveLength(3);
    const rows = await remindersOf(org.id);
    expect(rows.map((r) => r.invoiceId).sort()).toEqual([...invoiceIds].sort());
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  });

  it('a reminder the mail server refused is tried again by the next Send Reminders', async () => {
    const { org, admin } = await orgWithAdmin();
    await invoice(org.id, (await customer(org.id)).id, { dueDate: new Date(Date.now() - 2 * DAY) });
    const realSend = t.deps.mailer.send.bind(t.deps.mailer);
    const spy = vi.spyOn(t.deps.mailer, 'send').mockImplementationOnce(async (m) => ({ ...(await realSend(m)), status: 'failed', error: 'SMTP down' }));
    try {
      expect(await post<SendRemindersResult>('/api/payment-analytics/send-reminders', admin)).toMatchObject({ sent: 0, failed: 1 });
    } finally {
      spy.mockRestore();
    }
    expect((await get<PaymentAnalytics>('/api/reports/payment-analytics', admin)).recommended.reminders).toEqual({ ready: 1, recent: 0, withoutEmail: 0 });
    expect(await post<SendRemindersResult>('/api/payment-analytics/send-reminders', admin)).toMatchObject({ sent: 1, failed: 0 });
  });

  it('Send Invites invites exactly the customers its count names, once, even when two arrive together', async () => {
    const { org, admin } = await orgWithAdmin();
    for (let k = 0; k < 4; k++) await customer(org.id, { preferredPaymentMethod: 'card' });
    await customer(org.id, { preferredPaymentMethod: 'card', email: ' ' });
    await customer(org.id, { preferredPaymentMethod: 'card', autoPayEnabled: true });
    await customer(org.id, { preferredPaymentMethod: 'bank_transfer' });

    const before = (await get<PaymentAnalytics>('/api/reports/payment-analytics', admin)).recommended;
    expect(before.cardWithoutAutoPay).toBe(5);
    expect(before.invites).toEqual({ ready: 4, recent: 0, withoutEmail: 1 });

    const results = await Promise.all([0, 1].map(() => post<SendAutoPayInvitesResult>('/api/payment-analytics/send-autopay-invites', admin)));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(before.invites.ready);
    expect(results.reduce((n, r) => n + r.skippedRecent, 0)).toBe(before.invites.ready);
    expect(results.every((r) => r.skippedWithoutEmail === 1 && r.failed === 0)).toBe(true);
    const mails = await mailsOf(org.id);
    expect(mails).toHaveLength(4);
    expect(new Set(mails.map((m) => m.to)).size).toBe(4);

    expect((await get<PaymentAnalytics>('/api/reports/payment-analytics', admin)).recommended.invites).toEqual({ ready: 0, recent: 4, withoutEmail: 1 });
    // Inviting a customer is not a change to their record.
    const invited = await t.database.db
      .select({ createdAt: customers.createdAt, updatedAt: customers.updatedAt, invitedAt: customers.autopayInvitedAt })
      .from(customers)
      .where(and(eq(customers.organizationId, org.id), eq(customers.preferredPaymentMethod, 'card'), eq(customers.autoPayEnabled, false)));
    expect(invited.filter((r) => r.invitedAt !== null)).toHaveLength(4);
    expect(invited.every((r) => r.updatedAt.getTime() <= Date.now() && (r.invitedAt === null || r.updatedAt < r.invitedAt))).toBe(true);
  });
});
