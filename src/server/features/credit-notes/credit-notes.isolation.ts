// Organization B never sees, issues, downloads or e-mails organization A's credit notes, nor voids A's invoices.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { creditNotes, customers, invoices } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { exportIsolation } from '../../test/export-isolation';

/** A sent invoice of organization A for 100.00 with a credit note of 10.00. */
async function creditedInvoiceOfA(w: World): Promise<{ invoiceId: number; noteId: number }> {
  const [c] = await w.t.database.db.insert(customers).values({ organizationId: w.orgA.id, name: 'Isolation Customer', email: 'iso-cn@example.com' }).returning({ id: customers.id });
  const inv = await w.t.call({
    method: 'POST',
    url: '/api/invoices',
    cookie: w.adminA.cookie,
    payload: { customerId: c!.id, status: 'sent', lineItems: [{ description: 'Job', quantity: 1, rate: 100 }] },
  });
  expect(inv.statusCode).toBe(201);
  const note = await w.t.call({
    method: 'POST',
    url: `/api/invoices/${inv.json().id}/credit-notes`,
    cookie: w.adminA.cookie,
    payload: { reason: 'A only', lineItems: [{ description: 'Credit', rate: 10 }] },
  });
  expect(note.statusCode).toBe(201);
  return { invoiceId: inv.json().id, noteId: note.json().id };
}

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/credit-notes/export': exportIsolation('/api/credit-notes', creditedInvoiceOfA),
  'GET /api/credit-notes': {
    kind: 'custom',
    run: async (w) => {
      const { noteId, invoiceId } = await creditedInvoiceOfA(w);
      const b = await w.t.call({ url: `/api/credit-notes?limit=500&organizationId=${w.orgA.id}&invoiceId=${invoiceId}`, cookie: w.adminB.cookie });
      expect(b.json()).toEqual([]);
      const a = await w.t.call({ url: '/api/credit-notes?limit=500', cookie: w.adminA.cookie });
      expect(a.json().map((x: { id: number }) => x.id)).toContain(noteId);
    },
  },
  'GET /api/credit-notes/:id': {
    kind: 'custom',
    run: async (w) => {
      const { noteId } = await creditedInvoiceOfA(w);
      expect((await w.t.call({ url: `/api/credit-notes/${noteId}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/credit-notes/${noteId}`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
  'GET /api/credit-notes/:id/pdf': {
    kind: 'custom',
    run: async (w) => {
      const { noteId } = await creditedInvoiceOfA(w);
      expect((await w.t.call({ url: `/api/credit-notes/${noteId}/pdf`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/credit-notes/${noteId}/pdf`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
  'POST /api/credit-notes/:id/email': {
    kind: 'custom',
    run: async (w) => {
      const { noteId } = await creditedInvoiceOfA(w);
      expect((await w.t.call({ method: 'POST', url: `/api/credit-notes/${noteId}/email`, cookie: w.adminB.cookie })).statusCode).toBe(404);
    },
  },
  'POST /api/invoices/:id/credit-notes': {
    kind: 'custom',
    run: async (w) => {
      const { invoiceId } = await creditedInvoiceOfA(w);
      const res = await w.t.call({ method: 'POST', url: `/api/invoices/${invoiceId}/credit-notes`, cookie: w.adminB.cookie, payload: { reason: 'B', lineItems: [{ description: 'x', rate: 1 }] } });
      expect(res.statusCode).toBe(404);
      expect(await w.t.database.db.select().from(creditNotes).where(eq(creditNotes.organizationId, w.orgB.id))).toEqual([]);
      const [inv] = await w.t.database.db.select({ credited: invoices.amountCredited }).from(invoices).where(eq(invoices.id, invoiceId));
      expect(inv?.credited).toBe('10.00');
    },
  },
  'POST /api/invoices/:id/void': {
    kind: 'custom',
    run: async (w) => {
      const { invoiceId } = await creditedInvoiceOfA(w);
      expect((await w.t.call({ method: 'POST', url: `/api/invoices/${invoiceId}/void`, cookie: w.adminB.cookie, payload: { reason: 'B' } })).statusCode).toBe(404);
      const [inv] = await w.t.database.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId));
      expect(inv?.status).toBe('sent');
    },
  },
};
