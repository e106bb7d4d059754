// Taxes on the organization screen and tax-exempt customers in the browser
// (docs/rules/money-and-payments.md#taxes-and-discounts): the organization's admin adds, edits and archives rates,
// chooses tax-inclusive prices and the rounding, and all of it is still there after a reload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Customer } from '../src/contracts/customers';
import { TAX_ROUNDING_LABELS, type TaxRate, type TaxSettings } from '../src/contracts/tax-rates';
import { launchBrowser, PHONE } from './fixtures/browser';
import { createCustomer, waitForToast } from './fixtures/documents';
import { apiJson, dialogTitled, uniqueName } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
// The demo organization is shared with every other spec of the run: its settings are put back and the rates made
// here archived afterwards, so no other spec's invoice starts with a default rate ticked.
let restore: ((page: Page) => Promise<void>) | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  if (restore && browser) {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await restore(page);
    await context.close();
  }
  await browser?.close();
});

/** A short tag so the rates made here are told apart from any the demo data or other specs add. */
const tag = Date.now().toString(36).slice(-4).toUpperCase();
const STATE = `State ${tag}`;
const CITY = `City ${tag}`;

function rateRow(page: Page, name: string) {
  return page.getByTestId('tax-rate-row').filter({ has: page.getByText(name, { exact: true }) });
}

async function openTaxes(page: Page) {
  await page.goto('/organization');
  const card = page.getByTestId('taxes-card');
  await card.getByTestId('tax-settings-form').waitFor();
  return card;
}

