// Saves PNGs of taxes and discounts on documents (desktop 1280 and phone 390) for a visual check: the invoice form
// with line discounts, tax rate chips, its own discount and the totals per rate; a sent invoice's dialog (the server's
// figures, each line's discount and rates); the estimate form; the credit note dialog prefilled with the invoice's
// lines and rates; the portal's invoice row; and the customer's quote page with taxes, before and after ticking an
// optional item: `npx tsx e2e/screenshots-taxes-documents.ts` (into /tmp/shots-taxes-docs, or OUT_DIR). Uses BASE_URL
// when given (a running app), else starts one; the rates made here are archived at the end either way.
import { type Browser, type Locator, type Page } from 'playwright-core';
import type { Estimate } from '@contracts/estimates';
import type { Invoice } from '@contracts/invoices';
import type { TaxRate } from '@contracts/tax-rates';
import { fillLine, pickCustomer } from './fixtures/documents';
import { postJson } from './fixtures/records';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';

let shots: ShotRun;
const shoot = (page: Page, name: string, fullPage = false) => shots.shoot(page, name, fullPage);

interface Rates {
  state: TaxRate;
  city: TaxRate;
}

async function customer(page: Page, label: string) {
  return postJson<{ id: number; name: string }>(page, '/api/customers', { name: `Morgan Ellis ${label}`, email: `morgan-tax-${label}-${Date.now()}@example.com` });
}

/** Scrolls the dialog so `target` sits in view, then shoots the page. */
async function shootAt(page: Page, target: Locator, name: string) {
  await target.scrollIntoViewIfNeeded();
  await shoot(page, name);
}

async function invoiceForm(page: Page, suffix: string) {
  const c = await customer(page, `form-${suffix}`);
  await page.goto('/invoices');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('invoice-dialog');
  await pickCustomer(dialog, c.name);
  await fillLine(dialog, 1, { description: 'Boiler service, annual', quantity: '2', rate: '100' });
  await dialog.getByLabel('Line 1 discount', { exact: true }).fill('10');
  await dialog.getByRole('button', { name: 'Add line' }).click();
  await fillLine(dialog, 2, { description: 'Replacement filter', quantity: '1', rate: '50' });
  await dialog.getByLabel('Line 2 tax City 2 %').click();
  await dialog.getByLabel('Discount type', { exact: true }).selectOption({ label: '$' });
  await dialog.getByLabel('Discount', { exact: true }).fill('5');
  await shootAt(page, dialog.getByTestId('line-items'), `invoice-form-lines-${suffix}`);
  await shootAt(page, dialog.getByTestId('invoice-totals'), `invoice-form-totals-${suffix}`);
  await page.keyboard.press('Escape');
}

async function sentInvoice(page: Page, rates: Rates, suffix: string): Promise<Invoice> {
  const c = await customer(page, `detail-${suffix}`);
  const dueDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  return postJson<Invoice>(page, '/api/invoices', {
    customerId: c.id,
    status: 'sent',
    dueDate,
    discountType: 'percent',
    discountValue: '5',
    lineItems: [
      { description: 'Boiler replacement, 30 kW combi', quantity: 1, rate: '880.00', discountType: 'amount', discountValue: '80', taxRateIds: [rates.city.id, rates.state.id] },
      { description: 'Flue and controls', quantity: 1, rate: '120.00', taxRateIds: [rates.state.id] },
      { description: 'Labour (hours)', quantity: 6, rate: '65.00', taxRateIds: [] },
    ],
  });
}

async function invoiceDetail(page: Page, invoice: Invoice, suffix: string) {
  await page.goto(`/invoices?q=${invoice.invoiceNumber}`);
  await page.getByRole('button', { name: invoice.invoiceNumber, exact: true }).first().click();
  const dialog = page.getByTestId('invoice-dialog');
  await dialog.getByText('Amounts are locked').waitFor();
  await shootAt(page, dialog.getByTestId('line-items'), `invoice-detail-lines-${suffix}`);
  await shootAt(page, dialog.getByTestId('invoice-totals'), `invoice-detail-totals-${suffix}`);
  await page.keyboard.press('Escape');
}

async function creditNote(page: Page, invoice: Invoice, suffix: string) {
  await page.goto(`/invoices?q=${invoice.invoiceNumber}`);
  await page.getByRole('button', { name: `Actions for ${invoice.invoiceNumber}` }).first().click();
  await page.getByRole('menuitem', { name: 'Issue credit note' }).click();
  const dialog = page.getByTestId('credit-note-dialog');
  await dialog.getByTestId('credit-totals').waitFor();
  await shootAt(page, dialog.getByTestId('line-items'), `credit-note-lines-${suffix}`);
  await shootAt(page, dialog.getByTestId('credit-totals'), `credit-note-totals-${suffix}`);
  await page.keyboard.press('Escape');
}

