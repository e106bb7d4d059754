import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers, invoices, paymentAttempts, portalTokens, savedPaymentMethods, setupAttempts } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { createPortalLink } from '../documents/create-portal-link';

/** A customer of organization A with a sent invoice and a saved card, and organization B's own portal link. */
async function portalOfA(w: World) {
  const db = w.t.database.db;
  const [customer] = await db
    .insert(customers)
    .values({ organizationId: w.orgA.id, name: `Private A ${randomUUID().slice(0, 8)}`, email: `a-${randomUUID().slice(0, 8)}@example.com` })
    .returning();
  const [invoice] = await db
    .insert(invoices)
    .values({ organizationId: w.orgA.id, customerId: customer.id, invoiceNumber: `ISO-${randomUUID().slice(0, 8)}`, status: 'sent', subtotal: '50.00', total: '50.00' })
    .returning();
  await db.insert(savedPaymentMethods).values({
    organizationId: w.orgA.id,
    customerId: customer.id,
    processor: 'test',
    providerMethodId: `tgpm_${randomUUID()}`,
    brand: 'visa',
    last4: '4242',
    isDefault: true,
  });
  const [customerB] = await db
    .insert(customers)
    .values({ organizationId: w.orgB.id, name: `Private B ${randomUUID().slice(0, 8)}`, email: `b-${randomUUID().slice(0, 8)}@example.com` })
    .returning();
  const { token: tokenB } = await createPortalLink(db, w.t.config, { organizationId: w.orgB.id, customerId: customerB.id, createdByUserId: w.adminB.id });
  const { token: tokenA } = await createPortalLink(db, w.t.config, { organizationId: w.orgA.id, customerId: customer.id, createdByUserId: w.adminA.id });
  return { customer, invoice, customerB, tokenB, tokenA };
}

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/portal': {
    kind: 'custom',
    run: async (w) => {
      const a = await portalOfA(w);
      const preview = await w.t.call({ url: `/api/portal?customer=${a.customer.id}`, cookie: w.adminB.cookie });
      expect(preview.statusCode).toBe(404);
      // Organization B's portal link shows B's customer, whatever customer id is asked for.
      expect((await w.t.call({ url: `/api/portal?token=${a.tokenB}&customer=${a.customer.id}` })).statusCode).toBe(404);
      const own = await w.t.call({ url: `/api/portal?token=${a.tokenB}` });
      expect(own.json().customer.id).toBe(a.customerB.id);
      expect(own.json().invoices).toEqual([]);
      expect((await w.t.call({ url: `/api/portal?customer=${a.customer.id}`, cookie: w.customerB.cookie })).statusCode).toBe(404);
      const adminA = await w.t.call({ url: `/api/portal?customer=${a.customer.id}`, cookie: w.adminA.cookie });
      expect(adminA.json().invoices.map((i: { id: number }) => i.id)).toEqual([a.invoice.id]);
    },
  },
  'GET /api/customers/:id/payment-methods': {
    kind: 'custom',
    run: async (w) => {
      const a = await portalOfA(w);
      expect((await w.t.call({ url: `/api/customers/${a.customer.id}/payment-methods`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/customers/${a.customer.id}/payment-methods?token=${a.tokenB}` })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/customers/${a.customer.id}/payment-methods`, cookie: w.customerB.cookie })).statusCode).toBe(404);
      const own = await w.t.call({ url: `/api/customers/${a.customer.id}/payment-methods`, cookie: w.adminA.cookie });
      expect(own.json().map((m: { last4: string }) => m.last4)).toEqual(['4242']);
    },
  },
  'PUT /api/customers/:id/auto-pay': {
    kind: 'custom',
    run: async (w) => {
      const a = await portalOfA(w);
      const put = (extra: { cookie?: string; query?: string }) =>
        w.t.call({ method: 'PUT', url: `/api/customers/${a.customer.id}/auto-pay${extra.query ?? ''}`, cookie: extra.cookie, payload: { enabled: true } });
      expect((await put({ cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await put({ query: `?token=${a.tokenB}` })).statusCode).toBe(404);
      expect((await put({ cookie: w.customerB.cookie })).statusCode).toBe(404);
      const [row] = await w.t.database.db.select({ on: customers.autoPayEnabled }).from(customers).where(eq(customers.id, a.customer.id));
      expect(row.on).toBe(false);
      expect((await put({ cookie: w.adminA.cookie })).json()).toEqual({ autoPayEnabled: true });
    },
  },
  'POST /api/customers/:id/setup-intent': {
    kind: 'custom',
    run: async (w) => {
      const a = await portalOfA(w);
      expect((await w.t.call({ method: 'POST', url: `/api/customers/${a.customer.id}/setup-intent`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ method: 'POST', url: `/api/customers/${a.customer.id}/setup-intent?token=${a.tokenB}` })).statusCode).toBe(404);
      const rows = await w.t.database.db.select().from(setupAttempts).where(eq(setupAttempts.customerId, a.customer.id));
      expect(rows).toEqual([]);
      expect((await w.t.call({ method: 'POST', url: `/api/customers/${a.customer.id}/setup-intent?token=${a.tokenA}` })).statusCode).toBe(200);
    },
  },
  'POST /api/setup-intents/confirm': {
    kind: 'custom',
    run: async (w) => {
      // The client secret is the only key: B cannot finish A's setup by guessing its intent id.
      const a = await portalOfA(w);
      const start = await w.t.call({ method: 'POST', url: `/api/customers/${a.customer.id}/setup-intent?token=${a.tokenA}` });
      const { intentId } = start.json();
      const card = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
      const res = await w.t.call({ method: 'POST', url: '/api/setup-intents/confirm', cookie: w.adminB.cookie, payload: { clientSecret: `${intentId}_secret_guess`, card } });
      expect(res.statusCode).toBe(404);
      const methods = await w.t.database.db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.customerId, a.customer.id));
      expect(methods).toHaveLength(1);
    },
  },
  'POST /api/invoices/:id/payment-intent': {
    kind: 'custom',
    run: async (w) => {
      const a = await portalOfA(w);
      const byB = await w.t.call({ method: 'POST', url: `/api/invoices/${a.invoice.id}/payment-intent?customer=${a.customer.id}`, cookie: w.adminB.cookie });
      expect(byB.statusCode).toBe(404);
      expect((await w.t.call({ method: 'POST', url: `/api/invoices/${a.invoice.id}/payment-intent?token=${a.tokenB}` })).statusCode).toBe(404);
      expect((await w.t.call({ method: 'POST', url: `/api/invoices/${a.invoice.id}/payment-intent`, cookie: w.customerB.cookie })).statusCode).toBe(404);
      const attempts = await w.t.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.invoiceId, a.invoice.id));
      expect(attempts).toEqual([]);
      const own = await w.t.call({ method: 'POST', url: `/api/invoices/${a.invoice.id}/payment-intent?token=${a.tokenA}` });
      expect(own.json().amount).toBe('50.00');
    },
  },
  'GET /api/portal/invoices/:id/pdf': {
    kind: 'custom',
    run: async (w) => {
      const a = await portalOfA(w);
      expect((await w.t.call({ url: `/api/portal/invoices/${a.invoice.id}/pdf?customer=${a.customer.id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/portal/invoices/${a.invoice.id}/pdf?token=${a.tokenB}` })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/portal/invoices/${a.invoice.id}/pdf`, cookie: w.customerB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/portal/invoices/${a.invoice.id}/pdf?token=${a.tokenA}` })).statusCode).toBe(200);
    },
  },
  'GET /api/portal/credit-notes/:id/pdf': {
    kind: 'custom',
    run: async (w) => {
      const a = await portalOfA(w);
      const note = await w.t.call({
        method: 'POST',
        url: `/api/invoices/${a.invoice.id}/credit-notes`,
        cookie: w.adminA.cookie,
        payload: { reason: 'A only', lineItems: [{ description: 'Credit', rate: '5.00' }] },
      });
      expect(note.statusCode).toBe(201);
      const url = `/api/portal/credit-notes/${note.json().id}/pdf`;
      expect((await w.t.call({ url: `${url}?customer=${a.customer.id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `${url}?token=${a.tokenB}` })).statusCode).toBe(404);
      expect((await w.t.call({ url, cookie: w.customerB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `${url}?token=${a.tokenA}` })).statusCode).toBe(200);
    },
  },
  'POST /api/customers/:id/portal-link': {
    kind: 'custom',
    run: async (w) => {
      const a = await portalOfA(w);
      const countTokens = async () => (await w.t.database.db.select().from(portalTokens).where(eq(portalTokens.customerId, a.customer.id))).length;
      const before = await countTokens();
      const res = await w.t.call({ method: 'POST', url: `/api/customers/${a.customer.id}/portal-link`, cookie: w.adminB.cookie });
      expect(res.statusCode).toBe(404);
      expect(await countTokens()).toBe(before);
      expect((await w.t.call({ method: 'POST', url: `/api/customers/${a.customer.id}/portal-link`, cookie: w.adminA.cookie })).statusCode).toBe(200);
      expect(await countTokens()).toBe(before + 1);
    },
  },
  'POST /api/customers/:id/portal-links/revoke': {
    kind: 'custom',
    run: async (w) => {
      const a = await portalOfA(w);
      const live = async (customerId: number) =>
        (await w.t.database.db.select().from(portalTokens).where(and(eq(portalTokens.customerId, customerId), isNull(portalTokens.revokedAt)))).length;
      const byB = await w.t.call({ method: 'POST', url: `/api/customers/${a.customer.id}/portal-links/revoke`, cookie: w.adminB.cookie });
      expect(byB.statusCode).toBe(404);
      expect(await live(a.customer.id)).toBe(1);
      expect((await w.t.call({ url: `/api/portal?token=${a.tokenA}` })).statusCode).toBe(200);
      const byA = await w.t.call({ method: 'POST', url: `/api/customers/${a.customer.id}/portal-links/revoke`, cookie: w.adminA.cookie });
      expect(byA.json()).toEqual({ revoked: 1 });
      expect(await live(a.customer.id)).toBe(0);
      // B's own link is untouched.
      expect(await live(a.customerB.id)).toBe(1);
    },
  },
};
