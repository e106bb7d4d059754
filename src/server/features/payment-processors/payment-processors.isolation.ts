// Organization B never sees, changes, activates or deletes organization A's processors (see platform/tenant-isolation.test.ts).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { paymentProcessors } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

const URL = '/api/payment-processors';

async function processorOfA(w: World, values: Partial<typeof paymentProcessors.$inferInsert> = {}) {
  const [p] = await w.t.database.db
    .insert(paymentProcessors)
    .values({ organizationId: w.orgA.id, displayName: 'A only', processorType: 'stripe', configuration: { secretKey: 'sk_test_private_to_a' }, ...values })
    .returning();
  return p;
}

const storedRow = async (w: World, id: number) => (await w.t.database.db.select().from(paymentProcessors).where(eq(paymentProcessors.id, id)))[0];
const ids = (body: { id: number }[]) => body.map((p) => p.id);

export const isolationCases: Record<string, IsolationCase> = {
  [`GET ${URL}`]: {
    kind: 'custom',
    run: async (w) => {
      const p = await processorOfA(w);
      const b = await w.t.call({ url: `${URL}?limit=500`, cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(ids(b.json())).not.toContain(p.id);
      const asking = await w.t.call({ url: `${URL}?organizationId=${w.orgA.id}&limit=500`, cookie: w.adminB.cookie });
      expect(ids(asking.json())).not.toContain(p.id);
      expect((await w.t.call({ url: URL, cookie: w.customerB.cookie })).statusCode).toBe(403);
      const a = await w.t.call({ url: `${URL}?limit=500`, cookie: w.adminA.cookie });
      expect(ids(a.json())).toContain(p.id);
      const su = await w.t.call({ url: `${URL}?organizationId=${w.orgA.id}&limit=500`, cookie: w.superUser.cookie });
      expect(ids(su.json())).toContain(p.id);
    },
  },
  [`POST ${URL}`]: {
    kind: 'custom',
    run: async (w) => {
      // An organization admin cannot plant a processor (and so take over payments) in another organization.
      const res = await w.t.call({
        method: 'POST',
        url: URL,
        cookie: w.adminB.cookie,
        payload: { displayName: 'Planted', processorType: 'manual', isActive: true, organizationId: w.orgA.id },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().organizationId).toBe(w.orgB.id);
      expect((await storedRow(w, res.json().id)).organizationId).toBe(w.orgB.id);
    },
  },
  [`PUT ${URL}/:id`]: {
    kind: 'custom',
    run: async (w) => {
      const p = await processorOfA(w);
      const res = await w.t.call({ method: 'PUT', url: `${URL}/${p.id}`, cookie: w.adminB.cookie, payload: { isActive: true, displayName: 'Hijacked' } });
      expect(res.statusCode).toBe(404);
      const row = await storedRow(w, p.id);
      expect(row.displayName).toBe('A only');
      expect(row.isActive).toBe(false);
      const own = await w.t.call({ method: 'PUT', url: `${URL}/${p.id}`, cookie: w.adminA.cookie, payload: { displayName: 'A renamed' } });
      expect(own.statusCode).toBe(200);
    },
  },
  [`DELETE ${URL}/:id`]: {
    kind: 'custom',
    run: async (w) => {
      const p = await processorOfA(w);
      const res = await w.t.call({ method: 'DELETE', url: `${URL}/${p.id}`, cookie: w.adminB.cookie });
      expect(res.statusCode).toBe(404);
      expect(await storedRow(w, p.id)).toBeDefined();
      const own = await w.t.call({ method: 'DELETE', url: `${URL}/${p.id}`, cookie: w.adminA.cookie });
      expect(own.statusCode).toBe(204);
    },
  },
};
