import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers, timeEntries, workOrders } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { exportIsolation } from '../../test/export-isolation';

async function workOrderOfA(w: World) {
  const db = w.t.database.db;
  const [c] = await db.insert(customers).values({ organizationId: w.orgA.id, name: `Private A ${randomUUID().slice(0, 8)}` }).returning();
  const [wo] = await db
    .insert(workOrders)
    .values({ organizationId: w.orgA.id, customerId: c.id, title: `Secret job ${randomUUID().slice(0, 8)}`, orderNumber: `WO-${randomUUID().slice(0, 8)}` })
    .returning();
  return wo;
}

/** A running timer of organization A's admin. */
async function entryOfA(w: World) {
  const wo = await workOrderOfA(w);
  const [e] = await w.t.database.db
    .insert(timeEntries)
    .values({ organizationId: w.orgA.id, workOrderId: wo.id, userId: w.adminA.id, employeeName: 'A Admin', startTime: new Date(), isActive: true })
    .returning();
  return { wo, entry: e };
}

async function clearTimersOfA(w: World) {
  await w.t.database.db.update(timeEntries).set({ isActive: false, endTime: new Date() }).where(eq(timeEntries.organizationId, w.orgA.id));
}

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/time-entries/export': exportIsolation('/api/time-entries', entryOfA),
  'GET /api/time-entries': {
    kind: 'custom',
    run: async (w) => {
      await clearTimersOfA(w);
      const { wo, entry } = await entryOfA(w);
      const b = await w.t.call({ url: '/api/time-entries?limit=500', cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(b.json().map((e: { id: number }) => e.id)).not.toContain(entry.id);
      const asked = await w.t.call({ url: `/api/time-entries?organizationId=${w.orgA.id}&q=${encodeURIComponent(wo.title)}`, cookie: w.adminB.cookie });
      expect(asked.json()).toEqual([]);
      expect(asked.headers['x-total-count']).toBe('0');
      const a = await w.t.call({ url: `/api/time-entries?q=${encodeURIComponent(wo.title)}`, cookie: w.adminA.cookie });
      expect(a.json().map((e: { id: number }) => e.id)).toEqual([entry.id]);
      await clearTimersOfA(w);
    },
  },
  'GET /api/time-entries/active': {
    kind: 'custom',
    run: async (w) => {
      await clearTimersOfA(w);
      const { entry } = await entryOfA(w);
      const b = await w.t.call({ url: '/api/time-entries/active', cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(b.json()).toBeNull();
      expect((await w.t.call({ url: '/api/time-entries/active', cookie: w.customerB.cookie })).statusCode).toBe(403);
      expect((await w.t.call({ url: '/api/time-entries/active', cookie: w.adminA.cookie })).json().id).toBe(entry.id);
      await clearTimersOfA(w);
    },
  },
  'POST /api/time-entries': {
    kind: 'custom',
    run: async (w) => {
      const wo = await workOrderOfA(w);
      const res = await w.t.call({ method: 'POST', url: '/api/time-entries', cookie: w.adminB.cookie, payload: { workOrderId: wo.id, organizationId: w.orgA.id } });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0]).toEqual({ path: 'workOrderId', message: 'Work order not found' });
      const rows = await w.t.database.db.select().from(timeEntries).where(eq(timeEntries.workOrderId, wo.id));
      expect(rows).toEqual([]);
    },
  },
  'PUT /api/time-entries/:id': {
    kind: 'custom',
    run: async (w) => {
      await clearTimersOfA(w);
      const { entry } = await entryOfA(w);
      const res = await w.t.call({ method: 'PUT', url: `/api/time-entries/${entry.id}`, cookie: w.adminB.cookie, payload: {} });
      expect(res.statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(timeEntries).where(eq(timeEntries.id, entry.id));
      expect(row.isActive).toBe(true);
      const own = await w.t.call({ method: 'PUT', url: `/api/time-entries/${entry.id}`, cookie: w.adminA.cookie, payload: {} });
      expect(own.statusCode).toBe(200);
    },
  },
};
