// Taxes and discounts on documents in the browser (docs/rules/money-and-payments.md#taxes-and-discounts): staff make
// an invoice with a line discount, two tax rates and a discount of its own; the totals on screen are the ones the
// server stores, and the cents worked out by hand here; a tax-exempt customer pays no tax; the saved invoice's dialog
// shows the server's figures; the quote page re-prices the customer's ticks with the quote's rates and discount.
// A fresh organization of its own, so its default rates never tick a line of another spec's documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Estimate } from '../src/contracts/estimates';
import type { Invoice } from '../src/contracts/invoices';
import { toCents } from '../src/contracts/money';
import type { TaxRate } from '../src/contracts/tax-rates';
import { baseURL, DESKTOP, launchBrowser } from './fixtures/browser';
import { fillLine, pickCustomer, waitForToast } from './fixtures/documents';
import { centsOf, getInvoice } from './fixtures/money';
import { drawSignatureWithMouse, sendQuoteForApproval } from './fixtures/quotes';
import { apiJson, postJson, uniqueName } from './fixtures/records';
import { freshOrganizationAdmin } from './fixtures/fresh-organization';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
let adminEmail: string;
let state: TaxRate;
let city: TaxRate;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ adminEmail } = await freshOrganizationAdmin(browser, 'Tax Plumbing', { firstName: 'Tess', lastName: 'Taxes' }));

  const { context, page } = await signedInPage(browser, adminEmail);
  state = await postJson<TaxRate>(page, '/api/tax-rates', { name: 'State', percent: '6.25', isDefault: true });
  city = await postJson<TaxRate>(page, '/api/tax-rates', { name: 'City', percent: '2', isDefault: true });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

async function newCustomer(page: Page, label: string, taxExempt = false) {
  const name = uniqueName(label);
  return postJson<{ id: number; name: string }>(page, '/api/customers', { name, email: `${label.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`, taxExempt });
}

const cents = async (scope: Locator, testId: string) => centsOf((await scope.getByTestId(testId).textContent()) ?? '');
/** The tax rows' cents in order, as "State 6.25 %" -> cents. */
async function taxRows(scope: Locator, prefix: string): Promise<[string, number][]> {
  const rows = scope.getByTestId(`${prefix}-tax-row`);
  const texts = await rows.evaluateAll((els) => els.map((el) => [el.querySelector('dt')?.textContent ?? '', el.querySelector('dd')?.textContent ?? '']));
  return texts.map(([label, value]) => [label, centsOf(value)]);
}

/**
 * Fills the invoice form: 2 x 100.00 with 10 % off and 1 x 50.00, both carrying State and City (the defaults), and
 * $5.00 off the invoice.
 */
async function fillTaxedInvoice(page: Page, customerName: string): Promise<Locator> {
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('invoice-dialog');
  await pickCustomer(dialog, customerName);
  await fillLine(dialog, 1, { description: 'Boiler service', quantity: '2', rate: '100' });
  await dialog.getByLabel('Line 1 discount', { exact: true }).fill('10');
  await dialog.getByRole('button', { name: 'Add line' }).click();
  await fillLine(dialog, 2, { description: 'Filter', quantity: '1', rate: '50' });
  // A new line carries the organization's default rates.
  for (const n of [1, 2]) {
    expect(await dialog.getByLabel(`Line ${n} tax State 6.25 %`).isChecked()).toBe(true);
    expect(await dialog.getByLabel(`Line ${n} tax City 2 %`).isChecked()).toBe(true);
  }
  // The organization has rates: no tax typed by hand.
  expect(await dialog.getByLabel('Tax', { exact: true }).count()).toBe(0);
  await dialog.getByLabel('Discount type', { exact: true }).selectOption({ label: '$' });
  await dialog.getByLabel('Discount', { exact: true }).fill('5');
  return dialog;
}

async function createFromDialog(page: Page, dialog: Locator): Promise<Invoice> {
  await dialog.getByRole('button', { name: /^Create / }).click();
  await waitForToast(page, 'Invoice created successfully');
  const heading = dialog.getByRole('heading', { name: /INV-\d{5} created$/ });
  await heading.waitFor();
  const number = (await heading.textContent())!.match(/INV-\d{5}/)![0];
  const [found] = await apiJson<Invoice[]>(page, `/api/invoices?q=${number}`);
  return getInvoice(page, found.id);
}

