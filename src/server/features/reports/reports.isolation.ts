import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { customers, invoices } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

/** A customer of organization A, named uniquely, with a paid invoice large enough to top A's list. */
async function paidCustomerOfA(w: World) {
  const db = w.t.database.db;
  const name = `Reports A ${randomUUID().slice(0, 8)}`;
  const [c] = await db.insert(customers).values({ organizationId: w.orgA.id, name }).returning();
  await db.insert(invoices).values({
    organizationId: w.orgA.id,
    customerId: c.id,
    invoiceNumber: `INV-RP-${randomUUID().slice(0, 8)}`,
    status: 'paid',
    total: '99999999.99',
    paidDate: new Date(),
  });
  return name;
}

const summary = async (w: World, cookie: string, query = '') => {
  const res = await w.t.call({ url: `/api/reports/summary${query}`, cookie });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  delete body.generatedAt; // moves with the clock
  return body;
};

/** The CSV without its Generated At row, which moves with the clock. */
const csv = async (w: World, cookie: string, query = '') => {
  const res = await w.t.call({ url: `/api/reports/export${query}`, cookie });
  expect(res.statusCode).toBe(200);
  return res.body
    .split('\r\n')
    .filter((line) => !line.startsWith('Range,Generated At,'))
    .join('\r\n');
};

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/reports/summary': {
    kind: 'custom',
    run: async (w) => {
      const before = await summary(w, w.adminB.cookie);
      const paidBefore = (await summary(w, w.adminA.cookie)).kpis.paidInvoices;
      const name = await paidCustomerOfA(w);
      expect(await summary(w, w.adminB.cookie)).toEqual(before);
      expect(await summary(w, w.adminB.cookie, `?organizationId=${w.orgA.id}`)).toEqual(before);
      const a = await summary(w, w.adminA.cookie);
      expect(a.kpis.paidInvoices).toBe(paidBefore + 1);
      expect(a.topCustomers[0].name).toBe(name);
      expect((await w.t.call({ url: '/api/reports/summary', cookie: w.customerB.cookie })).statusCode).toBe(403);
    },
  },
  'GET /api/reports/export': {
    kind: 'custom',
    run: async (w) => {
      const before = await csv(w, w.adminB.cookie);
      const name = await paidCustomerOfA(w);
      expect(await csv(w, w.adminB.cookie)).toBe(before);
      expect(await csv(w, w.adminB.cookie, `?organizationId=${w.orgA.id}`)).toBe(before);
      expect(before).not.toContain(name);
      expect(await csv(w, w.adminA.cookie)).toContain(`Top Customers by Revenue,${name},`);
      expect((await w.t.call({ url: '/api/reports/export', cookie: w.customerB.cookie })).statusCode).toBe(403);
    },
  },
};
