// Organization B never sees or changes organization A's work orders (see platform/tenant-isolation.test.ts).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers, workOrders } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { exportIsolation } from '../../test/export-isolation';

async function customerOf(w: World, organizationId: number): Promise<number> {
  const [c] = await w.t.database.db.insert(customers).values({ organizationId, name: 'Isolation Customer', email: 'iso@example.com' }).returning({ id: customers.id });
  return c.id;
}

async function workOrderOfA(w: World): Promise<{ id: number; title: string }> {
  const res = await w.t.call({ method: 'POST', url: '/api/work-orders', cookie: w.adminA.cookie, payload: { customerId: await customerOf(w, w.orgA.id), title: 'A only' } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/work-orders/export': exportIsolation('/api/work-orders', workOrderOfA),
  'GET /api/work-orders': {
    kind: 'custom',
    run: async (w) => {
      const wo = await workOrderOfA(w);
      const b = await w.t.call({ url: '/api/work-orders?limit=500', cookie: w.adminB.cookie });
      expect(b.json().map((x: { id: number }) => x.id)).not.toContain(wo.id);
      const bAsking = await w.t.call({ url: `/api/work-orders?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(bAsking.json().map((x: { id: number }) => x.id)).not.toContain(wo.id);
      const a = await w.t.call({ url: '/api/work-orders?limit=500', cookie: w.adminA.cookie });
      expect(a.json().map((x: { id: number }) => x.id)).toContain(wo.id);
    },
  },
  'GET /api/work-orders/:id': {
    kind: 'custom',
    run: async (w) => {
      const wo = await workOrderOfA(w);
      expect((await w.t.call({ url: `/api/work-orders/${wo.id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/work-orders/${wo.id}`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
  'POST /api/work-orders': {
    kind: 'custom',
    run: async (w) => {
      const customerA = await customerOf(w, w.orgA.id);
      const res = await w.t.call({ method: 'POST', url: '/api/work-orders', cookie: w.adminB.cookie, payload: { customerId: customerA, organizationId: w.orgA.id, title: 'B into A' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Customer not found');
      expect(await w.t.database.db.select().from(workOrders).where(eq(workOrders.customerId, customerA))).toEqual([]);
      const ok = await w.t.call({ method: 'POST', url: '/api/work-orders', cookie: w.adminA.cookie, payload: { customerId: customerA, title: 'A into A' } });
      expect(ok.json().organizationId).toBe(w.orgA.id);
    },
  },
  'PUT /api/work-orders/:id': {
    kind: 'custom',
    run: async (w) => {
      const wo = await workOrderOfA(w);
      expect((await w.t.call({ method: 'PUT', url: `/api/work-orders/${wo.id}`, cookie: w.adminB.cookie, payload: { title: 'B was here' } })).statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(workOrders).where(eq(workOrders.id, wo.id));
      expect(row.title).toBe('A only');
      const customerB = await customerOf(w, w.orgB.id);
      const moved = await w.t.call({ method: 'PUT', url: `/api/work-orders/${wo.id}`, cookie: w.adminA.cookie, payload: { customerId: customerB } });
      expect(moved.statusCode).toBe(400);
      expect((await w.t.call({ method: 'PUT', url: `/api/work-orders/${wo.id}`, cookie: w.adminA.cookie, payload: { status: 'in_progress' } })).statusCode).toBe(200);
    },
  },
  'GET /api/work-orders/:id/pdf': {
    kind: 'custom',
    run: async (w) => {
      const wo = await workOrderOfA(w);
      expect((await w.t.call({ url: `/api/work-orders/${wo.id}/pdf`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/work-orders/${wo.id}/pdf`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
  'POST /api/work-orders/:id/sign-off': {
    kind: 'custom',
    run: async (w) => {
      const wo = await workOrderOfA(w);
      const payload = { signerName: 'Dana Reyes', signature: { width: 200, height: 80, strokes: [[[5, 40], [190, 30]]] } };
      expect((await w.t.call({ method: 'POST', url: `/api/work-orders/${wo.id}/sign-off`, cookie: w.adminB.cookie, payload })).statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(workOrders).where(eq(workOrders.id, wo.id));
      expect(row.signOff).toBeNull();
      expect((await w.t.call({ method: 'POST', url: `/api/work-orders/${wo.id}/sign-off`, cookie: w.adminA.cookie, payload })).statusCode).toBe(200);
    },
  },
};
