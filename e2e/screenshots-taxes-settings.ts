// Saves PNGs of the organization screen's Taxes section (desktop 1280 and phone 390) for a visual check: the rates
// with Default and Archived, the pricing settings, the add-rate dialog empty and with a field error, the edit dialog
// with Archive, and a tax-exempt customer's badge and checkbox: `npx tsx e2e/screenshots-taxes-settings.ts` (into
// /tmp/shots-taxes, or OUT_DIR). Uses BASE_URL when given (a running app), else starts one with fresh demo data.
import { type Locator, type Page } from 'playwright-core';
import type { Customer } from '@contracts/customers';
import { TAX_ROUNDING_LABELS, type TaxRate, type TaxSettings } from '@contracts/tax-rates';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';

let shots: ShotRun;
const shoot = (page: Page, name: string, fullPage = false) => shots.shoot(page, name, fullPage);
const shootElement = (page: Page, locator: Locator, name: string) => shots.shootElement(page, locator, name);

async function send<T>(page: Page, method: 'post' | 'put', url: string, data: unknown): Promise<T> {
  const response = await page.request[method](url, { data });
  if (!response.ok()) throw new Error(`${method.toUpperCase()} ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** State (default), City, NYC and an archived County, unless the demo data already has rates of its own. */
async function seedRates(page: Page) {
  const settings = (await (await page.request.get('/api/tax-settings')).json()) as TaxSettings;
  if (settings.rates.length > 0) return;
  await send<TaxRate>(page, 'post', '/api/tax-rates', { name: 'State', percent: '6.25', isDefault: true });
  await send<TaxRate>(page, 'post', '/api/tax-rates', { name: 'City', percent: '2' });
  await send<TaxRate>(page, 'post', '/api/tax-rates', { name: 'NYC', percent: '8.875' });
  const county = await send<TaxRate>(page, 'post', '/api/tax-rates', { name: 'County (until 2024)', percent: '0.5' });
  await send<TaxRate>(page, 'put', `/api/tax-rates/${county.id}`, { archived: true });
}

async function taxesAt(page: Page, suffix: string) {
  await page.goto('/organization');
  const card = page.getByTestId('taxes-card');
  await card.getByTestId('tax-settings-form').waitFor();
  await shootElement(page, card, `taxes-card-${suffix}`);
  await card.scrollIntoViewIfNeeded();
  await shoot(page, `taxes-screen-${suffix}`);
  // Centred: "in view" alone can leave it under the phone's bottom menu.
  await card.getByRole('button', { name: 'Save tax settings' }).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shoot(page, `taxes-screen-save-${suffix}`);

  // A changed setting: Save comes alive.
  await card.getByLabel('Prices include tax').check();
  await card.getByLabel(TAX_ROUNDING_LABELS.per_line).check();
  await shootElement(page, card.getByTestId('tax-settings-form'), `taxes-settings-changed-${suffix}`);
  await card.getByLabel('Prices include tax').uncheck();
  await card.getByLabel(TAX_ROUNDING_LABELS.per_document).check();

  await card.getByRole('button', { name: 'Add tax rate' }).click();
  const dialog = page.getByTestId('tax-rate-dialog');
  await dialog.getByLabel('Percent').waitFor();
  await shoot(page, `add-rate-dialog-${suffix}`);
  await dialog.getByLabel('Name').fill('Transit district');
  await dialog.getByLabel('Percent').fill('0.12345');
  await dialog.getByRole('button', { name: 'Add tax rate' }).click();
  await dialog.getByText('Percent must be a number with at most 4 decimals').waitFor();
  await shoot(page, `add-rate-dialog-error-${suffix}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'Edit State' }).click();
  await dialog.getByLabel('Percent').waitFor();
  await shoot(page, `edit-rate-dialog-${suffix}`);
  await page.keyboard.press('Escape');
}

/** A tax-exempt customer: the badge in the customers list, and the checkbox in the customer form. */
async function exemptCustomerAt(page: Page, suffix: string) {
  const name = `St. Mary's Parish ${suffix}`;
  const customer = await send<Customer>(page, 'post', '/api/customers', { name, email: `parish-${suffix}-${Date.now()}@example.com`, taxExempt: true });
  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(name);
  await page.getByTestId(suffix === 'phone' ? 'customer-card' : 'customer-row').filter({ hasText: name }).getByTestId('tax-exempt-badge').waitFor();
  await shoot(page, `customer-exempt-list-${suffix}`);
  await page.goto(`/customers?open=${customer.id}`);
  const exempt = page.getByTestId('customer-dialog').getByLabel('Tax exempt');
  await exempt.waitFor();
  await exempt.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shoot(page, `customer-exempt-form-${suffix}`);
  await page.keyboard.press('Escape');
}

runScreenshots('/tmp/shots-taxes', async (run) => {
  shots = run;
  await run.atBothWidths(async (page, suffix, _viewport, first) => {
    if (first) await seedRates(page);
    await taxesAt(page, suffix);
    await exemptCustomerAt(page, suffix);
  });
});
