// Organization B never sees, makes or cancels A's payment plans.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { splitInstallments } from '../../../contracts/payment-plans';
import { customers, paymentPlans } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

const due = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

async function sentInvoiceOfA(w: World): Promise<number> {
  const [c] = await w.t.database.db.insert(customers).values({ organizationId: w.orgA.id, name: 'Plan Isolation' }).returning({ id: customers.id });
  const res = await w.t.call({ method: 'POST', url: '/api/invoices', cookie: w.adminA.cookie, payload: { customerId: c.id, status: 'sent', lineItems: [{ description: 'Work', quantity: 1, rate: 100 }] } });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const plan = (w: World, id: number, cookie: string) =>
  w.t.call({ method: 'POST', url: `/api/invoices/${id}/payment-plan`, cookie, payload: { installments: splitInstallments(10_000, 2, due(), 'monthly') } });

export const isolationCases: Record<string, IsolationCase> = {
  'POST /api/invoices/:id/payment-plan': {
    kind: 'custom',
    run: async (w) => {
      const id = await sentInvoiceOfA(w);
      expect((await plan(w, id, w.adminB.cookie)).statusCode).toBe(404);
      expect(await w.t.database.db.select().from(paymentPlans).where(eq(paymentPlans.invoiceId, id))).toEqual([]);
      expect((await plan(w, id, w.adminA.cookie)).statusCode).toBe(201);
    },
  },
  'GET /api/invoices/:id/payment-plan': {
    kind: 'custom',
    run: async (w) => {
      const id = await sentInvoiceOfA(w);
      await plan(w, id, w.adminA.cookie);
      expect((await w.t.call({ url: `/api/invoices/${id}/payment-plan`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/invoices/${id}/payment-plan`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
  'DELETE /api/invoices/:id/payment-plan': {
    kind: 'custom',
    run: async (w) => {
      const id = await sentInvoiceOfA(w);
      await plan(w, id, w.adminA.cookie);
      expect((await w.t.call({ method: 'DELETE', url: `/api/invoices/${id}/payment-plan`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(paymentPlans).where(eq(paymentPlans.invoiceId, id));
      expect(row.status).toBe('active');
      expect((await w.t.call({ method: 'DELETE', url: `/api/invoices/${id}/payment-plan`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
};
