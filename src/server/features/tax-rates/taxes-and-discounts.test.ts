// Tax rates, per-line taxes, discounts, exemption and prices that include tax, through the API
// (docs/rules/money-and-payments.md#taxes-and-discounts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditNote } from '../../../contracts/credit-notes';
import type { Estimate } from '../../../contracts/estimates';
import type { Invoice } from '../../../contracts/invoices';
import type { TaxRate, TaxSettings } from '../../../contracts/tax-rates';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer, orgKit, pdfText, type OrgKit } from '../documents/documents.test-kit';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
let state: TaxRate;
let city: TaxRate;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t, { name: 'Tax Heating' });
  b = await orgKit(t);
  state = (await addRate('State', '6.25')).json();
  city = (await addRate('City', 2)).json();
});
afterAll(async () => {
  await t?.close();
});

const addRate = (name: string, percent: string | number, cookie = a.admin, extra: object = {}) =>
  t.call({ method: 'POST', url: '/api/tax-rates', cookie, payload: { name, percent, ...extra } });
const settings = async (cookie = a.admin) => (await t.call({ url: '/api/tax-settings', cookie })).json() as TaxSettings;
const setSettings = (payload: object, cookie = a.admin) => t.call({ method: 'PUT', url: '/api/tax-settings', cookie, payload });

/** The furnace job of the rules page: 2 x 45.00 less 10 % with State and City, a 19.99 filter with State, 5.00 off. */
const furnaceJob = () => ({
  lineItems: [
    { description: 'Furnace tune-up', quantity: 2, rate: '45.00', discountType: 'percent', discountValue: 10, taxRateIds: [state.id, city.id] },
    { description: 'Filter', quantity: 1, rate: '19.99', taxRateIds: [state.id] },
  ],
  discountType: 'amount',
  discountValue: '5.00',
});

