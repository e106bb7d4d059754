// Organization B never sees, changes or prices with A's tax rates, nor changes A's settings.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { organizations, taxRates } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

async function rateOfA(w: World): Promise<number> {
  const res = await w.t.call({ method: 'POST', url: '/api/tax-rates', cookie: w.adminA.cookie, payload: { name: 'A state', percent: '6.25' } });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/tax-settings': {
    kind: 'custom',
    run: async (w) => {
      const id = await rateOfA(w);
      const b = await w.t.call({ url: '/api/tax-settings', cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(b.json().rates.map((r: { id: number }) => r.id)).not.toContain(id);
      // A non-super user naming another organization still reads its own.
      const named = await w.t.call({ url: `/api/tax-settings?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(named.json().rates.map((r: { id: number }) => r.id)).not.toContain(id);
      const a = await w.t.call({ url: '/api/tax-settings', cookie: w.adminA.cookie });
      expect(a.json().rates.map((r: { id: number }) => r.id)).toContain(id);
    },
  },
  'PUT /api/tax-settings': {
    kind: 'custom',
    run: async (w) => {
      const res = await w.t.call({ method: 'PUT', url: `/api/tax-settings?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie, payload: { pricesIncludeTax: true } });
      expect(res.statusCode).toBe(200);
      const [a] = await w.t.database.db.select({ v: organizations.pricesIncludeTax }).from(organizations).where(eq(organizations.id, w.orgA.id));
      expect(a.v).toBe(false);
      await w.t.call({ method: 'PUT', url: '/api/tax-settings', cookie: w.adminB.cookie, payload: { pricesIncludeTax: false } });
    },
  },
  'POST /api/tax-rates': {
    kind: 'custom',
    run: async (w) => {
      const res = await w.t.call({ method: 'POST', url: `/api/tax-rates?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie, payload: { name: 'B rate', percent: 5 } });
      expect(res.statusCode).toBe(201);
      const [row] = await w.t.database.db.select().from(taxRates).where(eq(taxRates.id, res.json().id));
      expect(row.organizationId).toBe(w.orgB.id);
    },
  },
  'PUT /api/tax-rates/:id': {
    kind: 'custom',
    run: async (w) => {
      const id = await rateOfA(w);
      expect((await w.t.call({ method: 'PUT', url: `/api/tax-rates/${id}`, cookie: w.adminB.cookie, payload: { percent: 99 } })).statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(taxRates).where(eq(taxRates.id, id));
      expect(row.percent).toBe('6.2500');
      expect((await w.t.call({ method: 'PUT', url: `/api/tax-rates/${id}`, cookie: w.adminA.cookie, payload: { percent: 7 } })).statusCode).toBe(200);
    },
  },
};
