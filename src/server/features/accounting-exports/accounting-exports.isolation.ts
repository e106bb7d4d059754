// Organization B never reads or changes A's accounting settings, never sees or downloads A's exports, and its
// exports never take A's records (docs/rules/data-exchange.md#accounting-exports; see platform/tenant-isolation.test.ts).
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { accountingExportItems, accountingSettings, customers, invoices } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

/** A's settings saved, with a code for every tax code row A's settings ask for. */
async function settingsOfA(w: World): Promise<void> {
  const settings = (await w.t.call({ url: '/api/accounting/settings', cookie: w.adminA.cookie })).json();
  const mapping = {
    incomeAccount: 'A Sales',
    receivablesAccount: 'A Receivables',
    depositAccount: 'A Bank',
    salesTaxAccount: 'A Tax',
    noTaxCode: 'NON',
    taxCodes: settings.taxCodeRows.map((r: { key: string }) => ({ key: r.key, code: `A-${r.key}` })),
  };
  const res = await w.t.call({ method: 'PUT', url: '/api/accounting/settings', cookie: w.adminA.cookie, payload: { format: 'qbo_csv', mapping } });
  expect(res.statusCode, res.body).toBe(200);
}

/** A sent invoice of A dated Jan 15, 2031: every export of January 2031 has something new. */
async function invoiceOfA(w: World): Promise<number> {
  const [c] = await w.t.database.db.insert(customers).values({ organizationId: w.orgA.id, name: 'A Books Customer' }).returning({ id: customers.id });
  const res = await w.t.call({
    method: 'POST',
    url: '/api/invoices',
    cookie: w.adminA.cookie,
    payload: { customerId: c.id, status: 'sent', lineItems: [{ description: 'A only', quantity: 1, rate: '10.00' }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  await w.t.database.db.update(invoices).set({ createdAt: new Date('2031-01-15T15:00:00Z') }).where(eq(invoices.id, res.json().id));
  return res.json().id;
}

const JANUARY = { from: '2031-01-01', to: '2031-01-31' };

async function exportOfA(w: World): Promise<number> {
  await settingsOfA(w);
  await invoiceOfA(w);
  const res = await w.t.call({ method: 'POST', url: '/api/accounting/exports', cookie: w.adminA.cookie, payload: JANUARY });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().export.id;
}

const claimedBy = async (w: World, invoiceId: number) =>
  w.t.database.db
    .select()
    .from(accountingExportItems)
    .where(and(eq(accountingExportItems.recordType, 'invoice'), eq(accountingExportItems.recordId, invoiceId)));

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/accounting/settings': {
    kind: 'custom',
    run: async (w) => {
      await settingsOfA(w);
      for (const url of ['/api/accounting/settings', `/api/accounting/settings?organizationId=${w.orgA.id}`]) {
        const b = await w.t.call({ url, cookie: w.adminB.cookie });
        expect(b.statusCode).toBe(200);
        expect(b.json().mapping?.incomeAccount).not.toBe('A Sales');
      }
    },
  },
  'PUT /api/accounting/settings': {
    kind: 'custom',
    run: async (w) => {
      await settingsOfA(w);
      const rows = (await w.t.call({ url: '/api/accounting/settings', cookie: w.adminB.cookie })).json().taxCodeRows;
      const mapping = {
        incomeAccount: 'B Sales',
        receivablesAccount: 'B AR',
        depositAccount: 'B Bank',
        salesTaxAccount: 'B Tax',
        noTaxCode: 'NON',
        taxCodes: rows.map((r: { key: string }) => ({ key: r.key, code: 'B' })),
      };
      const res = await w.t.call({ method: 'PUT', url: `/api/accounting/settings?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie, payload: { format: 'xero_csv', mapping } });
      expect(res.statusCode, res.body).toBe(200);
      const [a] = await w.t.database.db.select().from(accountingSettings).where(eq(accountingSettings.organizationId, w.orgA.id));
      expect(a.mapping?.incomeAccount).toBe('A Sales');
      // A's tax rate is no key B can map.
      const aRows = (await w.t.call({ url: '/api/accounting/settings', cookie: w.adminA.cookie })).json().taxCodeRows;
      if (aRows.length > 0) {
        const foreign = await w.t.call({
          method: 'PUT',
          url: '/api/accounting/settings',
          cookie: w.adminB.cookie,
          payload: { format: 'xero_csv', mapping: { ...mapping, taxCodes: [...mapping.taxCodes, { key: aRows[0].key, code: 'X' }] } },
        });
        expect(foreign.statusCode).toBe(400);
      }
    },
  },
  'GET /api/accounting/exports': {
    kind: 'custom',
    run: async (w) => {
      const id = await exportOfA(w);
      const b = await w.t.call({ url: `/api/accounting/exports?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(b.json().map((e: { id: number }) => e.id)).not.toContain(id);
      const a = await w.t.call({ url: '/api/accounting/exports', cookie: w.adminA.cookie });
      expect(a.json().map((e: { id: number }) => e.id)).toContain(id);
    },
  },
  'POST /api/accounting/exports': {
    kind: 'custom',
    run: async (w) => {
      await settingsOfA(w);
      const invoiceId = await invoiceOfA(w);
      // B's export, even naming A, is B's own: it takes none of A's records.
      await w.t.call({ method: 'POST', url: `/api/accounting/exports?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie, payload: JANUARY });
      expect(await claimedBy(w, invoiceId)).toEqual([]);
      const a = await w.t.call({ method: 'POST', url: '/api/accounting/exports', cookie: w.adminA.cookie, payload: JANUARY });
      expect(a.statusCode, a.body).toBe(201);
      expect((await claimedBy(w, invoiceId)).map((i) => i.organizationId)).toEqual([w.orgA.id]);
    },
  },
  'GET /api/accounting/exports/:id/file': {
    kind: 'custom',
    run: async (w) => {
      const id = await exportOfA(w);
      expect((await w.t.call({ url: `/api/accounting/exports/${id}/file`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/accounting/exports/${id}/file`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
};
