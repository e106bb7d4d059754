// Organization B never sees or revokes A's API keys, and a key B creates is B's (docs/rules/public-api.md#api-keys).
// The walk's second pass (platform/tenant-isolation.test.ts) proves a key itself is refused on these routes.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { apiKeys } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { bearer, createKeyFor } from './api-keys.test-kit';

const idsOf = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((k) => k.id);

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/api-keys': {
    kind: 'custom',
    run: async (w: World) => {
      const { id } = await createKeyFor(w.t, w.adminA.cookie, { name: 'A list key', permissions: ['view_customers'] });
      expect(idsOf(await w.t.call({ url: '/api/api-keys', cookie: w.adminB.cookie }))).not.toContain(id);
      // A non-super user naming another organization still reads their own.
      expect(idsOf(await w.t.call({ url: `/api/api-keys?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie }))).not.toContain(id);
      expect(idsOf(await w.t.call({ url: '/api/api-keys', cookie: w.adminA.cookie }))).toContain(id);
    },
  },
  'POST /api/api-keys': {
    kind: 'custom',
    run: async (w: World) => {
      const res = await w.t.call({ method: 'POST', url: `/api/api-keys?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie, payload: { name: 'B key', permissions: ['view_customers'] } });
      expect(res.statusCode).toBe(201);
      const [row] = await w.t.database.db.select().from(apiKeys).where(eq(apiKeys.id, res.json().apiKey.id));
      expect(row.organizationId).toBe(w.orgB.id);
    },
  },
  'POST /api/api-keys/:id/revoke': {
    kind: 'custom',
    run: async (w: World) => {
      const key = await createKeyFor(w.t, w.adminA.cookie, { name: 'A revoke key', permissions: ['view_customers'] });
      const res = await w.t.call({ method: 'POST', url: `/api/api-keys/${key.id}/revoke`, cookie: w.adminB.cookie });
      expect(res.statusCode).toBe(404);
      expect((await w.t.call({ url: '/api/customers', headers: bearer(key.secret) })).statusCode).toBe(200);
      expect((await w.t.call({ method: 'POST', url: `/api/api-keys/${key.id}/revoke`, cookie: w.adminA.cookie })).statusCode).toBe(200);
      expect((await w.t.call({ url: '/api/customers', headers: bearer(key.secret) })).statusCode).toBe(401);
    },
  },
};
