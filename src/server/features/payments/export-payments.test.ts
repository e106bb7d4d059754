// GET /api/payments/export (docs/rules/data-exchange.md#list-exports): the payments list's rows with its search, filters
// and sort, as CSV and XLSX, with the list's permission; another organization's payments never appear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { exportedCsv, exportedSheet, expectListPermission } from '../../test/spreadsheet-files';
import { orgKit, type OrgKit } from '../documents/documents.test-kit';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
let invoiceId: number;

const HEADER = ['Invoice #', 'Customer', 'Amount', 'Refunded', 'Method', 'Reference', 'Status', 'Received Date'];

const referencesOf = async (query: string, cookie = a.admin) =>
  (await t.call({ url: `/api/payments?limit=500&${query}`, cookie })).json().map((p: { reference: string | null }) => p.reference) as (string | null)[];

beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t);
  b = await orgKit(t);
  const [inv] = await t.database.db.insert(invoices).values({ organizationId: a.org.id, invoiceNumber: 'INV-00007', customerId: a.customerId, status: 'sent', subtotal: '500.00', total: '500.00' }).returning();
  invoiceId = inv!.id;
  const paid = { organizationId: a.org.id, invoiceId, invoiceNumber: 'INV-00007', customerId: a.customerId, customerName: 'Pat Customer' };
  const [check] = await t.database.db
    .insert(payments)
    .values({ ...paid, amount: '300.00', method: 'check', reference: 'CHK-1001', amountRefunded: '50.00', receivedDate: new Date('2026-02-01T15:00:00Z') })
    .returning();
  await t.database.db.insert(payments).values([
    { ...paid, amount: '-50.00', method: 'check', reference: 'REFUND-1', refundOfPaymentId: check!.id, receivedDate: new Date('2026-02-03T09:00:00Z') },
    { ...paid, amount: '100.00', method: 'cash', reference: '+1 555 0100', receivedDate: new Date('2026-01-15T12:00:00Z') },
    { organizationId: a.org.id, amount: '25.00', method: 'bank_transfer', reference: 'DEPOSIT', customerName: 'Walk-in', receivedDate: new Date('2026-02-02T00:00:00Z') },
    { organizationId: b.org.id, amount: '9.99', method: 'cash', reference: 'B-ONLY', receivedDate: new Date('2026-02-02T00:00:00Z') },
  ]);
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('GET /api/payments/export', () => {
  it('answers the list’s payments newest first; a refund is a negative amount, formula-like references made inert', async () => {
    const { header, rows } = await exportedCsv(t, '/api/payments/export', a.admin);
    expect(header).toEqual(HEADER);
    expect(rows.map((r) => r[5]?.replace(/^'/, '') || null)).toEqual(await referencesOf(''));
    expect(rows[0]).toEqual(['INV-00007', 'Pat Customer', '-50.00', '', 'Check', 'REFUND-1', 'Completed', '2026-02-03']);
    expect(rows.find((r) => r[5] === 'CHK-1001')).toEqual(['INV-00007', 'Pat Customer', '300.00', '50.00', 'Check', 'CHK-1001', 'Completed', '2026-02-01']);
    expect(rows.find((r) => r[4] === 'Cash')?.[5]).toBe("'+1 555 0100");
    expect(rows.map((r) => r[5])).not.toContain('B-ONLY');
  });

  it('takes the list’s search, filters and sort', async () => {
    for (const query of ['q=chk', 'q=walk', `invoiceId=${invoiceId}`, `customerId=${a.customerId}`, 'sort=amount', 'sort=-method', 'sort=invoiceNumber']) {
      const { rows } = await exportedCsv(t, `/api/payments/export?${query}`, a.admin);
      expect(
        rows.map((r) => r[5]?.replace(/^'/, '') || null),
        query,
      ).toEqual(await referencesOf(query));
    }
  });

  it('writes XLSX with amounts as numbers of two decimals and the received date a date', async () => {
    const sheet = await exportedSheet(t, '/api/payments/export?format=xlsx&sort=amount', a.admin);
    expect(sheet.rows[0]!.map((c) => c.value)).toEqual(HEADER);
    const refund = sheet.rows[1]!;
    expect(refund[2]).toEqual({ value: -50, numFmt: '#,##0.00' });
    expect(refund[7]).toEqual({ value: new Date('2026-02-03T00:00:00Z'), numFmt: 'yyyy-mm-dd' });
    expect(sheet.rows.map((r) => r[2]!.value)).toEqual(['Amount', -50, 25, 100, 300]);
  });

  it('has the list’s permission, and another organization’s caller gets only their own payments', async () => {
    await expectListPermission(t, '/api/payments', [a.admin, a.manager, a.employee, a.customerUser]);
    const { rows } = await exportedCsv(t, `/api/payments/export?organizationId=${a.org.id}`, b.admin);
    expect(rows.map((r) => r[5])).toEqual(['B-ONLY']);
  });
});
