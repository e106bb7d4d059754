import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { AGING_BUCKETS, type AgingReport } from '../../../contracts/payment-analytics';
import { customers, invoices, outbox, paymentReminders } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

const DAY = 86_400_000;

/** A customer of organization A with an overdue invoice, no portal access, preferring card without auto-pay. */
async function overdueCustomerOfA(w: World) {
  const db = w.t.database.db;
  const email = `a-${randomUUID().slice(0, 8)}@example.com`;
  const [c] = await db
    .insert(customers)
    .values({ organizationId: w.orgA.id, name: 'Private A', email, portalAccessEnabled: false, preferredPaymentMethod: 'card' })
    .returning();
  const [inv] = await db
    .insert(invoices)
    .values({
      organizationId: w.orgA.id,
      customerId: c.id,
      invoiceNumber: `INV-PA-${randomUUID().slice(0, 8)}`,
      status: 'sent',
      total: '250.00',
      dueDate: new Date(Date.now() - 45 * DAY),
    })
    .returning();
  return { customer: c, invoice: inv, email };
}

const mailsTo = async (w: World, to: string) => (await w.t.database.db.select().from(outbox).where(eq(outbox.to, to))).length;
const allIds = (report: AgingReport) => AGING_BUCKETS.flatMap((b) => report[b].map((i) => i.id));

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/reports/aging': {
    kind: 'custom',
    run: async (w) => {
      const before = (await w.t.call({ url: '/api/reports/aging', cookie: w.adminB.cookie })).json().totals;
      const { invoice } = await overdueCustomerOfA(w);
      for (const query of ['', `?organizationId=${w.orgA.id}`, '?bucket=days30&limit=100', `?bucket=days30&organizationId=${w.orgA.id}`]) {
        const b = await w.t.call({ url: `/api/reports/aging${query}`, cookie: w.adminB.cookie });
        expect(b.statusCode).toBe(200);
        expect(allIds(b.json())).not.toContain(invoice.id);
        // A's invoice adds to none of B's totals either.
        expect(b.json().totals).toEqual(before);
      }
      const a = await w.t.call({ url: '/api/reports/aging', cookie: w.adminA.cookie });
      expect(a.json().days30.map((i: { id: number }) => i.id)).toContain(invoice.id);
      expect((await w.t.call({ url: '/api/reports/aging', cookie: w.customerB.cookie })).statusCode).toBe(403);
    },
  },
  'GET /api/reports/payment-analytics': {
    kind: 'custom',
    run: async (w) => {
      const figures = async (cookie: string, query = '') => (await w.t.call({ url: `/api/reports/payment-analytics${query}`, cookie })).json();
      const beforeB = await figures(w.adminB.cookie);
      const beforeA = await figures(w.adminA.cookie);
      await overdueCustomerOfA(w);
      expect(await figures(w.adminB.cookie)).toEqual(beforeB);
      expect(await figures(w.adminB.cookie, `?organizationId=${w.orgA.id}`)).toEqual(beforeB);
      const afterA = await figures(w.adminA.cookie);
      expect(afterA.customerAnalysis.totalCustomers).toBe(beforeA.customerAnalysis.totalCustomers + 1);
      expect(afterA.overdueAmount.count).toBe(beforeA.overdueAmount.count + 1);
      expect((await w.t.call({ url: '/api/reports/payment-analytics', cookie: w.customerB.cookie })).statusCode).toBe(403);
    },
  },
  'POST /api/payment-analytics/send-reminders': {
    kind: 'custom',
    run: async (w) => {
      const { invoice, email } = await overdueCustomerOfA(w);
      const res = await w.t.call({ method: 'POST', url: '/api/payment-analytics/send-reminders', cookie: w.adminB.cookie, payload: { organizationId: w.orgA.id } });
      expect(res.statusCode).toBe(200);
      expect(await mailsTo(w, email)).toBe(0);
      expect(await w.t.database.db.select().from(paymentReminders).where(eq(paymentReminders.invoiceId, invoice.id))).toEqual([]);
      await w.t.call({ method: 'POST', url: '/api/payment-analytics/send-reminders', cookie: w.adminA.cookie, payload: {} });
      expect(await mailsTo(w, email)).toBe(1);
    },
  },
  'POST /api/payment-analytics/enable-portal': {
    kind: 'custom',
    run: async (w) => {
      const { customer } = await overdueCustomerOfA(w);
      const res = await w.t.call({ method: 'POST', url: '/api/payment-analytics/enable-portal', cookie: w.adminB.cookie, payload: { organizationId: w.orgA.id } });
      expect(res.statusCode).toBe(200);
      const portal = async () => (await w.t.database.db.select().from(customers).where(eq(customers.id, customer.id)))[0].portalAccessEnabled;
      expect(await portal()).toBe(false);
      await w.t.call({ method: 'POST', url: '/api/payment-analytics/enable-portal', cookie: w.adminA.cookie, payload: {} });
      expect(await portal()).toBe(true);
    },
  },
  'POST /api/payment-analytics/send-autopay-invites': {
    kind: 'custom',
    run: async (w) => {
      const { email } = await overdueCustomerOfA(w);
      const res = await w.t.call({ method: 'POST', url: '/api/payment-analytics/send-autopay-invites', cookie: w.adminB.cookie, payload: { organizationId: w.orgA.id } });
      expect(res.statusCode).toBe(200);
      expect(await mailsTo(w, email)).toBe(0);
      await w.t.call({ method: 'POST', url: '/api/payment-analytics/send-autopay-invites', cookie: w.adminA.cookie, payload: {} });
      expect(await mailsTo(w, email)).toBe(1);
    },
  },
};
