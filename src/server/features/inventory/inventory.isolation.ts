import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { inventoryItems } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { exportIsolation } from '../../test/export-isolation';

async function itemOfA(w: World, values: Partial<typeof inventoryItems.$inferInsert> = {}) {
  const tag = randomUUID().slice(0, 8);
  const [item] = await w.t.database.db
    .insert(inventoryItems)
    .values({ organizationId: w.orgA.id, name: `Private A ${tag}`, sku: `SKU-A-${tag}`, ...values })
    .returning();
  return item;
}

const ids = (body: { id: number }[]) => body.map((c) => c.id);

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/inventory/export': exportIsolation('/api/inventory', itemOfA),
  'GET /api/inventory': {
    kind: 'custom',
    run: async (w) => {
      const item = await itemOfA(w);
      const b = await w.t.call({ url: '/api/inventory?limit=500', cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(ids(b.json())).not.toContain(item.id);
      const searched = await w.t.call({ url: `/api/inventory?q=${encodeURIComponent(item.sku!)}`, cookie: w.adminB.cookie });
      expect(searched.json()).toEqual([]);
      expect(searched.headers['x-total-count']).toBe('0');
      // Asking for organization A's list as a non-super user is ignored.
      const asked = await w.t.call({ url: `/api/inventory?organizationId=${w.orgA.id}&q=${encodeURIComponent(item.name)}`, cookie: w.adminB.cookie });
      expect(asked.json()).toEqual([]);
      const a = await w.t.call({ url: `/api/inventory?q=${encodeURIComponent(item.name)}`, cookie: w.adminA.cookie });
      expect(ids(a.json())).toEqual([item.id]);
    },
  },
  'GET /api/inventory/summary': {
    kind: 'custom',
    run: async (w) => {
      const before = (await w.t.call({ url: '/api/inventory/summary', cookie: w.adminB.cookie })).json();
      await itemOfA(w, { quantity: 0 });
      const asked = await w.t.call({ url: `/api/inventory/summary?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual(before);
      const a = await w.t.call({ url: '/api/inventory/summary', cookie: w.adminA.cookie });
      expect(a.json().outOfStock).toBeGreaterThanOrEqual(1);
    },
  },
  'GET /api/inventory/:id': {
    kind: 'custom',
    run: async (w) => {
      const item = await itemOfA(w);
      const b = await w.t.call({ url: `/api/inventory/${item.id}`, cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(404);
      expect(b.json()).toEqual({ code: 'NOT_FOUND', message: 'Inventory item not found' });
      expect((await w.t.call({ url: `/api/inventory/${item.id}`, cookie: w.customerB.cookie })).statusCode).toBe(403);
      expect((await w.t.call({ url: `/api/inventory/${item.id}`, cookie: w.adminA.cookie })).json().id).toBe(item.id);
    },
  },
  'POST /api/inventory': {
    kind: 'custom',
    run: async (w) => {
      // An organization admin cannot plant an item in another organization, and A's SKU does not block B.
      const item = await itemOfA(w);
      const res = await w.t.call({
        method: 'POST',
        url: '/api/inventory',
        cookie: w.adminB.cookie,
        payload: { name: 'Planted', sku: item.sku, organizationId: w.orgA.id },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().organizationId).toBe(w.orgB.id);
      const [row] = await w.t.database.db.select().from(inventoryItems).where(eq(inventoryItems.id, res.json().id));
      expect(row.organizationId).toBe(w.orgB.id);
    },
  },
  'PUT /api/inventory/:id': {
    kind: 'custom',
    run: async (w) => {
      const item = await itemOfA(w, { quantity: 5 });
      const res = await w.t.call({ method: 'PUT', url: `/api/inventory/${item.id}`, cookie: w.adminB.cookie, payload: { quantity: 0 } });
      expect(res.statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(inventoryItems).where(eq(inventoryItems.id, item.id));
      expect(row.quantity).toBe(5);
      const own = await w.t.call({ method: 'PUT', url: `/api/inventory/${item.id}`, cookie: w.adminA.cookie, payload: { quantity: 7 } });
      expect(own.statusCode).toBe(200);
      expect(own.json().quantity).toBe(7);
    },
  },
};
