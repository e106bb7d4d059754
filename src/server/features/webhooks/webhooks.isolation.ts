// Organization B never sees, changes, reveals, tests or replays organization A's webhook endpoints and deliveries
// (docs/rules/public-api.md#webhook-endpoints; see platform/tenant-isolation.test.ts).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

const HOOK = 'https://hooks.example.com/isolation';

async function endpointOf(w: World, cookie: string): Promise<{ id: number; secret: string }> {
  const res = await w.t.call({ method: 'POST', url: '/api/webhook-endpoints', cookie, payload: { url: HOOK, events: ['customer.created'] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A's endpoint with one test delivery. */
async function deliveryOfA(w: World): Promise<{ endpointId: number; id: number }> {
  const endpoint = await endpointOf(w, w.adminA.cookie);
  const res = await w.t.call({ method: 'POST', url: `/api/webhook-endpoints/${endpoint.id}/test`, cookie: w.adminA.cookie, payload: { type: 'customer.created' } });
  expect(res.statusCode, res.body).toBe(201);
  return { endpointId: endpoint.id, id: res.json().id };
}

const stored = async (w: World, id: number) => (await w.t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];
const deliveriesOf = (w: World, endpointId: number) => w.t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/webhook-endpoints': {
    kind: 'custom',
    run: async (w) => {
      const mine = await endpointOf(w, w.adminA.cookie);
      for (const url of ['/api/webhook-endpoints', `/api/webhook-endpoints?organizationId=${w.orgA.id}`]) {
        const res = await w.t.call({ url, cookie: w.adminB.cookie });
        expect(res.statusCode).toBe(200);
        expect(res.json().map((e: { id: number }) => e.id)).not.toContain(mine.id);
      }
      expect((await w.t.call({ url: '/api/webhook-endpoints', cookie: w.adminA.cookie })).json().map((e: { id: number }) => e.id)).toContain(mine.id);
    },
  },
  'POST /api/webhook-endpoints': {
    kind: 'custom',
    run: async (w) => {
      // B naming A's organization still writes into its own.
      const res = await w.t.call({ method: 'POST', url: '/api/webhook-endpoints', cookie: w.adminB.cookie, payload: { url: HOOK, events: ['invoice.paid'], organizationId: w.orgA.id } });
      expect(res.statusCode).toBe(201);
      expect((await stored(w, res.json().id)).organizationId).toBe(w.orgB.id);
    },
  },
  'GET /api/webhook-endpoints/:id': {
    kind: 'custom',
    run: async (w) => {
      const mine = await endpointOf(w, w.adminA.cookie);
      expect((await w.t.call({ url: `/api/webhook-endpoints/${mine.id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/webhook-endpoints/${mine.id}`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
  'PUT /api/webhook-endpoints/:id': {
    kind: 'custom',
    run: async (w) => {
      const mine = await endpointOf(w, w.adminA.cookie);
      const res = await w.t.call({ method: 'PUT', url: `/api/webhook-endpoints/${mine.id}`, cookie: w.adminB.cookie, payload: { url: `${HOOK}/b`, isActive: false } });
      expect(res.statusCode).toBe(404);
      expect(await stored(w, mine.id)).toMatchObject({ url: HOOK, isActive: true });
      expect((await w.t.call({ method: 'PUT', url: `/api/webhook-endpoints/${mine.id}`, cookie: w.adminA.cookie, payload: { isActive: false } })).statusCode).toBe(200);
    },
  },
  'DELETE /api/webhook-endpoints/:id': {
    kind: 'custom',
    run: async (w) => {
      const mine = await endpointOf(w, w.adminA.cookie);
      expect((await w.t.call({ method: 'DELETE', url: `/api/webhook-endpoints/${mine.id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect(await stored(w, mine.id)).toBeDefined();
      expect((await w.t.call({ method: 'DELETE', url: `/api/webhook-endpoints/${mine.id}`, cookie: w.adminA.cookie })).statusCode).toBe(204);
    },
  },
  'GET /api/webhook-endpoints/:id/secret': {
    kind: 'custom',
    run: async (w) => {
      const mine = await endpointOf(w, w.adminA.cookie);
      const res = await w.t.call({ url: `/api/webhook-endpoints/${mine.id}/secret`, cookie: w.adminB.cookie });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(mine.secret);
      expect((await w.t.call({ url: `/api/webhook-endpoints/${mine.id}/secret`, cookie: w.adminA.cookie })).json()).toEqual({ secret: mine.secret });
    },
  },
  'POST /api/webhook-endpoints/:id/secret/roll': {
    kind: 'custom',
    run: async (w) => {
      const mine = await endpointOf(w, w.adminA.cookie);
      const before = (await stored(w, mine.id)).secret;
      expect((await w.t.call({ method: 'POST', url: `/api/webhook-endpoints/${mine.id}/secret/roll`, cookie: w.adminB.cookie, payload: {} })).statusCode).toBe(404);
      expect((await stored(w, mine.id)).secret).toBe(before);
      expect((await w.t.call({ method: 'POST', url: `/api/webhook-endpoints/${mine.id}/secret/roll`, cookie: w.adminA.cookie, payload: {} })).statusCode).toBe(200);
    },
  },
  'POST /api/webhook-endpoints/:id/test': {
    kind: 'custom',
    run: async (w) => {
      const mine = await endpointOf(w, w.adminA.cookie);
      expect((await w.t.call({ method: 'POST', url: `/api/webhook-endpoints/${mine.id}/test`, cookie: w.adminB.cookie, payload: { type: 'invoice.paid' } })).statusCode).toBe(404);
      expect(await deliveriesOf(w, mine.id)).toEqual([]);
      expect((await w.t.call({ method: 'POST', url: `/api/webhook-endpoints/${mine.id}/test`, cookie: w.adminA.cookie, payload: { type: 'invoice.paid' } })).statusCode).toBe(201);
    },
  },
  'GET /api/webhook-endpoints/:id/deliveries': {
    kind: 'custom',
    run: async (w) => {
      const d = await deliveryOfA(w);
      const res = await w.t.call({ url: `/api/webhook-endpoints/${d.endpointId}/deliveries`, cookie: w.adminB.cookie });
      expect(res.statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/webhook-endpoints/${d.endpointId}/deliveries`, cookie: w.adminA.cookie })).json().map((x: { id: number }) => x.id)).toEqual([d.id]);
    },
  },
  'POST /api/webhook-endpoints/:id/deliveries/:deliveryId/replay': {
    kind: 'custom',
    run: async (w) => {
      const d = await deliveryOfA(w);
      // Neither through A's endpoint nor through B's own.
      const theirs = await endpointOf(w, w.adminB.cookie);
      expect((await w.t.call({ method: 'POST', url: `/api/webhook-endpoints/${d.endpointId}/deliveries/${d.id}/replay`, cookie: w.adminB.cookie, payload: {} })).statusCode).toBe(404);
      expect((await w.t.call({ method: 'POST', url: `/api/webhook-endpoints/${theirs.id}/deliveries/${d.id}/replay`, cookie: w.adminB.cookie, payload: {} })).statusCode).toBe(404);
      expect(await deliveriesOf(w, d.endpointId)).toHaveLength(1);
      expect(await deliveriesOf(w, theirs.id)).toEqual([]);
      expect((await w.t.call({ method: 'POST', url: `/api/webhook-endpoints/${d.endpointId}/deliveries/${d.id}/replay`, cookie: w.adminA.cookie, payload: {} })).statusCode).toBe(201);
    },
  },
};
