// GET /api/customers/export (docs/rules/data-exchange.md#list-exports): the customers list's rows with its search and
// sort, as CSV and XLSX, with the list's permission; another organization's customers never appear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { exportedCsv, exportedSheet, expectListPermission } from '../../test/spreadsheet-files';

let t: TestApp;
let orgA: number;
let adminA: string;
let adminB: string;
const cookies: string[] = [];

const HEADER = ['Name', 'Company', 'Email', 'Phone', 'Address', 'City', 'State', 'ZIP', 'Tax Exempt', 'Created'];

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.createOrganization();
  const b = await t.createOrganization();
  orgA = a.id;
  const cookieAs = async (organizationId: number, role: string) => t.cookieFor((await t.createUser({ organizationId, role })).id);
  adminA = await cookieAs(a.id, 'org_admin');
  adminB = await cookieAs(b.id, 'org_admin');
  for (const role of ['manager', 'employee', 'customer']) cookies.push(await cookieAs(a.id, role));
  await t.database.db.insert(customers).values([
    { organizationId: a.id, name: 'bob Builder', email: 'bob@example.com', phone: '5553331234', address: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', createdAt: new Date('2026-01-02T08:00:00Z') },
    { organizationId: a.id, name: 'Alice Ånström', companyName: 'Ånström & Co', city: 'Aurora', taxExempt: true, createdAt: new Date('2026-01-03T08:00:00Z') },
    { organizationId: a.id, name: '@SUM(A1:A9)', companyName: '=cmd|"/c calc"!A1', notes: 'formula', createdAt: new Date('2026-01-01T08:00:00Z') },
    { organizationId: a.id, name: 'Carol -1+2', email: 'carol@example.com', city: 'Chicago', createdAt: new Date('2026-01-04T08:00:00Z') },
    { organizationId: b.id, name: 'Other Org Customer', email: 'other@example.com' },
  ]);
}, 60_000);

afterAll(async () => {
  await t.close();
});

const namesOf = async (query: string, cookie = adminA) =>
  (await t.call({ url: `/api/customers?limit=500&${query}`, cookie })).json().map((c: { name: string }) => c.name) as string[];

describe('GET /api/customers/export', () => {
  it('answers every customer of the list, by name, with the screen’s labels and the address in its parts', async () => {
    const { header, rows } = await exportedCsv(t, '/api/customers/export', adminA);
    expect(header).toEqual(HEADER);
    // As the list orders them; the export's formula-like name carries its apostrophe (below).
    expect(rows.map((r) => r[0]?.replace(/^'/, ''))).toEqual(await namesOf(''));
    expect(rows.find((r) => r[0] === 'bob Builder')).toEqual(['bob Builder', '', 'bob@example.com', '(555) 333-1234', '1 Main St', 'Springfield', 'IL', '62701', 'No', '2026-01-02']);
    expect(rows.find((r) => r[0] === 'Alice Ånström')?.[8]).toBe('Yes');
    // Formula-like text gets its apostrophe, in the name and the company alike.
    expect(rows.find((r) => r[0] === "'@SUM(A1:A9)")?.[1]).toBe(`'=cmd|"/c calc"!A1`);
    expect(rows.map((r) => r[0])).toContain('Carol -1+2');
    expect(rows.map((r) => r[0])).not.toContain('Other Org Customer');
  });

  it('takes the search and the sort of the list', async () => {
    for (const query of ['q=example.com', 'q=555333', 'sort=-name', 'sort=city', 'sort=-createdAt', 'q=a&sort=companyName']) {
      const { rows } = await exportedCsv(t, `/api/customers/export?${query}`, adminA);
      expect(
        rows.map((r) => r[0]?.replace(/^'/, '')),
        query,
      ).toEqual(await namesOf(query));
    }
  });

  it('writes XLSX cells typed and inert: the created date a date, formula text with its apostrophe', async () => {
    const sheet = await exportedSheet(t, '/api/customers/export?format=xlsx&sort=createdAt', adminA);
    expect(sheet.rows[0]!.map((c) => c.value)).toEqual(HEADER);
    const first = sheet.rows[1]!;
    expect(first[0]!.value).toBe("'@SUM(A1:A9)");
    expect(first[1]!.value).toBe(`'=cmd|"/c calc"!A1`);
    expect(first[9]!.value).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(first[9]!.numFmt).toBe('yyyy-mm-dd');
    expect(sheet.rows).toHaveLength(5);
  });

  it('has the list’s permission and never another organization’s customers', async () => {
    await expectListPermission(t, '/api/customers', [adminA, ...cookies]);
    const { rows } = await exportedCsv(t, `/api/customers/export?organizationId=${orgA}`, adminB);
    expect(rows.map((r) => r[0])).toEqual(['Other Org Customer']);
  });
});
