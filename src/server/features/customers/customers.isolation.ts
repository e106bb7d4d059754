import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { exportIsolation } from '../../test/export-isolation';

async function customerOfA(w: World) {
  const [c] = await w.t.database.db
    .insert(customers)
    .values({ organizationId: w.orgA.id, name: `Private A ${randomUUID().slice(0, 8)}` })
    .returning();
  return c;
}

const ids = (body: { id: number }[]) => body.map((c) => c.id);

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/customers/export': exportIsolation('/api/customers', customerOfA),
  'GET /api/customers': {
    kind: 'custom',
    run: async (w) => {
      const c = await customerOfA(w);
      const b = await w.t.call({ url: '/api/customers?limit=500', cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(ids(b.json())).not.toContain(c.id);
      const searched = await w.t.call({ url: `/api/customers?q=${encodeURIComponent(c.name)}`, cookie: w.adminB.cookie });
      expect(searched.json()).toEqual([]);
      expect(searched.headers['x-total-count']).toBe('0');
      // Asking for organization A's list as a non-super user is ignored.
      const asked = await w.t.call({ url: `/api/customers?organizationId=${w.orgA.id}&q=${encodeURIComponent(c.name)}`, cookie: w.adminB.cookie });
      expect(asked.json()).toEqual([]);
      const a = await w.t.call({ url: `/api/customers?q=${encodeURIComponent(c.name)}`, cookie: w.adminA.cookie });
      expect(ids(a.json())).toEqual([c.id]);
    },
  },
  'GET /api/customers/:id': {
    kind: 'custom',
    run: async (w) => {
      const c = await customerOfA(w);
      const b = await w.t.call({ url: `/api/customers/${c.id}`, cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(404);
      expect(b.json()).toEqual({ code: 'NOT_FOUND', message: 'Customer not found' });
      expect((await w.t.call({ url: `/api/customers/${c.id}`, cookie: w.customerB.cookie })).statusCode).toBe(403);
      expect((await w.t.call({ url: `/api/customers/${c.id}`, cookie: w.adminA.cookie })).json().id).toBe(c.id);
    },
  },
  'POST /api/customers': {
    kind: 'custom',
    run: async (w) => {
      // An organization admin cannot plant a customer in another organization.
      const res = await w.t.call({ method: 'POST', url: '/api/customers', cookie: w.adminB.cookie, payload: { name: 'Planted', organizationId: w.orgA.id } });
      expect(res.statusCode).toBe(201);
      expect(res.json().organizationId).toBe(w.orgB.id);
      const [row] = await w.t.database.db.select().from(customers).where(eq(customers.id, res.json().id));
      expect(row.organizationId).toBe(w.orgB.id);
    },
  },
  'PUT /api/customers/:id': {
    kind: 'custom',
    run: async (w) => {
      const c = await customerOfA(w);
      const res = await w.t.call({ method: 'PUT', url: `/api/customers/${c.id}`, cookie: w.adminB.cookie, payload: { name: 'Hijacked' } });
      expect(res.statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(customers).where(eq(customers.id, c.id));
      expect(row.name).toBe(c.name);
      const own = await w.t.call({ method: 'PUT', url: `/api/customers/${c.id}`, cookie: w.adminA.cookie, payload: { notes: 'ok' } });
      expect(own.statusCode).toBe(200);
    },
  },
};