describe('taxes', () => {
  it('an admin adds, edits and archives tax rates and sets how prices are taxed; all of it stays after a reload', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const before = await apiJson<TaxSettings>(page, '/api/tax-settings');
    const made: number[] = [];
    restore = async (p) => {
      for (const id of made) await p.request.put(`/api/tax-rates/${id}`, { data: { archived: true, isDefault: false } });
      await p.request.put('/api/tax-settings', { data: { pricesIncludeTax: before.pricesIncludeTax, taxRounding: before.taxRounding } });
    };
    page.on('response', async (r) => {
      if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/tax-rates' && r.status() === 201) made.push(((await r.json()) as TaxRate).id);
    });

    const card = await openTaxes(page);
    await card.getByRole('heading', { name: 'Taxes', exact: true }).waitFor();

    // "State" 6.25 %, default. A fifth decimal is refused on the field with the contract's words, before any request.
    await card.getByRole('button', { name: 'Add tax rate' }).click();
    let dialog = dialogTitled(page, 'Add tax rate');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add tax rate' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill(STATE);
    await dialog.getByLabel('Percent').fill('6.12345');
    await dialog.getByRole('button', { name: 'Add tax rate' }).click();
    await dialog.getByText('Percent must be a number with at most 4 decimals').waitFor();
    expect(made).toEqual([]);
    await dialog.getByLabel('Percent').fill('6.25');
    await dialog.getByLabel('Default').check();
    await dialog.getByRole('button', { name: 'Add tax rate' }).click();
    await waitForToast(page, 'Tax rate created successfully');
    await dialog.waitFor({ state: 'detached' });
    await rateRow(page, STATE).waitFor();
    expect(await rateRow(page, STATE).getByTestId('tax-rate-percent').textContent()).toBe('6.25 %');
    await rateRow(page, STATE).getByText('Default', { exact: true }).waitFor();

    // "City" 2 %, not default.
    await card.getByRole('button', { name: 'Add tax rate' }).click();
    dialog = dialogTitled(page, 'Add tax rate');
    await dialog.getByLabel('Name').fill(CITY);
    await dialog.getByLabel('Percent').fill('2');
    await dialog.getByRole('button', { name: 'Add tax rate' }).click();
    await waitForToast(page, 'Tax rate created successfully');
    await rateRow(page, CITY).waitFor();
    expect(await rateRow(page, CITY).getByTestId('tax-rate-percent').textContent()).toBe('2 %');
    expect(await rateRow(page, CITY).getByText('Default', { exact: true }).count()).toBe(0);

    // Edit City: 2.5 %.
    await page.getByRole('button', { name: `Edit ${CITY}` }).click();
    dialog = dialogTitled(page, 'Edit tax rate');
    expect(await dialog.getByLabel('Name').inputValue()).toBe(CITY);
    expect(await dialog.getByLabel('Percent').inputValue()).toBe('2');
    await dialog.getByLabel('Percent').fill('2.5');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await waitForToast(page, 'Tax rate updated successfully');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => rateRow(page, CITY).getByTestId('tax-rate-percent').textContent()).toBe('2.5 %');

    // Archive City: greyed and marked, listed after the rates in use.
    await page.getByRole('button', { name: `Edit ${CITY}` }).click();
    dialog = dialogTitled(page, 'Edit tax rate');
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await waitForToast(page, `${CITY} archived`);
    await dialog.waitFor({ state: 'detached' });
    await rateRow(page, CITY).getByText('Archived', { exact: true }).waitFor();
    expect(await rateRow(page, CITY).getAttribute('data-archived')).toBe('true');

    // Pricing: prices include tax, tax rounded on each line. Save waits for a change.
    const form = card.getByTestId('tax-settings-form');
    const save = form.getByRole('button', { name: 'Save tax settings' });
    expect(await save.isDisabled()).toBe(true);
    await form.getByLabel('Prices include tax').setChecked(!before.pricesIncludeTax);
    const otherRounding = before.taxRounding === 'per_line' ? 'per_document' : 'per_line';
    await form.getByLabel(TAX_ROUNDING_LABELS[otherRounding]).check();
    const put = page.waitForResponse((r) => r.url().includes('/api/tax-settings') && r.request().method() === 'PUT');
    await save.click();
    expect((await put).status()).toBe(200);
    await waitForToast(page, 'Tax settings updated successfully');
    await expect.poll(() => save.isDisabled()).toBe(true);

    // After a reload: the rates, their badges, and both settings as saved.
    await page.reload();
    const again = page.getByTestId('taxes-card');
    await again.getByTestId('tax-settings-form').waitFor();
    expect(await rateRow(page, STATE).getByTestId('tax-rate-percent').textContent()).toBe('6.25 %');
    await rateRow(page, STATE).getByText('Default', { exact: true }).waitFor();
    expect(await rateRow(page, CITY).getByTestId('tax-rate-percent').textContent()).toBe('2.5 %');
    await rateRow(page, CITY).getByText('Archived', { exact: true }).waitFor();
    // Archived rates are listed last.
    const archived = await page.getByTestId('tax-rate-row').evaluateAll((rows) => rows.map((r) => r.hasAttribute('data-archived')));
    expect(archived).toEqual([...archived].sort((a, b) => Number(a) - Number(b)));
    expect(await again.getByLabel('Prices include tax').isChecked()).toBe(!before.pricesIncludeTax);
    expect(await again.getByLabel(TAX_ROUNDING_LABELS[otherRounding]).isChecked()).toBe(true);
    expect(await apiJson<TaxSettings>(page, '/api/tax-settings')).toMatchObject({ pricesIncludeTax: !before.pricesIncludeTax, taxRounding: otherRounding });

    // Restoring an archived rate brings it back into use.
    await page.getByRole('button', { name: `Edit ${CITY}` }).click();
    dialog = dialogTitled(page, 'Edit tax rate');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await waitForToast(page, `${CITY} restored`);
    await expect.poll(() => rateRow(page, CITY).getAttribute('data-archived')).toBeNull();
    await context.close();
  });

  it('the Taxes section fits a phone: no sideways scroll, and the add dialog stays on screen', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com', PHONE);
    const card = await openTaxes(page);
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await card.getByRole('button', { name: 'Add tax rate' }).click();
    const dialog = dialogTitled(page, 'Add tax rate');
    await dialog.getByLabel('Percent').waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('a customer marked tax exempt in the customer form shows it after a reload', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const customer = await createCustomer(page, uniqueName('Exempt Church'), `exempt-${Date.now()}@example.com`);
    expect((await apiJson<Customer>(page, `/api/customers/${customer.id}`)).taxExempt).toBe(false);

    await page.goto(`/customers?open=${customer.id}`);
    const dialog = dialogTitled(page, 'Edit Customer');
    const exempt = dialog.getByLabel('Tax exempt');
    await exempt.waitFor();
    expect(await exempt.isChecked()).toBe(false);
    await exempt.check();
    const put = page.waitForResponse((r) => r.url().endsWith(`/api/customers/${customer.id}`) && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    expect(((await (await put).json()) as Customer).taxExempt).toBe(true);
    await waitForToast(page, 'Customer updated successfully');
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(customer.name);
    const row = page.getByTestId('customer-row').filter({ hasText: customer.name });
    await expect.poll(() => page.getByTestId('customer-row').count()).toBe(1);
    await row.getByTestId('tax-exempt-badge').waitFor();
    expect(await row.getByTestId('tax-exempt-badge').textContent()).toBe('Tax exempt');
    await page.getByRole('button', { name: `Edit ${customer.name}` }).first().click();
    const reopened = dialogTitled(page, 'Edit Customer');
    await reopened.getByLabel('Tax exempt').waitFor();
    expect(await reopened.getByLabel('Tax exempt').isChecked()).toBe(true);
    expect((await apiJson<Customer>(page, `/api/customers/${customer.id}`)).taxExempt).toBe(true);
    await context.close();
  });
});
