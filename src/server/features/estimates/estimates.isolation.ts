// Organization B never sees, changes, downloads or e-mails organization A's estimates.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers, estimates, outbox } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { exportIsolation } from '../../test/export-isolation';

async function customerOf(w: World, organizationId: number): Promise<number> {
  const [c] = await w.t.database.db.insert(customers).values({ organizationId, name: 'Isolation Customer', email: 'iso-est@example.com' }).returning({ id: customers.id });
  return c.id;
}

async function estimateOfA(w: World): Promise<{ id: number; estimateNumber: string }> {
  const res = await w.t.call({ method: 'POST', url: '/api/estimates', cookie: w.adminA.cookie, payload: { customerId: await customerOf(w, w.orgA.id), title: 'A only' } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/estimates/export': exportIsolation('/api/estimates', estimateOfA),
  'GET /api/estimates': {
    kind: 'custom',
    run: async (w) => {
      const est = await estimateOfA(w);
      const b = await w.t.call({ url: `/api/estimates?limit=500&organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(b.json().map((x: { id: number }) => x.id)).not.toContain(est.id);
      const a = await w.t.call({ url: '/api/estimates?limit=500', cookie: w.adminA.cookie });
      expect(a.json().map((x: { id: number }) => x.id)).toContain(est.id);
    },
  },
  'GET /api/estimates/:id': {
    kind: 'custom',
    run: async (w) => {
      const est = await estimateOfA(w);
      expect((await w.t.call({ url: `/api/estimates/${est.id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/estimates/${est.id}`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
  'POST /api/estimates': {
    kind: 'custom',
    run: async (w) => {
      const customerA = await customerOf(w, w.orgA.id);
      const res = await w.t.call({ method: 'POST', url: '/api/estimates', cookie: w.adminB.cookie, payload: { customerId: customerA, title: 'B into A' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Customer not found');
      expect(await w.t.database.db.select().from(estimates).where(eq(estimates.customerId, customerA))).toEqual([]);
      expect((await w.t.call({ method: 'POST', url: '/api/estimates', cookie: w.adminA.cookie, payload: { customerId: customerA, title: 'A' } })).statusCode).toBe(201);
    },
  },
  'PUT /api/estimates/:id': {
    kind: 'custom',
    run: async (w) => {
      const est = await estimateOfA(w);
      expect((await w.t.call({ method: 'PUT', url: `/api/estimates/${est.id}`, cookie: w.adminB.cookie, payload: { title: 'B was here' } })).statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(estimates).where(eq(estimates.id, est.id));
      expect(row.title).toBe('A only');
      expect((await w.t.call({ method: 'PUT', url: `/api/estimates/${est.id}`, cookie: w.adminA.cookie, payload: { title: 'A again' } })).statusCode).toBe(200);
    },
  },
  'GET /api/estimates/:id/pdf': {
    kind: 'custom',
    run: async (w) => {
      const est = await estimateOfA(w);
      expect((await w.t.call({ url: `/api/estimates/${est.id}/pdf`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      const a = await w.t.call({ url: `/api/estimates/${est.id}/pdf`, cookie: w.adminA.cookie });
      expect(a.statusCode).toBe(200);
      expect(a.headers['content-type']).toBe('application/pdf');
    },
  },
  'POST /api/estimates/:id/email': {
    kind: 'custom',
    run: async (w) => {
      const est = await estimateOfA(w);
      const b = await w.t.call({ method: 'POST', url: `/api/estimates/${est.id}/email`, cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(404);
      expect((await w.t.database.db.select().from(outbox).where(eq(outbox.to, 'iso-est@example.com'))).length).toBe(0);
      expect((await w.t.call({ method: 'POST', url: `/api/estimates/${est.id}/email`, cookie: w.adminA.cookie })).statusCode).toBe(200);
      expect((await w.t.database.db.select().from(outbox).where(eq(outbox.to, 'iso-est@example.com'))).length).toBe(1);
    },
  },
};