async function portalRow(page: Page, invoice: Invoice, suffix: string) {
  await page.goto(`/customer-portal?customer=${invoice.customerId}`);
  const row = page.getByTestId(suffix === 'phone' ? 'portal-invoice-card' : 'portal-invoice-row').filter({ hasText: invoice.invoiceNumber });
  await row.getByTestId('portal-invoice-figures').waitFor();
  await shootAt(page, row, `portal-invoice-${suffix}`);
}

async function estimateForm(page: Page, suffix: string) {
  const c = await customer(page, `estimate-${suffix}`);
  await page.goto('/estimates');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('estimate-dialog');
  await pickCustomer(dialog, c.name);
  await dialog.getByLabel('Title').fill('Bathroom refit');
  await fillLine(dialog, 1, { description: 'Tiling, 12 m²', quantity: '12', rate: '45' });
  await dialog.getByLabel('Line 1 discount type').selectOption({ label: '$' });
  await dialog.getByLabel('Line 1 discount', { exact: true }).fill('40');
  await dialog.getByRole('button', { name: 'Add line' }).click();
  await fillLine(dialog, 2, { description: 'Heated towel rail', quantity: '1', rate: '180' });
  await dialog.getByLabel('Line 2 optional').check();
  await dialog.getByLabel('Discount', { exact: true }).fill('10');
  await shootAt(page, dialog.getByTestId('line-items'), `estimate-form-lines-${suffix}`);
  await shootAt(page, dialog.getByTestId('estimate-totals'), `estimate-form-totals-${suffix}`);
  await page.keyboard.press('Escape');
}

async function quotePage(browser: Browser, page: Page, baseURL: string, rates: Rates, suffix: string, viewport: { width: number; height: number }) {
  const c = await customer(page, `quote-${suffix}`);
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const created = await postJson<Estimate>(page, '/api/estimates', {
    customerId: c.id,
    title: 'Boiler replacement',
    validUntil,
    discountType: 'percent',
    discountValue: '10',
    lineItems: [
      { description: 'Combi boiler, supplied and fitted', quantity: 1, rate: '1450.00', discountType: 'percent', discountValue: '5', taxRateIds: [rates.city.id, rates.state.id] },
      { description: 'Magnetic system filter', quantity: 1, rate: '120.00', optional: true, taxRateIds: [rates.state.id] },
      { description: 'Smart thermostat', quantity: 1, rate: '199.00', optional: true, taxRateIds: [rates.city.id, rates.state.id] },
    ],
  });
  const sent = await postJson<{ approvalUrl: string }>(page, `/api/estimates/${created.id}/send-for-approval`, { email: true });
  const visitor = await browser.newContext({ baseURL, viewport });
  const quote = await visitor.newPage();
  await quote.goto(new URL(sent.approvalUrl).pathname);
  await quote.getByTestId('quote-heading').waitFor();
  await shoot(quote, `quote-page-${suffix}`, true);
  await quote.getByRole('checkbox', { name: /Smart thermostat/ }).check();
  await shootAt(quote, quote.getByTestId('quote-totals'), `quote-page-ticked-totals-${suffix}`);
  await visitor.close();
}

runScreenshots('/tmp/shots-taxes-docs', async (run) => {
  shots = run;
  let rates: Rates | null = null;
  await run.atBothWidths(async (page, suffix, viewport, first) => {
    if (first) {
      rates = {
        state: await postJson<TaxRate>(page, '/api/tax-rates', { name: 'State', percent: '6.25', isDefault: true }),
        city: await postJson<TaxRate>(page, '/api/tax-rates', { name: 'City', percent: '2', isDefault: true }),
      };
    }
    if (!rates) throw new Error('No rates');
    await invoiceForm(page, suffix);
    const invoice = await sentInvoice(page, rates, suffix);
    await invoiceDetail(page, invoice, suffix);
    await creditNote(page, invoice, suffix);
    await portalRow(page, invoice, suffix);
    await estimateForm(page, suffix);
    await quotePage(run.browser, page, run.baseURL, rates, suffix, viewport);
    if (suffix === 'phone') {
      // A BASE_URL app is someone's: its documents keep their rates, new ones start without.
      for (const r of [rates.state, rates.city]) await page.request.put(`/api/tax-rates/${r.id}`, { data: { archived: true, isDefault: false } });
    }
  });
});