describe('taxes and discounts on an invoice', () => {
  it('the form prices two lines, a 10 % line discount, State 6.25 % and City 2 % and $5.00 off as the server stores them', async () => {
    const { context, page } = await signedInPage(browser, adminEmail);
    const customer = await newCustomer(page, 'Taxed Customer');
    const dialog = await fillTaxedInvoice(page, customer.name);

    // By hand: 2 x 100.00 = 200.00 less 10 % = 180.00; 180.00 + 50.00 = 230.00; less 5.00 = 225.00.
    // City 225.00 x 2 % = 4.50; State 225.00 x 6.25 % = 14.0625 -> 14.06; total 225.00 + 4.50 + 14.06 = 243.56.
    // The rates are listed as the organization lists them, by name.
    await expect.poll(() => cents(dialog, 'invoice-total')).toBe(24356);
    expect(await cents(dialog, 'invoice-items')).toBe(25000);
    expect(await cents(dialog, 'invoice-line-discounts')).toBe(-2000);
    expect(await cents(dialog, 'invoice-subtotal')).toBe(23000);
    expect(await cents(dialog, 'invoice-discount')).toBe(-500);
    expect(await taxRows(dialog, 'invoice')).toEqual([
      ['City 2 %', 450],
      ['State 6.25 %', 1406],
    ]);
    expect(await dialog.getByLabel('Line 1 discount amount').textContent()).toBe('-$20.00');

    // Unticking City on the filter line moves the City tax at once: 180.00 x 225 / 230 x 2 % = 3.52.
    await dialog.getByLabel('Line 2 tax City 2 %').uncheck();
    await expect.poll(() => taxRows(dialog, 'invoice')).toEqual([
      ['City 2 %', 352],
      ['State 6.25 %', 1406],
    ]);
    await dialog.getByLabel('Line 2 tax City 2 %').check();
    await expect.poll(() => cents(dialog, 'invoice-total')).toBe(24356);
    const shown = {
      subtotal: await cents(dialog, 'invoice-subtotal'),
      discount: await cents(dialog, 'invoice-discount'),
      taxes: await taxRows(dialog, 'invoice'),
      total: await cents(dialog, 'invoice-total'),
    };

    const saved = await createFromDialog(page, dialog);
    // What the server stored is what the screen showed, and the cents worked out above.
    expect(saved).toMatchObject({ subtotal: '230.00', discountType: 'amount', discountValue: '5.00', discount: '5.00', tax: '18.56', total: '243.56', taxExempt: false });
    expect(saved.taxes).toEqual([
      { taxRateId: city.id, name: 'City', percent: '2', amount: '4.50' },
      { taxRateId: state.id, name: 'State', percent: '6.25', amount: '14.06' },
    ]);
    expect(shown).toEqual({
      subtotal: toCents(saved.subtotal),
      discount: -toCents(saved.discount),
      taxes: saved.taxes.map((t) => [`${t.name} ${t.percent} %`, toCents(t.amount)]),
      total: toCents(saved.total),
    });
    expect(saved.lineItems.map((l) => [l.description, l.amount, l.discountType, l.discountValue, l.discount, l.taxRates.map((r) => r.name)])).toEqual([
      ['Boiler service', '200.00', 'percent', '10.00', '20.00', ['City', 'State']],
      ['Filter', '50.00', null, null, '0.00', ['City', 'State']],
    ]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Sent, its amounts are locked: the dialog shows the server's figures and each line's discount and rates.
    const sentResponse = await page.request.put(`/api/invoices/${saved.id}`, { data: { status: 'sent' } });
    expect(sentResponse.ok()).toBe(true);
    await page.goto(`/invoices?q=${saved.invoiceNumber}`);
    await page.getByRole('button', { name: saved.invoiceNumber, exact: true }).first().click();
    const view = page.getByTestId('invoice-dialog');
    await view.getByText('Amounts are locked').waitFor();
    expect(await cents(view, 'invoice-total')).toBe(24356);
    expect(await taxRows(view, 'invoice')).toEqual(shown.taxes);
    expect(await cents(view, 'invoice-discount')).toBe(-500);
    expect(await cents(view, 'invoice-balance')).toBe(24356);
    expect(await view.getByTestId('line-pricing').allTextContents()).toEqual(['Discount 10 %: -$20.00Tax: City 2 %, State 6.25 %', 'Tax: City 2 %, State 6.25 %']);
    await context.close();
  });

  it('a tax-exempt customer pays no tax: the lines keep their rates, the total is 225.00', async () => {
    const { context, page } = await signedInPage(browser, adminEmail);
    const customer = await newCustomer(page, 'Exempt Customer', true);
    const dialog = await fillTaxedInvoice(page, customer.name);
    await expect.poll(() => cents(dialog, 'invoice-total')).toBe(22500);
    expect(await taxRows(dialog, 'invoice')).toEqual([['Tax (exempt)', 0]]);
    const saved = await createFromDialog(page, dialog);
    expect(saved).toMatchObject({ subtotal: '230.00', discount: '5.00', tax: '0.00', total: '225.00', taxExempt: true, taxes: [] });
    expect(saved.lineItems.map((l) => l.taxRates.map((r) => r.name))).toEqual([
      ['City', 'State'],
      ['City', 'State'],
    ]);
    await context.close();
  });
});

describe('taxes and discounts on the quote page', () => {
  it("re-prices the customer's ticks with the quote's rates and discount, and approves for what the server then stores", async () => {
    const { context: staffContext, page: staffPage } = await signedInPage(browser, adminEmail);
    const customer = await newCustomer(staffPage, 'Quote Customer');
    // 2 x 100.00 less 10 % (180.00) with State and City; an optional 50.00 with State only; 10 % off the quote.
    const sent = await sendQuoteForApproval(staffPage, customer.id, {
      title: 'Boiler replacement',
      discountType: 'percent',
      discountValue: '10',
      lineItems: [
        { description: 'Boiler', quantity: 2, rate: '100.00', discountType: 'percent', discountValue: '10', taxRateIds: [city.id, state.id] },
        { description: 'Smart thermostat', quantity: 1, rate: '50.00', optional: true, taxRateIds: [state.id] },
      ],
    });
    // By hand, unticked: 180.00 less 18.00 = 162.00; State 10.125 -> 10.13; City 3.24; total 175.37.
    expect(sent.estimate).toMatchObject({ subtotal: '180.00', discount: '18.00', tax: '13.37', total: '175.37' });

    const visitor = await browser.newContext({ baseURL: baseURL(), viewport: DESKTOP });
    const page = await visitor.newPage();
    await page.goto(sent.path);
    await page.getByTestId('quote-heading').waitFor();
    const totals = page.getByTestId('quote-totals');
    expect(await cents(totals, 'quote-total')).toBe(17537);
    expect(await taxRows(totals, 'quote')).toEqual([
      ['City 2 %', 324],
      ['State 6.25 %', 1013],
    ]);
    expect(await cents(totals, 'quote-discount')).toBe(-1800);
    // Ticked: 230.00 less 23.00 = 207.00. State on both: 207.00 x 6.25 % = 12.9375 -> 12.94;
    // City on the boiler only: 180.00 x 207 / 230 x 2 % = 3.24; total 207.00 + 12.94 + 3.24 = 223.18.
    await page.getByRole('checkbox', { name: /Smart thermostat/ }).check();
    await expect.poll(() => cents(totals, 'quote-total')).toBe(22318);
    expect(await taxRows(totals, 'quote')).toEqual([
      ['City 2 %', 324],
      ['State 6.25 %', 1294],
    ]);

    await page.getByLabel('Your full name').fill('Pat Taxpayer');
    await drawSignatureWithMouse(page);
    await page.getByRole('button', { name: /^Approve / }).click();
    await page.getByTestId('quote-approved').waitFor();
    // Answered, the page shows the server's figures: the same.
    expect(await cents(totals, 'quote-total')).toBe(22318);
    const approved = await apiJson<Estimate>(staffPage, `/api/estimates/${sent.estimate.id}`);
    expect(approved).toMatchObject({ subtotal: '230.00', discount: '23.00', tax: '16.18', total: '223.18' });
    await visitor.close();
    await staffContext.close();
  });
});
