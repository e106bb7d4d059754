// GET /api/work-orders/export (docs/rules/data-exchange.md#list-exports): the work orders list's rows with its search,
// filters and sort, as CSV and XLSX, with the list's permission; another organization's jobs never appear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, workOrders } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { exportedCsv, exportedSheet, expectListPermission } from '../../test/spreadsheet-files';
import { createCustomer, orgKit, type OrgKit } from '../documents/documents.test-kit';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
let otherCustomer: number;

const HEADER = ['Order #', 'Title', 'Crew', 'Customer', 'Status', 'Due Date', 'Total Cost'];

async function addJob(kit: OrgKit, values: Partial<typeof workOrders.$inferInsert> & { orderNumber: string; title: string }) {
  const [row] = await t.database.db.insert(workOrders).values({ organizationId: kit.org.id, customerId: kit.customerId, ...values }).returning();
  return row!;
}

const numbersOf = async (query: string) =>
  (await t.call({ url: `/api/work-orders?limit=500&${query}`, cookie: a.admin })).json().map((w: { orderNumber: string }) => w.orderNumber) as string[];

beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t);
  b = await orgKit(t);
  otherCustomer = (await createCustomer(t, a.org.id, { name: 'Dana Other' })).id;
  await addJob(a, { orderNumber: 'WO-00001', title: 'Fix the boiler', status: 'completed', totalCost: '250.00', dueDate: new Date('2026-04-01T17:00:00Z'), createdAt: new Date('2026-01-01T00:00:00Z') });
  const billed = await addJob(a, { orderNumber: 'WO-00002', title: '=2+3 paint job', status: 'scheduled', totalCost: '1999.99', createdAt: new Date('2026-01-02T00:00:00Z') });
  await addJob(a, { orderNumber: 'WO-00003', title: 'Roof leak', customerId: otherCustomer, status: 'in_progress', dueDate: new Date('2026-03-01T17:00:00Z'), createdAt: new Date('2026-01-03T00:00:00Z') });
  await addJob(a, { orderNumber: 'WO-00004', title: 'Gutter', status: 'cancelled', createdAt: new Date('2026-01-03T00:00:00Z') });
  await addJob(b, { orderNumber: 'WO-B0001', title: 'Other org job' });
  await t.database.db.insert(invoices).values({ organizationId: a.org.id, invoiceNumber: 'INV-00001', customerId: a.customerId, workOrderId: billed.id });
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('GET /api/work-orders/export', () => {
  it('answers the list’s jobs newest first under the screen’s labels, with money and dates as the formats write them', async () => {
    const { header, rows } = await exportedCsv(t, '/api/work-orders/export', a.admin);
    expect(header).toEqual(HEADER);
    expect(rows.map((r) => r[0])).toEqual(await numbersOf(''));
    expect(rows.find((r) => r[0] === 'WO-00001')).toEqual(['WO-00001', 'Fix the boiler', '', 'Pat Customer', 'Completed', '2026-04-01', '250.00']);
    expect(rows.find((r) => r[0] === 'WO-00002')?.[1]).toBe("'=2+3 paint job");
    expect(rows.map((r) => r[0])).not.toContain('WO-B0001');
  });

  it('takes the list’s search, filters and sort', async () => {
    for (const query of ['q=roof', 'q=dana', 'status=scheduled', `customerId=${otherCustomer}`, 'invoiceable=true', 'sort=dueDate', 'sort=-totalCost', 'sort=customerName']) {
      const { rows } = await exportedCsv(t, `/api/work-orders/export?${query}`, a.admin);
      expect(
        rows.map((r) => r[0]),
        query,
      ).toEqual(await numbersOf(query));
    }
    // Billed or cancelled jobs are not invoiceable: the filter is the list's own.
    expect((await exportedCsv(t, '/api/work-orders/export?invoiceable=true', a.admin)).rows.map((r) => r[0]).sort()).toEqual(['WO-00001', 'WO-00003']);
  });

  it('writes XLSX with the total a number of two decimals, the due date a date and formula text inert', async () => {
    const sheet = await exportedSheet(t, '/api/work-orders/export?format=xlsx&sort=orderNumber', a.admin);
    expect(sheet.rows[0]!.map((c) => c.value)).toEqual(HEADER);
    const [first, second] = [sheet.rows[1]!, sheet.rows[2]!];
    expect(first[6]).toEqual({ value: 250, numFmt: '#,##0.00' });
    expect(first[5]).toEqual({ value: new Date('2026-04-01T00:00:00Z'), numFmt: 'yyyy-mm-dd' });
    expect(second[1]!.value).toBe("'=2+3 paint job");
    expect(second[6]!.value).toBe(1999.99);
    expect(second[5]!.value).toBeNull();
  });

  it('has the list’s permission, and another organization’s caller gets only their own jobs', async () => {
    await expectListPermission(t, '/api/work-orders', [a.admin, a.manager, a.employee, a.customerUser]);
    const { rows } = await exportedCsv(t, `/api/work-orders/export?organizationId=${a.org.id}`, b.admin);
    expect(rows.map((r) => r[0])).toEqual(['WO-B0001']);
  });
});
