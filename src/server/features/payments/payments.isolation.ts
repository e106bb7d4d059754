// Organization B never sees A's payments, never pays or records against A's invoices, and cannot complete A's
// payment without the client secret only A's payer holds.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers, invoices, paymentProcessors, payments } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { exportIsolation } from '../../test/export-isolation';

async function invoiceOfA(w: World, total = '100.00') {
  const [c] = await w.t.database.db.insert(customers).values({ organizationId: w.orgA.id, name: 'Iso Payer' }).returning();
  const [inv] = await w.t.database.db
    .insert(invoices)
    .values({ organizationId: w.orgA.id, invoiceNumber: `INV-ISO-${c.id}`, customerId: c.id, status: 'sent', subtotal: total, total })
    .returning();
  return inv;
}

const paymentsOf = (w: World, invoiceId: number) => w.t.database.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/payments/export': exportIsolation('/api/payments', async (w) => {
    const paid = await w.t.call({ method: 'POST', url: '/api/payments', cookie: w.adminA.cookie, payload: { invoiceId: (await invoiceOfA(w)).id, amount: 10 } });
    expect(paid.statusCode).toBe(201);
  }),
  'GET /api/payments': {
    kind: 'custom',
    run: async (w) => {
      const inv = await invoiceOfA(w);
      const paid = await w.t.call({ method: 'POST', url: '/api/payments', cookie: w.adminA.cookie, payload: { invoiceId: inv.id, amount: 10 } });
      expect(paid.statusCode).toBe(201);
      const b = await w.t.call({ url: `/api/payments?limit=500&organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(b.json().map((p: { id: number }) => p.id)).not.toContain(paid.json().id);
      const a = await w.t.call({ url: '/api/payments?limit=500', cookie: w.adminA.cookie });
      expect(a.json().map((p: { id: number }) => p.id)).toContain(paid.json().id);
    },
  },
  'POST /api/payments': {
    kind: 'custom',
    run: async (w) => {
      const inv = await invoiceOfA(w);
      const b = await w.t.call({ method: 'POST', url: `/api/payments?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie, payload: { invoiceId: inv.id, amount: 10 } });
      expect(b.statusCode).toBe(404);
      expect(await paymentsOf(w, inv.id)).toHaveLength(0);
    },
  },
  'GET /api/payment-mode': {
    kind: 'custom',
    run: async (w) => {
      // A gets the newest active processor of a kind B does not use: B asking about A's organization or invoice
      // still hears only of its own.
      const own = (await w.t.call({ url: '/api/payment-mode', cookie: w.adminB.cookie })).json();
      const kind = own.processor === 'square' ? 'manual' : 'square';
      const [processor] = await w.t.database.db
        .insert(paymentProcessors)
        .values({ organizationId: w.orgA.id, displayName: 'Iso processor', processorType: kind, isActive: true })
        .returning();
      try {
        const inv = await invoiceOfA(w);
        const a = await w.t.call({ url: '/api/payment-mode', cookie: w.adminA.cookie });
        expect(a.json()).toEqual({ processor: kind, testMode: false });
        for (const query of [`?organizationId=${w.orgA.id}`, `?invoiceId=${inv.id}`]) {
          const b = await w.t.call({ url: `/api/payment-mode${query}`, cookie: w.adminB.cookie });
          expect(b.json()).toEqual(own);
        }
      } finally {
        await w.t.database.db.delete(paymentProcessors).where(eq(paymentProcessors.id, processor.id));
      }
    },
  },
  'POST /api/create-payment-intent': {
    kind: 'custom',
    run: async (w) => {
      const inv = await invoiceOfA(w);
      const b = await w.t.call({ method: 'POST', url: '/api/create-payment-intent', cookie: w.adminB.cookie, payload: { invoiceId: inv.id, amount: 10 } });
      expect(b.statusCode).toBe(404);
      const a = await w.t.call({ method: 'POST', url: '/api/create-payment-intent', cookie: w.adminA.cookie, payload: { invoiceId: inv.id, amount: 10 } });
      expect(a.statusCode).toBe(200);
    },
  },
  'POST /api/payment-intents/confirm': {
    kind: 'custom',
    run: async (w) => {
      const inv = await invoiceOfA(w);
      const { intentId } = (await w.t.call({ method: 'POST', url: '/api/create-payment-intent', cookie: w.adminA.cookie, payload: { invoiceId: inv.id, amount: 10 } })).json();
      // Knowing the intent id is not enough: the secret half is what proves the payer.
      const guess = await w.t.call({
        method: 'POST',
        url: '/api/payment-intents/confirm',
        cookie: w.adminB.cookie,
        payload: { clientSecret: `${intentId}_secret_guessedguessedguessed`, card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } },
      });
      expect(guess.statusCode).toBe(404);
      expect(await paymentsOf(w, inv.id)).toHaveLength(0);
    },
  },
  'POST /api/webhooks/stripe': {
    kind: 'public',
    why: 'Stripe calls it (legacy URL); only a payload signed with the secret of the processor its intent names is acted on (stripe-webhook.test.ts)',
  },
  'POST /api/webhooks/stripe/:processorId': {
    kind: 'public',
    why: "Stripe calls it; only a payload signed with that processor's secret is acted on, and only on its own organization's intents (stripe-webhook.test.ts)",
  },
};
