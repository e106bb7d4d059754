// Organization B never sees, changes, deletes or bills A's recurring invoices, nor schedules one for A's customer.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers, recurringInvoices } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { exportIsolation } from '../../test/export-isolation';

const body = (customerId: number) => ({
  customerId,
  title: 'Isolation plan',
  frequency: 'monthly',
  startDate: '2030-01-15',
  lineItems: [{ description: 'Visit', rate: '50.00' }],
});

async function scheduleOfA(w: World): Promise<{ id: number; customerId: number }> {
  const [c] = await w.t.database.db.insert(customers).values({ organizationId: w.orgA.id, name: 'Recurring Isolation' }).returning({ id: customers.id });
  const res = await w.t.call({ method: 'POST', url: '/api/recurring-invoices', cookie: w.adminA.cookie, payload: body(c.id) });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, customerId: c.id };
}

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/recurring-invoices/export': exportIsolation('/api/recurring-invoices', scheduleOfA),
  'GET /api/recurring-invoices': {
    kind: 'custom',
    run: async (w) => {
      const { id } = await scheduleOfA(w);
      const b = await w.t.call({ url: '/api/recurring-invoices', cookie: w.adminB.cookie });
      expect(b.json().map((r: { id: number }) => r.id)).not.toContain(id);
      const a = await w.t.call({ url: '/api/recurring-invoices', cookie: w.adminA.cookie });
      expect(a.json().map((r: { id: number }) => r.id)).toContain(id);
    },
  },
  'GET /api/recurring-invoices/:id': {
    kind: 'custom',
    run: async (w) => {
      const { id } = await scheduleOfA(w);
      expect((await w.t.call({ url: `/api/recurring-invoices/${id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/recurring-invoices/${id}`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
  'POST /api/recurring-invoices': {
    kind: 'custom',
    run: async (w) => {
      const { customerId } = await scheduleOfA(w);
      const res = await w.t.call({ method: 'POST', url: '/api/recurring-invoices', cookie: w.adminB.cookie, payload: body(customerId) });
      expect(res.statusCode).toBe(400);
    },
  },
  'PUT /api/recurring-invoices/:id': {
    kind: 'custom',
    run: async (w) => {
      const { id, customerId } = await scheduleOfA(w);
      const res = await w.t.call({ method: 'PUT', url: `/api/recurring-invoices/${id}`, cookie: w.adminB.cookie, payload: { ...body(customerId), title: 'Taken' } });
      expect(res.statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(recurringInvoices).where(eq(recurringInvoices.id, id));
      expect(row.title).toBe('Isolation plan');
    },
  },
  'DELETE /api/recurring-invoices/:id': {
    kind: 'custom',
    run: async (w) => {
      const { id } = await scheduleOfA(w);
      expect((await w.t.call({ method: 'DELETE', url: `/api/recurring-invoices/${id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ method: 'DELETE', url: `/api/recurring-invoices/${id}`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
};
