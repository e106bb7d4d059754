import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers, invoices, paymentAttempts, paymentLinks } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { exportIsolation } from '../../test/export-isolation';

async function invoiceOfA(w: World) {
  const db = w.t.database.db;
  const [c] = await db.insert(customers).values({ organizationId: w.orgA.id, name: `Private A ${randomUUID().slice(0, 8)}` }).returning();
  const [i] = await db
    .insert(invoices)
    .values({ organizationId: w.orgA.id, customerId: c.id, invoiceNumber: `ISO-${randomUUID().slice(0, 8)}`, status: 'sent', total: '75.00' })
    .returning();
  return i;
}

async function linkOfA(w: World, invoiceId: number | null) {
  const [l] = await w.t.database.db
    .insert(paymentLinks)
    .values({ organizationId: w.orgA.id, invoiceId, linkId: randomUUID().replace(/-/g, ''), amount: invoiceId ? '75.00' : null, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning();
  return l;
}

const linksOf = async (w: World, invoiceId: number) => w.t.database.db.select().from(paymentLinks).where(eq(paymentLinks.invoiceId, invoiceId));

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/payment-links/export': exportIsolation('/api/payment-links', async (w) => linkOfA(w, (await invoiceOfA(w)).id)),
  'GET /api/payment-links': {
    kind: 'custom',
    run: async (w) => {
      const l = await linkOfA(w, (await invoiceOfA(w)).id);
      const b = await w.t.call({ url: '/api/payment-links?limit=500', cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(b.json().map((x: { id: number }) => x.id)).not.toContain(l.id);
      const asked = await w.t.call({ url: `/api/payment-links?limit=500&organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(asked.json().map((x: { id: number }) => x.id)).not.toContain(l.id);
      expect((await w.t.call({ url: '/api/payment-links', cookie: w.customerB.cookie })).statusCode).toBe(403);
      const a = await w.t.call({ url: '/api/payment-links?limit=500', cookie: w.adminA.cookie });
      expect(a.json().map((x: { id: number }) => x.id)).toContain(l.id);
    },
  },
  'POST /api/invoices/:id/payment-link': {
    kind: 'custom',
    run: async (w) => {
      const inv = await invoiceOfA(w);
      const b = await w.t.call({ method: 'POST', url: `/api/invoices/${inv.id}/payment-link`, cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(404);
      expect(b.json()).toEqual({ code: 'NOT_FOUND', message: 'Invoice not found' });
      expect(await linksOf(w, inv.id)).toEqual([]);
      const a = await w.t.call({ method: 'POST', url: `/api/invoices/${inv.id}/payment-link`, cookie: w.adminA.cookie });
      expect(a.statusCode).toBe(201);
      expect((await linksOf(w, inv.id))[0].organizationId).toBe(w.orgA.id);
    },
  },
  'POST /api/generic-payment-links': {
    kind: 'custom',
    run: async (w) => {
      const db = w.t.database.db;
      await db.delete(paymentLinks).where(eq(paymentLinks.organizationId, w.orgA.id));
      for (const cookie of [w.adminB.cookie, w.customerB.cookie]) {
        const res = await w.t.call({ method: 'POST', url: '/api/generic-payment-links', cookie, payload: { organizationId: w.orgA.id } });
        expect(res.statusCode).toBe(404);
      }
      expect(await db.select().from(paymentLinks).where(eq(paymentLinks.organizationId, w.orgA.id))).toEqual([]);
      // Organization A's own link is never handed to B, even when B asks for its own.
      const a = (await w.t.call({ method: 'POST', url: '/api/generic-payment-links', cookie: w.adminA.cookie, payload: { organizationId: w.orgA.id } })).json();
      const b = (await w.t.call({ method: 'POST', url: '/api/generic-payment-links', cookie: w.customerB.cookie, payload: { organizationId: w.orgB.id } })).json();
      expect(b.linkId).not.toBe(a.linkId);
      const [row] = await db.select().from(paymentLinks).where(eq(paymentLinks.linkId, b.linkId));
      expect(row.organizationId).toBe(w.orgB.id);
    },
  },
  'POST /api/public/payment-links/:linkId/open': {
    kind: 'custom',
    run: async (w) => {
      // Public by design (the link id is the key); it shows only the organization's published details.
      const l = await linkOfA(w, (await invoiceOfA(w)).id);
      const res = await w.t.call({ method: 'POST', url: `/api/public/payment-links/${l.linkId}/open` });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json().organization).sort()).toEqual(['email', 'logo', 'name', 'phone']);
      expect(Object.keys(res.json()).sort()).toEqual(['amount', 'description', 'expiresAt', 'invoice', 'linkId', 'organization', 'status', 'testMode']);
      expect((await w.t.call({ method: 'POST', url: `/api/public/payment-links/${l.linkId.slice(0, -1)}/open` })).statusCode).toBe(404);
    },
  },
  'POST /api/public/payment-links/:linkId/payment-intent': {
    kind: 'custom',
    run: async (w) => {
      // The link decides the organization: nothing in the body can steer the payment to another one.
      const l = await linkOfA(w, null);
      const res = await w.t.call({
        method: 'POST',
        url: `/api/public/payment-links/${l.linkId}/payment-intent`,
        cookie: w.adminB.cookie,
        payload: { amount: '5.00', customerName: 'Pat', description: 'Test', paymentType: 'card', organizationId: w.orgB.id },
      });
      expect(res.statusCode).toBe(200);
      const [attempt] = await w.t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.intentId, res.json().intentId));
      expect(attempt).toMatchObject({ organizationId: w.orgA.id, paymentLinkId: l.id });
    },
  },
};