async function createInvoice(payload: object, cookie = a.admin): Promise<Invoice> {
  const res = await t.call({ method: 'POST', url: '/api/invoices', cookie, payload: { customerId: a.customerId, ...payload } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('tax rates and settings', () => {
  it('keeps rates with up to four decimals; refuses what is not a percent, by field', async () => {
    const nyc = await addRate('NYC', '8.875', a.admin, { isDefault: true });
    expect(nyc.statusCode).toBe(201);
    expect(nyc.json()).toMatchObject({ name: 'NYC', percent: '8.875', isDefault: true, archived: false });
    for (const [percent, message] of [
      ['8.87501', 'Percent must be a number with at most 4 decimals'],
      [101, 'Percent must be at most 100'],
      ['-1', 'Percent must be a number with at most 4 decimals'],
    ] as const) {
      const res = await addRate('Bad', percent);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual(expect.objectContaining({ path: 'percent', message }));
    }
    expect((await addRate('', 5)).json().issues).toContainEqual(expect.objectContaining({ path: 'name', message: 'Name is required' }));
    const archived = await t.call({ method: 'PUT', url: `/api/tax-rates/${nyc.json().id}`, cookie: a.admin, payload: { archived: true } });
    expect(archived.json()).toMatchObject({ archived: true });
    const rates = (await settings()).rates;
    expect(rates.map((r) => r.name)).toEqual(['City', 'State', 'NYC']);
  });

  it('lets whoever writes documents read the rates and only the organization admin change them', async () => {
    expect((await t.call({ url: '/api/tax-settings', cookie: a.employee })).statusCode).toBe(200);
    expect((await addRate('Employee rate', 5, a.employee)).statusCode).toBe(403);
    expect((await setSettings({ taxRounding: 'per_line' }, a.manager)).statusCode).toBe(403);
    expect((await t.call({ url: '/api/tax-settings', cookie: a.customerUser })).statusCode).toBe(403);
  });

  it("never shows, changes or applies another organization's rate", async () => {
    expect((await settings(b.admin)).rates).toEqual([]);
    const res = await t.call({ method: 'PUT', url: `/api/tax-rates/${state.id}`, cookie: b.admin, payload: { percent: 50 } });
    expect(res.statusCode).toBe(404);
    const bInvoice = await t.call({
      method: 'POST',
      url: '/api/invoices',
      cookie: b.admin,
      payload: { customerId: b.customerId, lineItems: [{ description: 'Work', rate: 100, taxRateIds: [state.id] }] },
    });
    expect(bInvoice.statusCode).toBe(400);
    expect(bInvoice.json().issues).toEqual([{ path: 'lineItems.0.taxRateIds', message: 'Tax rate not found' }]);
    expect((await settings()).rates.find((r) => r.id === state.id)?.percent).toBe('6.25');
  });
});

describe('invoices priced with taxes and discounts', () => {
  it('prices the lines, the discount and each rate once, as the rules page works it out', async () => {
    const inv = await createInvoice(furnaceJob());
    expect(inv).toMatchObject({ subtotal: '100.99', discount: '5.00', tax: '7.54', total: '103.53', discountType: 'amount', discountValue: '5.00' });
    expect(inv.taxes).toEqual([
      { taxRateId: state.id, name: 'State', percent: '6.25', amount: '6.00' },
      { taxRateId: city.id, name: 'City', percent: '2', amount: '1.54' },
    ]);
    expect(inv.lineItems.map((l) => [l.amount, l.discount, l.taxRates.map((r) => r.name)])).toEqual([
      ['90.00', '9.00', ['State', 'City']],
      ['19.99', '0.00', ['State']],
    ]);
    expect(inv.balanceDue).toBe('103.53');
  });

  it('keeps the rate a document was written with when the rate changes later', async () => {
    const local = (await addRate('County', '1.5')).json() as TaxRate;
    const inv = await createInvoice({ lineItems: [{ description: 'Work', rate: '200.00', taxRateIds: [local.id] }] });
    expect(inv.total).toBe('203.00');
    await t.call({ method: 'PUT', url: `/api/tax-rates/${local.id}`, cookie: a.admin, payload: { percent: 3, name: 'County (new)' } });
    const again = (await t.call({ url: `/api/invoices/${inv.id}`, cookie: a.admin })).json() as Invoice;
    expect(again.taxes).toEqual([{ taxRateId: local.id, name: 'County', percent: '1.5', amount: '3.00' }]);
    // A status change alone keeps the figures; sending the lines again prices them with the rate as it is now.
    const sentOnly = (await t.call({ method: 'PUT', url: `/api/invoices/${inv.id}`, cookie: a.admin, payload: { notes: 'Same' } })).json() as Invoice;
    expect(sentOnly.total).toBe('203.00');
    const repriced = await t.call({
      method: 'PUT',
      url: `/api/invoices/${inv.id}`,
      cookie: a.admin,
      payload: { lineItems: [{ description: 'Work', rate: '200.00', taxRateIds: [local.id] }] },
    });
    expect(repriced.json()).toMatchObject({ total: '206.00', taxes: [{ name: 'County (new)', percent: '3', amount: '6.00' }] });
  });

  it('charges a tax-exempt customer no tax, and prices again when the draft moves to a customer who pays it', async () => {
    const exempt = await createCustomer(t, a.org.id, { name: 'School District', taxExempt: true });
    const inv = await createInvoice({ customerId: exempt.id, ...furnaceJob() });
    expect(inv).toMatchObject({ taxExempt: true, taxes: [], tax: '0.00', total: '95.99' });
    const moved = await t.call({ method: 'PUT', url: `/api/invoices/${inv.id}`, cookie: a.admin, payload: { customerId: a.customerId } });
    expect(moved.json()).toMatchObject({ taxExempt: false, tax: '7.54', total: '103.53' });
    const customer = (await t.call({ url: `/api/customers/${exempt.id}`, cookie: a.admin })).json();
    expect(customer.taxExempt).toBe(true);
  });

  it('follows the organization: rounding per line, and prices that include tax', async () => {
    const dimes = { lineItems: [1, 2, 3].map((i) => ({ description: `Part ${i}`, rate: '0.10', taxRateIds: [state.id] })) };
    expect((await createInvoice(dimes)).tax).toBe('0.02');
    expect((await setSettings({ taxRounding: 'per_line' })).json()).toMatchObject({ taxRounding: 'per_line' });
    expect((await createInvoice(dimes)).tax).toBe('0.03');
    await setSettings({ taxRounding: 'per_document', pricesIncludeTax: true });
    const included = await createInvoice({ lineItems: [{ description: 'Repair', rate: '100.00', taxRateIds: [state.id, city.id] }] });
    expect(included).toMatchObject({ pricesIncludeTax: true, subtotal: '100.00', tax: '7.62', total: '100.00' });
    expect(included.taxes.map((x) => x.amount)).toEqual(['5.77', '1.85']);
    await setSettings({ pricesIncludeTax: false });
  });

  it('keeps a hand-typed tax while no line carries a rate, as before', async () => {
    const inv = await createInvoice({ lineItems: [{ description: 'Labor', rate: 100 }], tax: '7.00' });
    expect(inv).toMatchObject({ taxes: [], tax: '7.00', total: '107.00' });
  });

  it('refuses a discount without its value, over 100 %, or negative, by field', async () => {
    const bad = async (payload: object) => (await t.call({ method: 'POST', url: '/api/invoices', cookie: a.admin, payload: { customerId: a.customerId, ...payload } })).json().issues;
    expect(await bad({ discountType: 'percent' })).toContainEqual(expect.objectContaining({ path: 'discountValue', message: 'Enter the discount' }));
    expect(await bad({ discountType: 'percent', discountValue: 120 })).toContainEqual(expect.objectContaining({ path: 'discountValue', message: 'A percent discount is at most 100' }));
    expect(await bad({ lineItems: [{ description: 'X', rate: 1, discountType: 'amount', discountValue: -1 }] })).toContainEqual(
      expect.objectContaining({ path: 'lineItems.0.discountValue', message: 'Discount cannot be negative' }),
    );
    expect(await bad({ discountType: 'half' })).toContainEqual(expect.objectContaining({ path: 'discountType', message: 'Discount must be percent or amount' }));
  });

  it("locks a sent invoice's discounts and rates with its amounts; the same values sent again are fine", async () => {
    const inv = await createInvoice({ ...furnaceJob(), status: 'sent' });
    const same = await t.call({ method: 'PUT', url: `/api/invoices/${inv.id}`, cookie: a.admin, payload: { ...furnaceJob(), tax: null, notes: 'Thanks' } });
    expect(same.statusCode, same.body).toBe(200);
    const changes = [
      { discountValue: '6.00' },
      { lineItems: furnaceJob().lineItems.map((l, i) => (i === 0 ? { ...l, discountValue: 15 } : l)) },
      { lineItems: furnaceJob().lineItems.map((l, i) => (i === 1 ? { ...l, taxRateIds: [state.id, city.id] } : l)) },
    ];
    for (const payload of changes) {
      const res = await t.call({ method: 'PUT', url: `/api/invoices/${inv.id}`, cookie: a.admin, payload });
      expect(res.statusCode).toBe(409);
    }
    expect(((await t.call({ url: `/api/invoices/${inv.id}`, cookie: a.admin })).json() as Invoice).total).toBe('103.53');
  });

  it('prints the discount and each rate on the PDF', async () => {
    const inv = await createInvoice(furnaceJob());
    const pdf = await t.call({ url: `/api/invoices/${inv.id}/pdf`, cookie: a.admin });
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    for (const piece of ['Discount 10 %: -$9.00', 'State 6.25 %', '$6.00', 'City 2 %', '$1.54', 'Discount', '-$5.00', '$103.53', '$81.00']) expect(text).toContain(piece);
  });
});

describe('quotes and credit notes follow the same rule', () => {
  it("reprices the customer's ticks with the quote's rates, and the invoice asks for what was approved", async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/estimates',
      cookie: a.admin,
      payload: {
        customerId: a.customerId,
        title: 'Water heater',
        lineItems: [
          { description: 'Water heater', rate: '1200.00', taxRateIds: [state.id] },
          { description: 'Expansion tank', rate: '150.00', taxRateIds: [state.id], optional: true },
        ],
        discountType: 'percent',
        discountValue: 10,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const est = created.json() as Estimate;
    // 1200 less 10 % = 1080; tax 67.50.
    expect(est).toMatchObject({ subtotal: '1200.00', discount: '120.00', tax: '67.50', total: '1147.50' });
    const sent = await t.call({ method: 'POST', url: `/api/estimates/${est.id}/send-for-approval`, cookie: a.admin, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const token = (sent.json().estimate as Estimate).approvalPath!.split('/').pop()!;
    const page = (await t.call({ method: 'POST', url: `/api/public/quotes/${token}/open` })).json();
    expect(page).toMatchObject({ taxRounding: 'per_document', discountType: 'percent', taxes: [{ name: 'State', amount: '67.50' }] });
    const approved = await t.call({
      method: 'POST',
      url: `/api/public/quotes/${token}/approve`,
      payload: {
        revision: page.revision,
        signerName: 'Pat Customer',
        signature: { width: 300, height: 100, strokes: [[[1, 1], [50, 40]]] },
        selectedOptionalIds: [page.lineItems[1].id],
      },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // 1350 less 135 = 1215; tax 75.9375 -> 75.94.
    const after = (await t.call({ url: `/api/estimates/${est.id}`, cookie: a.admin })).json() as Estimate;
    expect(after).toMatchObject({ subtotal: '1350.00', discount: '135.00', tax: '75.94', total: '1290.94' });
    const converted = await t.call({ method: 'POST', url: `/api/estimates/${est.id}/convert`, cookie: a.admin, payload: { invoice: true } });
    expect(converted.statusCode, converted.body).toBe(200);
    const invoiceId = (converted.json() as Estimate).invoices[0].id;
    const inv = (await t.call({ url: `/api/invoices/${invoiceId}`, cookie: a.admin })).json() as Invoice;
    expect(inv).toMatchObject({ subtotal: '1350.00', discount: '135.00', tax: '75.94', total: '1290.94', discountType: 'percent' });
    expect(inv.lineItems.map((l) => l.taxRates.map((r) => r.id))).toEqual([[state.id], [state.id]]);
  });

  it("credits with the invoice's rates as the invoice carries them", async () => {
    const inv = await createInvoice({ ...furnaceJob(), status: 'sent' });
    // The State rate changes after the invoice: the credit note still takes 6.25 %.
    await t.call({ method: 'PUT', url: `/api/tax-rates/${state.id}`, cookie: a.admin, payload: { percent: 7 } });
    const res = await t.call({
      method: 'POST',
      url: `/api/invoices/${inv.id}/credit-notes`,
      cookie: a.admin,
      payload: { reason: 'Filter returned', lineItems: [{ description: 'Filter', quantity: 1, rate: '19.99', taxRateIds: [state.id] }] },
    });
    await t.call({ method: 'PUT', url: `/api/tax-rates/${state.id}`, cookie: a.admin, payload: { percent: '6.25' } });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json() as CreditNote;
    // 19.99 x 6.25 % = 1.249375.
    expect(note).toMatchObject({ subtotal: '19.99', tax: '1.25', total: '21.24', taxes: [{ name: 'State', percent: '6.25', amount: '1.25' }] });
    const bad = await t.call({
      method: 'POST',
      url: `/api/invoices/${inv.id}/credit-notes`,
      cookie: a.admin,
      payload: { reason: 'X', lineItems: [{ description: 'Filter', rate: '1.00', taxRateIds: [999_999] }] },
    });
    expect(bad.json().issues).toEqual([{ path: 'lineItems.0.taxRateIds', message: 'Tax rate not found' }]);
  });
});

describe('the report', () => {
  it('sums the tax of issued invoices per rate and their discounts, leaving drafts and void ones out', async () => {
    const c = await orgKit(t, { name: 'Report Heating' });
    const rate = (await addRate('State', '6.25', c.admin)).json() as TaxRate;
    const bill = async (status: string) =>
      (
        await t.call({
          method: 'POST',
          url: '/api/invoices',
          cookie: c.admin,
          payload: { customerId: c.customerId, status, discountType: 'amount', discountValue: '10.00', lineItems: [{ description: 'Work', rate: '110.00', discountType: 'percent', discountValue: 10, taxRateIds: [rate.id] }] },
        })
      ).json() as Invoice;
    // 110 less 11.00 on the line, less 10.00 on the invoice: 89.00 taxed at 6.25 % = 5.5625 -> 5.56.
    expect((await bill('sent')).tax).toBe('5.56');
    await bill('paid');
    await bill('draft');
    const voided = await bill('sent');
    await t.call({ method: 'POST', url: `/api/invoices/${voided.id}/void`, cookie: c.admin, payload: { reason: 'Twice' } });
    const report = (await t.call({ url: '/api/reports/summary', cookie: c.admin })).json();
    expect(report.billing).toMatchObject({ taxes: [{ name: 'State', percent: '6.25', total: '11.12' }], typedTax: '0.00', discounts: '42.00' });
    const csv = (await t.call({ url: '/api/reports/export', cookie: c.admin })).body;
    expect(csv).toContain('Billing,Tax State 6.25%,11.12\r\nBilling,Tax Typed by Hand,0.00\r\nBilling,Discounts,42.00\r\n');
  });
});
