// GET /api/invoices/export (docs/rules/data-exchange.md#list-exports): the list's own rows, search, filters and sort, as
// CSV and XLSX, with the list's permission; another organization's invoices never appear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { permissionsFor } from '../../../contracts/permissions';
import { labelsFor } from '../../../contracts/vocabulary';
import { createTestApp, type TestApp } from '../../test/test-app';
import { csvRows, xlsxSheets } from '../../test/spreadsheet-files';
import { createCustomer, orgKit, type OrgKit } from '../documents/documents.test-kit';
import { exportInvoices } from './export-invoices';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;

const HEADER = ['Invoice #', 'Customer', 'Status', 'Total', 'Amount Paid', 'Balance Due', 'Due Date', 'Created'];

async function addInvoice(kit: OrgKit, values: Partial<typeof invoices.$inferInsert> & { invoiceNumber: string }) {
  const [row] = await t.database.db
    .insert(invoices)
    .values({ organizationId: kit.org.id, customerId: kit.customerId, status: 'sent', subtotal: values.total ?? '0', total: '0', ...values })
    .returning();
  return row!;
}

const numbersOf = (res: { json: () => { invoiceNumber: string }[] }) => res.json().map((i) => i.invoiceNumber);

beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t);
  b = await orgKit(t);
  const formula = await createCustomer(t, a.org.id, { name: '=HYPERLINK("http://evil.example","Click")' });
  await addInvoice(a, { invoiceNumber: 'INV-00001', total: '1234.50', dueDate: new Date('2026-03-01T00:00:00Z'), createdAt: new Date('2026-01-05T10:00:00Z') });
  await addInvoice(a, { invoiceNumber: 'INV-00002', total: '20.00', status: 'paid', createdAt: new Date('2026-01-06T10:00:00Z') });
  await addInvoice(a, { invoiceNumber: 'INV-00003', customerId: formula.id, total: '-5.25', status: 'draft', createdAt: new Date('2026-01-07T10:00:00Z') });
  await addInvoice(a, { invoiceNumber: 'INV-00004', total: '99.99', status: 'sent', dueDate: new Date('2026-02-01T00:00:00Z'), createdAt: new Date('2026-01-07T10:00:00Z') });
  await addInvoice(b, { invoiceNumber: 'INV-B0001', total: '1.00' });
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('GET /api/invoices/export', () => {
  it('answers the list as CSV: BOM, CRLF, the screen labels, every row of the list in its order, the file named for today', async () => {
    const res = await t.call({ url: '/api/invoices/export?format=csv', cookie: a.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoices-${today}.csv"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [header, ...rows] = csvRows(res.rawPayload);
    expect(header).toEqual(HEADER);
    const list = await t.call({ url: '/api/invoices?limit=500', cookie: a.admin });
    expect(rows.map((r) => r[0])).toEqual(numbersOf(list));
    expect(rows.find((r) => r[0] === 'INV-00001')).toEqual(['INV-00001', 'Pat Customer', 'Overdue', '1234.50', '0.00', '1234.50', '2026-03-01', '2026-01-05']);
    // Formula text made inert; a negative amount stays a number.
    expect(rows.find((r) => r[0] === 'INV-00003')).toEqual(['INV-00003', `'=HYPERLINK("http://evil.example","Click")`, 'Draft', '-5.25', '0.00', '0.00', '', '2026-01-07']);
    expect(res.body).not.toContain('INV-B0001');
  });

  it('takes the list’s search, filter and sort, and answers exactly the list’s rows for them', async () => {
    for (const query of ['q=INV-0000', 'status=sent', 'sort=total', 'sort=-dueDate', 'q=pat&sort=customerName', `customerId=${a.customerId}&sort=invoiceNumber`]) {
      const exported = csvRows((await t.call({ url: `/api/invoices/export?${query}`, cookie: a.admin })).rawPayload).slice(1);
      const list = await t.call({ url: `/api/invoices?${query}&limit=500`, cookie: a.admin });
      expect(exported.map((r) => r[0]), query).toEqual(numbersOf(list));
    }
    const bad = await t.call({ url: '/api/invoices/export?sort=secret', cookie: a.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: 'sort', message: 'Cannot sort by secret' }]);
    expect((await t.call({ url: '/api/invoices/export?format=pdf', cookie: a.admin })).json().issues[0].path).toBe('format');
  });

  it('answers XLSX with typed cells: money as numbers with two decimals, dates as dates, formula text inert', async () => {
    const res = await t.call({ url: '/api/invoices/export?format=xlsx&sort=invoiceNumber', cookie: a.admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const [sheet] = await xlsxSheets(res.rawPayload);
    // The sheet is the screen's title in the organization's words ("Service Bills" for the test organizations' home services).
    expect(sheet!.name).toBe(labelsFor('Home Services').invoices);
    expect(sheet!.rows[0]!.map((c) => c.value)).toEqual(HEADER);
    const first = sheet!.rows[1]!;
    expect(first.map((c) => c.value)).toEqual(['INV-00001', 'Pat Customer', 'Overdue', 1234.5, 0, 1234.5, new Date('2026-03-01T00:00:00Z'), new Date('2026-01-05T00:00:00Z')]);
    expect(first[3]!.numFmt).toBe('#,##0.00');
    expect(first[6]!.numFmt).toBe('yyyy-mm-dd');
    const third = sheet!.rows[3]!;
    expect(third[1]!.value).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(third[3]!.value).toBe(-5.25);
    expect(sheet!.rows).toHaveLength(5);
  });

  it('has the list’s permission: whoever the list refuses, the export refuses', async () => {
    for (const cookie of [a.admin, a.manager, a.employee, a.customerUser]) {
      const list = (await t.call({ url: '/api/invoices', cookie })).statusCode;
      expect((await t.call({ url: '/api/invoices/export', cookie })).statusCode).toBe(list);
    }
    expect((await t.call({ url: '/api/invoices/export' })).statusCode).toBe(401);
  });

  it('never holds another organization’s invoices, even asked by id; a super user’s export names each row’s organization', async () => {
    const asB = await t.call({ url: `/api/invoices/export?organizationId=${a.org.id}`, cookie: b.admin });
    expect(csvRows(asB.rawPayload).slice(1)).toEqual([['INV-B0001', 'Pat Customer', 'Sent', '1.00', '0.00', '1.00', '', expect.any(String)]]);
    const superUser = await t.cookieFor((await t.createUser({ role: 'super_user', organizationId: null })).id);
    const all = csvRows((await t.call({ url: '/api/invoices/export?q=INV-', cookie: superUser })).rawPayload);
    expect(all[0]).toEqual(['Organization', ...HEADER]);
    expect(all.find((r) => r[1] === 'INV-B0001')?.[0]).toBe((await t.call({ url: '/api/organizations', cookie: superUser })).json().find((o: { id: number }) => o.id === b.org.id).name);
    const one = csvRows((await t.call({ url: `/api/invoices/export?organizationId=${a.org.id}`, cookie: superUser })).rawPayload);
    expect(one[0]).toEqual(HEADER);
    expect(one.slice(1).map((r) => r[0])).not.toContain('INV-B0001');
  });

  it('walks the list by keyset: batches of any size join up to the list in its order, ties and empty dates included', async () => {
    const ctx = { organizationId: a.org.id, isSuperUser: false, permissions: permissionsFor('org_admin') } as unknown as RequestContext;
    for (const sort of [undefined, 'dueDate', '-dueDate', 'customerName', '-total', 'status']) {
      const { read } = await exportInvoices(t.database.db, ctx, { sort });
      const walked: string[] = [];
      for (let after = null as Awaited<ReturnType<typeof read>>['last']; ; ) {
        const batch = await read(after, 1);
        walked.push(...batch.rows.map((r) => r.invoiceNumber));
        if (batch.rows.length < 1 || !batch.last) break;
        after = batch.last;
      }
      const list = await t.call({ url: `/api/invoices?limit=500${sort ? `&sort=${sort}` : ''}`, cookie: a.admin });
      expect(walked, String(sort)).toEqual(numbersOf(list));
    }
  });
});
