// Organization B never sees, changes, downloads or e-mails organization A's invoices, nor links its
// invoices to A's customers, work orders or estimates.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers, invoices, outbox } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { exportIsolation } from '../../test/export-isolation';

async function customerOf(w: World, organizationId: number, email = 'iso-inv@example.com'): Promise<number> {
  const [c] = await w.t.database.db.insert(customers).values({ organizationId, name: 'Isolation Customer', email }).returning({ id: customers.id });
  return c.id;
}

async function invoiceOfA(w: World): Promise<{ id: number; invoiceNumber: string; customerId: number }> {
  const res = await w.t.call({ method: 'POST', url: '/api/invoices', cookie: w.adminA.cookie, payload: { customerId: await customerOf(w, w.orgA.id), notes: 'A only' } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/invoices/export': exportIsolation('/api/invoices', invoiceOfA),
  'GET /api/invoices': {
    kind: 'custom',
    run: async (w) => {
      const inv = await invoiceOfA(w);
      const b = await w.t.call({ url: `/api/invoices?limit=500&organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(b.json().map((x: { id: number }) => x.id)).not.toContain(inv.id);
      const a = await w.t.call({ url: '/api/invoices?limit=500', cookie: w.adminA.cookie });
      expect(a.json().map((x: { id: number }) => x.id)).toContain(inv.id);
    },
  },
  'GET /api/invoices/:id': {
    kind: 'custom',
    run: async (w) => {
      const inv = await invoiceOfA(w);
      expect((await w.t.call({ url: `/api/invoices/${inv.id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/invoices/${inv.id}`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
  'POST /api/invoices': {
    kind: 'custom',
    run: async (w) => {
      const inv = await invoiceOfA(w);
      const wo = await w.t.call({ method: 'POST', url: '/api/work-orders', cookie: w.adminA.cookie, payload: { customerId: inv.customerId, title: 'A job' } });
      const est = await w.t.call({ method: 'POST', url: '/api/estimates', cookie: w.adminA.cookie, payload: { customerId: inv.customerId, title: 'A quote' } });
      const customerB = await customerOf(w, w.orgB.id);
      const tries: [object, string][] = [
        [{ customerId: inv.customerId }, 'Customer not found'],
        [{ customerId: customerB, workOrderId: wo.json().id }, 'Work order not found'],
        [{ customerId: customerB, estimateId: est.json().id }, 'Estimate not found'],
      ];
      for (const [payload, message] of tries) {
        const res = await w.t.call({ method: 'POST', url: '/api/invoices', cookie: w.adminB.cookie, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect(await w.t.database.db.select().from(invoices).where(eq(invoices.organizationId, w.orgB.id))).toEqual([]);
      const ok = await w.t.call({ method: 'POST', url: '/api/invoices', cookie: w.adminA.cookie, payload: { customerId: inv.customerId, workOrderId: wo.json().id, estimateId: est.json().id } });
      expect(ok.statusCode).toBe(201);
    },
  },
  'PUT /api/invoices/:id': {
    kind: 'custom',
    run: async (w) => {
      const inv = await invoiceOfA(w);
      expect((await w.t.call({ method: 'PUT', url: `/api/invoices/${inv.id}`, cookie: w.adminB.cookie, payload: { notes: 'B was here', status: 'paid' } })).statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(invoices).where(eq(invoices.id, inv.id));
      expect(row).toMatchObject({ notes: 'A only', status: 'draft' });
      expect((await w.t.call({ method: 'PUT', url: `/api/invoices/${inv.id}`, cookie: w.adminA.cookie, payload: { notes: 'A again' } })).statusCode).toBe(200);
    },
  },
  'GET /api/invoices/:id/pdf': {
    kind: 'custom',
    run: async (w) => {
      const inv = await invoiceOfA(w);
      expect((await w.t.call({ url: `/api/invoices/${inv.id}/pdf`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      const a = await w.t.call({ url: `/api/invoices/${inv.id}/pdf`, cookie: w.adminA.cookie });
      expect(a.statusCode).toBe(200);
      expect(a.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    },
  },
  'POST /api/invoices/:id/email': {
    kind: 'custom',
    run: async (w) => {
      const address = 'iso-inv-mail@example.com';
      const res = await w.t.call({ method: 'POST', url: '/api/invoices', cookie: w.adminA.cookie, payload: { customerId: await customerOf(w, w.orgA.id, address) } });
      const id = res.json().id;
      expect((await w.t.call({ method: 'POST', url: `/api/invoices/${id}/email`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect(await w.t.database.db.select().from(outbox).where(eq(outbox.to, address))).toEqual([]);
      expect((await w.t.call({ method: 'POST', url: `/api/invoices/${id}/email`, cookie: w.adminA.cookie })).statusCode).toBe(200);
      expect(await w.t.database.db.select().from(outbox).where(eq(outbox.to, address))).toHaveLength(1);
    },
  },
};
