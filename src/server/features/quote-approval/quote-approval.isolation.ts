// Organization B cannot send, version or convert A's estimates; the quote page answers only to its own token.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers, estimates, outbox, workOrders } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

async function estimateOfA(w: World, status?: string): Promise<{ id: number }> {
  const [c] = await w.t.database.db.insert(customers).values({ organizationId: w.orgA.id, name: 'Quote Isolation', email: 'iso-quote@example.com' }).returning({ id: customers.id });
  const res = await w.t.call({
    method: 'POST',
    url: '/api/estimates',
    cookie: w.adminA.cookie,
    payload: { customerId: c.id, title: 'A only', lineItems: [{ description: 'Work', quantity: 1, rate: 10 }], ...(status ? { status } : {}) },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const PUBLIC_WHY = "the quote page's token is the only credential; a token of no estimate is a 404 (quote-approval.test.ts)";

export const isolationCases: Record<string, IsolationCase> = {
  'POST /api/estimates/:id/send-for-approval': {
    kind: 'custom',
    run: async (w) => {
      const est = await estimateOfA(w);
      const b = await w.t.call({ method: 'POST', url: `/api/estimates/${est.id}/send-for-approval`, cookie: w.adminB.cookie, payload: { email: true } });
      expect(b.statusCode).toBe(404);
      expect((await w.t.database.db.select().from(outbox).where(eq(outbox.to, 'iso-quote@example.com'))).length).toBe(0);
      const [row] = await w.t.database.db.select().from(estimates).where(eq(estimates.id, est.id));
      expect(row.approvalToken).toBeNull();
      expect((await w.t.call({ method: 'POST', url: `/api/estimates/${est.id}/send-for-approval`, cookie: w.adminA.cookie, payload: { email: true } })).statusCode).toBe(200);
    },
  },
  'POST /api/estimates/:id/versions': {
    kind: 'custom',
    run: async (w) => {
      const est = await estimateOfA(w, 'sent');
      expect((await w.t.call({ method: 'POST', url: `/api/estimates/${est.id}/versions`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(estimates).where(eq(estimates.id, est.id));
      expect(row.version).toBe(1);
      expect((await w.t.call({ method: 'POST', url: `/api/estimates/${est.id}/versions`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
  'POST /api/estimates/:id/convert': {
    kind: 'custom',
    run: async (w) => {
      const est = await estimateOfA(w, 'approved');
      expect((await w.t.call({ method: 'POST', url: `/api/estimates/${est.id}/convert`, cookie: w.adminB.cookie, payload: { workOrder: true } })).statusCode).toBe(404);
      expect(await w.t.database.db.select().from(workOrders).where(eq(workOrders.estimateId, est.id))).toEqual([]);
      expect((await w.t.call({ method: 'POST', url: `/api/estimates/${est.id}/convert`, cookie: w.adminA.cookie, payload: { workOrder: true } })).statusCode).toBe(200);
    },
  },
  'POST /api/public/quotes/:token/open': { kind: 'public', why: PUBLIC_WHY },
  'POST /api/public/quotes/:token/approve': { kind: 'public', why: PUBLIC_WHY },
  'POST /api/public/quotes/:token/decline': { kind: 'public', why: PUBLIC_WHY },
  'POST /api/public/quotes/:token/request-changes': { kind: 'public', why: PUBLIC_WHY },
  'GET /api/public/quotes/:token/pdf': { kind: 'public', why: PUBLIC_WHY },
  'POST /api/public/quotes/:token/deposit-intent': { kind: 'public', why: PUBLIC_WHY },
};
