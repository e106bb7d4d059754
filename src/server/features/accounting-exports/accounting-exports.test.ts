// Accounting exports through the API (docs/rules/data-exchange.md#accounting-exports): the settings and their
// checks, which records a period holds, each format's files read back with figures equal to the documents' to the
// cent, a record in one export only (also with exports made at once), downloads again, and permissions.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountingExportResult, AccountingSettings, AccountMapping } from '../../../contracts/accounting';
import type { Invoice } from '../../../contracts/invoices';
import { toCents } from '../../../contracts/money';
import type { TaxRate } from '../../../contracts/tax-rates';
import { accountingExportItems, accountingExports, creditNotes, invoices, payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer, orgKit, type OrgKit } from '../documents/documents.test-kit';
import { XERO_BANK_HEADER, XERO_CREDIT_NOTE_HEADER, XERO_INVOICE_HEADER } from './xero-csv-format';
import { QBO_BANK_HEADER, QBO_INVOICE_HEADER, QBO_JOURNAL_HEADER } from './qbo-csv-format';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
let state: TaxRate;
let city: TaxRate;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t, { name: 'Books Heating' });
  b = await orgKit(t);
  state = (await call(a.admin, 'POST', '/api/tax-rates', { name: 'State', percent: '6.25' })).json();
  city = (await call(a.admin, 'POST', '/api/tax-rates', { name: 'City', percent: '2' })).json();
});
afterAll(async () => {
  await t?.close();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.call({ method, url, cookie, payload });
const MARCH = { from: '2026-03-01', to: '2026-03-31' };

/** A mapping with a code for every row the settings ask for. */
function mappingFor(settings: AccountingSettings, over: Partial<AccountMapping> = {}): AccountMapping {
  return {
    incomeAccount: 'Sales',
    receivablesAccount: 'Accounts Receivable',
    depositAccount: 'Undeposited Funds',
    salesTaxAccount: 'Sales Tax Payable',
    noTaxCode: 'NON',
    taxCodes: settings.taxCodeRows.map((r) => ({ key: r.key, code: `TX-${r.key}` })),
    ...over,
  };
}

const getSettings = async (kit: OrgKit) => (await call(kit.admin, 'GET', '/api/accounting/settings')).json() as AccountingSettings;
const saveSettings = (kit: OrgKit, body: object, cookie = kit.admin) => call(cookie, 'PUT', '/api/accounting/settings', body);
const exportPeriod = (kit: OrgKit, body: object = MARCH, cookie = kit.manager) => call(cookie, 'POST', '/api/accounting/exports', body);

async function createInvoice(kit: OrgKit, payload: object): Promise<Invoice> {
  const res = await call(kit.admin, 'POST', '/api/invoices', { customerId: kit.customerId, status: 'sent', dueDate: '2026-04-15', ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Puts records on a day of the period: an instant, so the organization's zone decides the day. */
async function dateInvoice(id: number, at: string) {
  await t.database.db.update(invoices).set({ createdAt: new Date(at) }).where(eq(invoices.id, id));
}
async function datePayment(id: number, at: string) {
  await t.database.db.update(payments).set({ receivedDate: new Date(at) }).where(eq(payments.id, id));
}
async function dateNote(id: number, at: string) {
  await t.database.db.update(creditNotes).set({ createdAt: new Date(at) }).where(eq(creditNotes.id, id));
}

async function download(kit: OrgKit, id: number, cookie = kit.manager) {
  const res = await t.call({ url: `/api/accounting/exports/${id}/file`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const zipEntries = (data: Buffer) => Object.fromEntries(Object.entries(unzipSync(new Uint8Array(data))).map(([name, bytes]) => [name, strFromU8(bytes)]));
const csvRows = (text: string) => parse(text, { relax_column_count: false }) as string[][];
const cents = (v: string) => toCents(v || '0');

describe('accounting settings', () => {
  it('asks for a code per active rate, refuses an export before the mapping is saved', async () => {
    const settings = await getSettings(a);
    expect(settings).toMatchObject({ format: 'qbo_csv', mapping: null, timeZone: 'America/New_York' });
    expect(settings.taxCodeRows).toEqual([
      { key: String(city.id), label: 'City 2 %', kind: 'rate', inUse: false },
      { key: String(state.id), label: 'State 6.25 %', kind: 'rate', inUse: false },
    ]);
    const res = await exportPeriod(a);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Choose the accounts and tax codes in the accounting settings before the first export');
    expect(await t.database.db.select().from(accountingExports).where(eq(accountingExports.organizationId, a.org.id))).toEqual([]);
  });

  it('answers 400 naming the field: a missing account, a rate without a code, another organization’s rate, a tab', async () => {
    const settings = await getSettings(a);
    const good = mappingFor(settings);
    const cases: [object, string, string][] = [
      [{ ...good, incomeAccount: '  ' }, 'mapping.incomeAccount', 'Enter the income account'],
      [{ ...good, taxCodes: [{ key: String(state.id), code: '' }, good.taxCodes[0]] }, 'mapping.taxCodes.0.code', 'Enter the tax code for State 6.25 %'],
      [{ ...good, taxCodes: good.taxCodes.slice(0, 1) }, 'mapping.taxCodes', 'Enter the tax code for State 6.25 %'],
      [{ ...good, taxCodes: [...good.taxCodes, { key: '999999', code: 'X' }] }, 'mapping.taxCodes.2.key', 'Tax rate not found'],
      [{ ...good, depositAccount: 'Undeposited\tFunds' }, 'mapping.depositAccount', 'Deposit account must not contain tabs or line breaks'],
    ];
    for (const [mapping, path, message] of cases) {
      const res = await saveSettings(a, { format: 'qbo_csv', mapping });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().issues).toContainEqual({ path, message });
    }
    const bad = await saveSettings(a, { format: 'sage', mapping: good });
    expect(bad.json().issues).toContainEqual(expect.objectContaining({ path: 'format' }));
    // Xero books receivables and tax itself: those two may stay blank.
    const xero = await saveSettings(a, { format: 'xero_csv', mapping: { ...good, receivablesAccount: '', salesTaxAccount: '' } });
    expect(xero.statusCode, xero.body).toBe(200);
  });

  it('lets admins save, managers read, employees neither', async () => {
    const settings = await getSettings(a);
    const res = await saveSettings(a, { format: 'qbo_csv', mapping: mappingFor(settings) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mapping.taxCodes).toEqual(mappingFor(settings).taxCodes);
    expect((await call(a.manager, 'GET', '/api/accounting/settings')).statusCode).toBe(200);
    expect((await saveSettings(a, { format: 'qbo_csv', mapping: mappingFor(settings) }, a.manager)).statusCode).toBe(403);
    expect((await call(a.employee, 'GET', '/api/accounting/settings')).statusCode).toBe(403);
    expect((await exportPeriod(a, MARCH, a.employee)).statusCode).toBe(403);
    expect((await call(a.employee, 'GET', '/api/accounting/exports')).statusCode).toBe(403);
  });
});

describe('an export of March', () => {
  let furnace: Invoice;
  let included: Invoice;
  let exempt: Invoice;
  let perLine: Invoice;
  let lateSent: Invoice;
  let paymentId: number;
  let refundId: number;
  let noteId: number;
  let noteTotal: string;

  beforeAll(async () => {
    // The rules page's furnace job: a line discount, two rates on a line, a document discount.
    furnace = await createInvoice(a, {
      lineItems: [
        { description: 'Furnace tune-up', quantity: 2, rate: '45.00', discountType: 'percent', discountValue: 10, taxRateIds: [state.id, city.id] },
        { description: 'Filter', quantity: 1, rate: '19.99', taxRateIds: [state.id] },
      ],
      discountType: 'amount',
      discountValue: '5.00',
    });
    await call(a.admin, 'PUT', '/api/tax-settings', { pricesIncludeTax: true, taxRounding: 'per_line' });
    included = await createInvoice(a, { lineItems: [{ description: 'Install, tax included', quantity: 3, rate: '33.33', taxRateIds: [state.id, city.id] }] });
    perLine = await createInvoice(a, { lineItems: [1, 2, 3].map((i) => ({ description: `Washer ${i}`, quantity: 1, rate: '0.10', taxRateIds: [state.id] })) });
    await call(a.admin, 'PUT', '/api/tax-settings', { pricesIncludeTax: false, taxRounding: 'per_document' });
    const exemptCustomer = await createCustomer(t, a.org.id, { name: 'Exempt School', taxExempt: true });
    exempt = await createInvoice(a, { customerId: exemptCustomer.id, lineItems: [{ description: 'Boiler', quantity: 1, rate: '1000.00', taxRateIds: [state.id] }] });
    for (const inv of [furnace, included, perLine, exempt]) await dateInvoice(inv.id, '2026-03-10T15:00:00Z');

    // Not in the books: a draft, a voided invoice, one of another month, and one whose day in New York is Feb 28.
    const draft = await createInvoice(a, { status: 'draft', lineItems: [{ description: 'Draft', quantity: 1, rate: '10.00' }] });
    const voided = await createInvoice(a, { lineItems: [{ description: 'Voided', quantity: 1, rate: '10.00' }] });
    expect((await call(a.admin, 'POST', `/api/invoices/${voided.id}/void`, { reason: 'Mistake' })).statusCode).toBe(200);
    const april = await createInvoice(a, { lineItems: [{ description: 'April', quantity: 1, rate: '10.00' }] });
    const lateFeb = await createInvoice(a, { lineItems: [{ description: 'Late February', quantity: 1, rate: '10.00' }] });
    await dateInvoice(draft.id, '2026-03-10T15:00:00Z');
    await dateInvoice(voided.id, '2026-03-10T15:00:00Z');
    await dateInvoice(april.id, '2026-04-01T15:00:00Z');
    await dateInvoice(lateFeb.id, '2026-03-01T03:00:00Z');
    // Sent in April for a March date: the first export has it as a draft and leaves it out.
    lateSent = await createInvoice(a, { status: 'draft', lineItems: [{ description: 'Sent late', quantity: 1, rate: '40.00' }] });
    await dateInvoice(lateSent.id, '2026-03-20T15:00:00Z');

    const pay = await call(a.admin, 'POST', '/api/payments', { invoiceId: furnace.id, amount: '50.00', method: 'check', reference: '1042' });
    expect(pay.statusCode, pay.body).toBe(201);
    paymentId = pay.json().id;
    await datePayment(paymentId, '2026-03-12T15:00:00Z');
    const refund = await call(a.admin, 'POST', `/api/payments/${paymentId}/refunds`, { amount: '20.00', reason: 'Part returned', idempotencyKey: randomUUID() });
    expect(refund.statusCode, refund.body).toBe(201);
    refundId = refund.json().id;
    await datePayment(refundId, '2026-03-13T15:00:00Z');
    const note = await call(a.admin, 'POST', `/api/invoices/${included.id}/credit-notes`, {
      reason: 'Goodwill',
      lineItems: [{ description: 'Credit', quantity: 1, rate: '10.00', taxRateIds: [state.id] }],
    });
    expect(note.statusCode, note.body).toBe(201);
    noteId = note.json().id;
    noteTotal = note.json().total;
    await dateNote(noteId, '2026-03-14T15:00:00Z');

    const settings = await getSettings(a);
    expect(await saveSettings(a, { format: 'qbo_csv', mapping: mappingFor(settings) }).then((r) => r.statusCode)).toBe(200);
  });

  it('asks for a code for the pair of rates a line carries', async () => {
    const settings = await getSettings(a);
    expect(settings.taxCodeRows).toContainEqual({ key: [state.id, city.id].sort((x, y) => x - y).join('+'), label: 'State 6.25 % + City 2 %', kind: 'combination', inUse: true });
  });

  it('writes QuickBooks Online CSVs whose lines and taxes add up to each document', async () => {
    const res = await exportPeriod(a);
    expect(res.statusCode, res.body).toBe(201);
    const result: AccountingExportResult = res.json();
    expect(result.counts).toEqual({ invoices: 4, creditNotes: 1, payments: 1, refunds: 1, leftOut: 0 });
    expect(result.message).toBe('Exported 4 invoices, 1 credit note, 1 payment and 1 refund.');
    const exp = result.export!;
    expect(exp).toMatchObject({ format: 'qbo_csv', periodFrom: MARCH.from, periodTo: MARCH.to, fileName: `quickbooks-online-2026-03-01-to-2026-03-31-export-${exp.id}.zip` });

    const file = await download(a, exp.id);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${exp.fileName}"`);
    expect(file.rawPayload.length).toBe(exp.size);
    const entries = zipEntries(file.rawPayload);
    expect(Object.keys(entries).sort()).toEqual(['README.txt', 'credit-memos.csv', 'invoices.csv', 'payments.csv', 'refunds.csv']);

    const [header, ...rows] = csvRows(entries['invoices.csv']);
    expect(header).toEqual([...QBO_INVOICE_HEADER]);
    const col = (name: (typeof QBO_INVOICE_HEADER)[number]) => header.indexOf(name);
    for (const inv of [furnace, included, perLine, exempt]) {
      const lines = rows.filter((r) => r[col('InvoiceNo')] === inv.invoiceNumber);
      expect(lines.length, inv.invoiceNumber).toBeGreaterThan(0);
      const amount = lines.reduce((s, r) => s + cents(r[col('ItemAmount')]), 0);
      const tax = lines.reduce((s, r) => s + cents(r[col('ItemTaxAmount')]), 0);
      expect(amount + tax, inv.invoiceNumber).toBe(toCents(inv.total));
      expect(tax, inv.invoiceNumber).toBe(toCents(inv.tax));
      expect(lines.every((r) => r[col('InvoiceDate')] === '03/10/2026' && r[col('DueDate')] === '04/15/2026' && r[col('Customer')] !== '')).toBe(true);
    }
    const furnaceLines = rows.filter((r) => r[col('InvoiceNo')] === furnace.invoiceNumber);
    expect(furnaceLines.map((r) => [r[col('ItemDescription')], r[col('ItemAmount')], r[col('ItemTaxCode')]])).toEqual([
      ['Furnace tune-up', '76.99', `TX-${[state.id, city.id].sort((x, y) => x - y).join('+')}`],
      ['Filter', '19.00', `TX-${state.id}`],
    ]);
    expect(rows.filter((r) => r[col('InvoiceNo')] === exempt.invoiceNumber).map((r) => [r[col('ItemTaxCode')], r[col('ItemTaxAmount')]])).toEqual([['NON', '0.00']]);
    expect(rows.some((r) => ['Draft', 'Voided', 'April', 'Late February', 'Sent late'].includes(r[col('ItemDescription')]))).toBe(false);

    const [jHeader, ...journal] = csvRows(entries['credit-memos.csv']);
    expect(jHeader).toEqual([...QBO_JOURNAL_HEADER]);
    const debits = journal.reduce((s, r) => s + cents(r[3]), 0);
    const credits = journal.reduce((s, r) => s + cents(r[4]), 0);
    expect(debits).toBe(credits);
    // Priced like its invoice, whose prices include tax: 10.00 with its tax inside.
    expect(noteTotal).toBe('10.00');
    expect(journal.find((r) => r[2] === 'Accounts Receivable')).toEqual(['CN-00001', '03/14/2026', 'Accounts Receivable', '', noteTotal, expect.stringContaining('Goodwill'), 'Pat Customer']);
    expect(journal.find((r) => r[2] === 'Sales Tax Payable')?.[3]).toBe('0.59');

    expect(csvRows(entries['payments.csv'])).toEqual([[...QBO_BANK_HEADER], ['03/12/2026', `Payment from Pat Customer for ${furnace.invoiceNumber} (Check 1042)`, '50.00']]);
    expect(csvRows(entries['refunds.csv'])).toEqual([[...QBO_BANK_HEADER], ['03/13/2026', `Refund to Pat Customer for ${furnace.invoiceNumber}: Part returned`, '-20.00']]);
    expect(entries['README.txt']).toContain('Banking > Upload from file into Undeposited Funds');
  });

  it('leaves out of a second export of an overlapping period what the first had, and says so', async () => {
    const res = await exportPeriod(a, { from: '2026-03-10', to: '2026-04-30' });
    expect(res.statusCode, res.body).toBe(201);
    const result: AccountingExportResult = res.json();
    // The April invoice only; the 4 invoices, the note, the payment and the refund were in the first export.
    expect(result.counts).toEqual({ invoices: 1, creditNotes: 0, payments: 0, refunds: 0, leftOut: 7 });
    expect(result.message).toBe('Exported 1 invoice, 0 credit notes, 0 payments and 0 refunds; 7 records of these days were in an earlier export and left out.');
    const rows = csvRows(zipEntries((await download(a, result.export!.id)).rawPayload)['invoices.csv']);
    expect(rows.slice(1).map((r) => r[8])).toEqual(['April']);
  });

  it('answers 200 without an export when nothing is new, and keeps no record of it', async () => {
    const before = await t.database.db.select({ id: accountingExports.id }).from(accountingExports).where(eq(accountingExports.organizationId, a.org.id));
    const res = await exportPeriod(a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      export: null,
      message: 'Nothing new to export for Mar 1, 2026 - Mar 31, 2026: its 7 records were in earlier exports.',
      counts: { invoices: 0, creditNotes: 0, payments: 0, refunds: 0, leftOut: 7 },
    });
    const empty = await exportPeriod(a, { from: '2025-01-01', to: '2025-01-31' });
    expect(empty.json().message).toBe('Nothing to export for Jan 1, 2025 - Jan 31, 2025: no invoices, credit notes, payments or refunds fell on those days.');
    const after = await t.database.db.select({ id: accountingExports.id }).from(accountingExports).where(eq(accountingExports.organizationId, a.org.id));
    expect(after).toEqual(before);
  });

  it('picks up an invoice sent after its period was exported when the period is exported again', async () => {
    expect((await call(a.admin, 'PUT', `/api/invoices/${lateSent.id}`, { status: 'sent' })).statusCode).toBe(200);
    const res = await exportPeriod(a);
    expect(res.json().counts).toEqual({ invoices: 1, creditNotes: 0, payments: 0, refunds: 0, leftOut: 7 });
  });

  it("puts a record on the organization's day: 03:00 UTC on Mar 1 is Feb 28 in New York", async () => {
    const res = await exportPeriod(a, { from: '2026-02-28', to: '2026-02-28' });
    expect(res.json().counts).toMatchObject({ invoices: 1 });
    const rows = csvRows(zipEntries((await download(a, res.json().export.id)).rawPayload)['invoices.csv']);
    expect(rows.slice(1).map((r) => [r[2], r[8]])).toEqual([['02/28/2026', 'Late February']]);
  });

  it('lists the exports newest first and downloads each again as made', async () => {
    const res = await call(a.manager, 'GET', '/api/accounting/exports');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('4');
    const list = res.json();
    expect(list.map((e: { periodFrom: string }) => e.periodFrom)).toEqual(['2026-02-28', '2026-03-01', '2026-03-10', '2026-03-01']);
    expect(list[3].createdBy).toEqual({ id: expect.any(Number), name: expect.stringMatching(/^Test User\d+$/) });
    const first = await download(a, list[3].id);
    const again = await download(a, list[3].id, a.admin);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });
});

describe('the other formats', () => {
  let kit: OrgKit;
  let rate: TaxRate;
  let inv: Invoice;
  let handTyped: Invoice;

  beforeAll(async () => {
    kit = await orgKit(t, { name: 'Format Plumbing' });
    rate = (await call(kit.admin, 'POST', '/api/tax-rates', { name: 'County', percent: '8.875' })).json();
    // A tax typed by hand on lines without a rate (as organizations without rates write them).
    handTyped = await createInvoice(kit, {
      lineItems: [
        { description: 'Water heater — 50 gal', quantity: 1, rate: '899.99' },
        { description: '=HYPERLINK("x")', quantity: '2.5', rate: '85.00' },
      ],
      discountType: 'percent',
      discountValue: '7.5',
      tax: '84.20',
    });
    inv = await createInvoice(kit, { lineItems: [{ description: 'Drain', quantity: 1, rate: '120.00', taxRateIds: [rate.id] }] });
    await dateInvoice(handTyped.id, '2026-03-05T15:00:00Z');
    await dateInvoice(inv.id, '2026-03-06T15:00:00Z');
    const pay = await call(kit.admin, 'POST', '/api/payments', { invoiceId: inv.id, amount: '50.00', method: 'cash' });
    await datePayment(pay.json().id, '2026-03-07T15:00:00Z');
  });

  it('asks for a code for the tax typed by hand while documents carry it', async () => {
    const settings = await getSettings(kit);
    expect(settings.taxCodeRows.map((r) => r.kind)).toEqual(['rate', 'manual']);
    const mapping = mappingFor({ ...settings, taxCodeRows: settings.taxCodeRows.filter((r) => r.kind === 'rate') });
    const saved = await saveSettings(kit, { format: 'xero_csv', mapping });
    expect(saved.json().issues).toContainEqual({ path: 'mapping.taxCodes', message: 'Enter the tax code for Tax typed by hand' });
  });

  it('writes Xero CSVs in its import templates, figures to the cent', async () => {
    const settings = await getSettings(kit);
    expect((await saveSettings(kit, { format: 'xero_csv', mapping: mappingFor(settings, { incomeAccount: '200', receivablesAccount: '', salesTaxAccount: '' }) })).statusCode).toBe(200);
    const res = await exportPeriod(kit);
    expect(res.statusCode, res.body).toBe(201);
    const exp = res.json().export;
    expect(exp.fileName).toBe(`xero-2026-03-01-to-2026-03-31-export-${exp.id}.zip`);
    const entries = zipEntries((await download(kit, exp.id)).rawPayload);
    expect(Object.keys(entries).sort()).toEqual(['README.txt', 'bank-statement.csv', 'invoices.csv']);
    const [header, ...rows] = csvRows(entries['invoices.csv']);
    expect(header).toEqual([...XERO_INVOICE_HEADER]);
    const col = (name: (typeof XERO_INVOICE_HEADER)[number]) => header.indexOf(name);
    for (const doc of [handTyped, inv]) {
      const [stored] = await t.database.db.select().from(invoices).where(eq(invoices.id, doc.id));
      const lines = rows.filter((r) => r[col('*InvoiceNumber')] === doc.invoiceNumber);
      // Xero works each line out as quantity x unit amount: the file's figures must make the line's amount.
      const amount = lines.reduce((s, r) => s + toCents((Number(r[col('*Quantity')]) * Number(r[col('*UnitAmount')])).toFixed(2)), 0);
      const tax = lines.reduce((s, r) => s + cents(r[col('TaxAmount')]), 0);
      expect(amount + tax, doc.invoiceNumber).toBe(toCents(stored.total));
      expect(tax).toBe(toCents(stored.tax));
      expect(lines.every((r) => r[col('Total')] === stored.total && r[col('*AccountCode')] === '200')).toBe(true);
    }
    const hand = rows.filter((r) => r[col('*InvoiceNumber')] === handTyped.invoiceNumber);
    expect(hand.map((r) => r[col('*TaxType')])).toEqual(['TX-manual', 'TX-manual']);
    // A formula-like description is written inert.
    expect(hand[1][col('*Description')]).toBe(`'=HYPERLINK("x")`);
    expect(csvRows(entries['bank-statement.csv'])).toEqual([[...XERO_BANK_HEADER], ['03/07/2026', '50.00', 'Pat Customer', `Payment from Pat Customer for ${inv.invoiceNumber} (Cash)`, inv.invoiceNumber, '']]);
  });

  it('writes Xero credit notes in their template', async () => {
    const note = await call(kit.admin, 'POST', `/api/invoices/${inv.id}/credit-notes`, { reason: 'Fixed', lineItems: [{ description: 'Back', quantity: 1, rate: '20.00', taxRateIds: [rate.id] }] });
    expect(note.statusCode, note.body).toBe(201);
    await dateNote(note.json().id, '2026-03-08T15:00:00Z');
    const exp = (await exportPeriod(kit)).json().export;
    const rows = csvRows(zipEntries((await download(kit, exp.id)).rawPayload)['credit-notes.csv']);
    expect(rows[0]).toEqual([...XERO_CREDIT_NOTE_HEADER]);
    const col = (name: (typeof XERO_CREDIT_NOTE_HEADER)[number]) => rows[0].indexOf(name);
    expect(rows.slice(1).map((r) => [r[col('*CreditNoteNumber')], r[col('Reference')], r[col('*CreditNoteDate')], r[col('*UnitAmount')], r[col('TaxAmount')], r[col('Total')]])).toEqual([
      ['CN-00001', inv.invoiceNumber, '03/08/2026', '20.00', '1.78', '21.78'],
    ]);
  });

  it('writes one IIF file whose transactions each add up to zero', async () => {
    const org = await orgKit(t, { name: 'Desktop Electric' });
    const r = (await call(org.admin, 'POST', '/api/tax-rates', { name: 'State', percent: '6.25' })).json();
    const r2 = (await call(org.admin, 'POST', '/api/tax-rates', { name: 'City', percent: '2' })).json();
    const doc = await createInvoice(org, {
      lineItems: [
        { description: 'Panel', quantity: 2, rate: '45.00', discountType: 'percent', discountValue: 10, taxRateIds: [r.id, r2.id] },
        { description: 'Breaker', quantity: 1, rate: '19.99', taxRateIds: [r.id] },
      ],
      discountType: 'amount',
      discountValue: '5.00',
    });
    await dateInvoice(doc.id, '2026-03-02T15:00:00Z');
    const pay = await call(org.admin, 'POST', '/api/payments', { invoiceId: doc.id, amount: '30.00', method: 'credit_card' });
    await datePayment(pay.json().id, '2026-03-03T15:00:00Z');
    const refund = await call(org.admin, 'POST', `/api/payments/${pay.json().id}/refunds`, { amount: '5.00', reason: 'Overcharge', idempotencyKey: randomUUID() });
    await datePayment(refund.json().id, '2026-03-04T15:00:00Z');
    const note = await call(org.admin, 'POST', `/api/invoices/${doc.id}/credit-notes`, { reason: 'Breaker', lineItems: [{ description: 'Breaker', quantity: 1, rate: '19.99', taxRateIds: [r.id] }] });
    await dateNote(note.json().id, '2026-03-05T15:00:00Z');
    // IIF books tax per rate: no code for the pair of rates is needed.
    const settings = await getSettings(org);
    const mapping = mappingFor({ ...settings, taxCodeRows: settings.taxCodeRows.filter((x) => x.kind === 'rate') });
    expect((await saveSettings(org, { format: 'qbo_iif', mapping })).statusCode).toBe(200);
    // ...but a CSV export of the same records does, and is refused until it is chosen.
    const refused = await exportPeriod(org, { ...MARCH, format: 'qbo_csv' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Choose the tax code for State 6.25 % + City 2 % in the accounting settings before exporting');
    expect(await t.database.db.select().from(accountingExportItems).where(eq(accountingExportItems.organizationId, org.org.id))).toEqual([]);

    const res = await exportPeriod(org);
    expect(res.statusCode, res.body).toBe(201);
    const exp = res.json().export;
    const file = await download(org, exp.id);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(exp.fileName).toBe(`quickbooks-desktop-2026-03-01-to-2026-03-31-export-${exp.id}.iif`);
    const lines = file.rawPayload.toString('utf8').split('\r\n').filter(Boolean).map((l) => l.split('\t'));
    expect(lines.slice(0, 3).map((l) => l[0])).toEqual(['!TRNS', '!SPL', '!ENDTRNS']);
    const trnsHeader = lines[0];
    const transactions: string[][][] = [];
    let current: string[][] = [];
    for (const l of lines.slice(3)) {
      if (l[0] === 'ENDTRNS') {
        transactions.push(current);
        current = [];
      } else current.push(l);
    }
    expect(transactions.map((tr) => tr[0][trnsHeader.indexOf('TRNSTYPE')])).toEqual(['INVOICE', 'CREDIT MEMO', 'PAYMENT', 'GENERAL JOURNAL']);
    const amount = trnsHeader.indexOf('AMOUNT');
    for (const tr of transactions) expect(tr.reduce((s, l) => s + cents(l[amount]), 0)).toBe(0);
    const [stored] = await t.database.db.select().from(invoices).where(eq(invoices.id, doc.id));
    const invoice = transactions[0];
    expect(invoice[0].slice(2, 8)).toEqual(['INVOICE', '03/02/2026', 'Accounts Receivable', 'Pat Customer', stored.total, doc.invoiceNumber]);
    const taxLines = invoice.filter((l) => l[4] === 'Sales Tax Payable');
    expect(taxLines.map((l) => [l[11], -cents(l[amount])])).toEqual(stored.taxes.map((x) => [`TX-${x.taxRateId}`, toCents(x.amount)]));
    expect(transactions[2][0].slice(2, 7)).toEqual(['PAYMENT', '03/03/2026', 'Undeposited Funds', 'Pat Customer', '30.00']);
    expect(transactions[3][0].slice(4, 7)).toEqual(['Undeposited Funds', 'Pat Customer', '-5.00']);
  });
});

describe('exports made at once', () => {
  it('never put one record into two exports', async () => {
    const kit = await orgKit(t, { name: 'Busy Roofing' });
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const inv = await createInvoice(kit, { lineItems: [{ description: `Job ${i}`, quantity: 1, rate: `${100 + i}.00` }] });
      await dateInvoice(inv.id, `2026-03-${String(1 + i).padStart(2, '0')}T15:00:00Z`);
      ids.push(inv.id);
    }
    const settings = await getSettings(kit);
    expect((await saveSettings(kit, { format: 'qbo_csv', mapping: mappingFor(settings) })).statusCode).toBe(200);
    const answers = await Promise.all([
      exportPeriod(kit, MARCH),
      exportPeriod(kit, { from: '2026-03-05', to: '2026-03-31' }),
      exportPeriod(kit, MARCH),
      exportPeriod(kit, { from: '2026-03-01', to: '2026-03-08' }),
    ]);
    for (const res of answers) expect([200, 201], res.body).toContain(res.statusCode);
    const made = answers.filter((r) => r.statusCode === 201).map((r) => r.json() as AccountingExportResult);
    expect(made.reduce((s, r) => s + r.counts.invoices, 0)).toBe(12);
    const items = await t.database.db.select().from(accountingExportItems).where(and(eq(accountingExportItems.organizationId, kit.org.id), inArray(accountingExportItems.recordId, ids)));
    expect(items.length).toBe(12);
    // Each file holds exactly what its export claimed.
    const numbers = new Set<string>();
    for (const r of made) {
      const rows = csvRows(zipEntries((await download(kit, r.export!.id)).rawPayload)['invoices.csv']).slice(1);
      for (const row of rows) {
        expect(numbers.has(row[0])).toBe(false);
        numbers.add(row[0]);
      }
    }
    expect(numbers.size).toBe(12);
  });
});

describe('another organization', () => {
  it('sees none of its exports and cannot download them', async () => {
    const [mine] = await t.database.db.select({ id: accountingExports.id }).from(accountingExports).where(eq(accountingExports.organizationId, a.org.id)).limit(1);
    expect((await t.call({ url: `/api/accounting/exports/${mine.id}/file`, cookie: b.manager })).statusCode).toBe(404);
    const list = await call(b.manager, 'GET', '/api/accounting/exports');
    expect(list.json()).toEqual([]);
    expect((await call(b.admin, 'GET', '/api/accounting/settings')).json().mapping).toBeNull();
  });
});
