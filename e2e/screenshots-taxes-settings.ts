// Saves PNGs of the organization screen's Taxes section (desktop 1280 and phone 390) for a visual check: the rates
// with Default and Archived, the pricing settings, the add-rate dialog empty and with a field error, the edit dialog
// with Archive, and a tax-exempt customer's badge and checkbox: `npx tsx e2e/screenshots-taxes-settings.ts` (into
// /tmp/shots-taxes, or OUT_DIR). Uses BASE_URL when given (a running app), else starts one with fresh demo data.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Locator, type Page } from 'playwright-core';
import type { Customer } from '@contracts/customers';
import { TAX_ROUNDING_LABELS, type TaxRate, type TaxSettings } from '@contracts/tax-rates';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';
import { signIn } from './fixtures/sign-in';

const OUT = process.env.OUT_DIR ?? '/tmp/shots-taxes';

async function shoot(page: Page, name: string, fullPage = false) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  console.log(`saved ${path.join(OUT, `${name}.png`)}`);
}

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

/**
 * One element whole: on a phone the card is taller than the screen, so the window grows to hold it, and the top bar
 * and bottom menu, which stay on screen, are hidden for the shot instead of covering its ends.
 */
async function shootElement(page: Page, locator: Locator, name: string) {
  const viewport = page.viewportSize()!;
  const box = await locator.boundingBox();
  if (box && box.height + 200 > viewport.height) await page.setViewportSize({ width: viewport.width, height: Math.ceil(box.height) + 400 });
  await locator.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await locator.screenshot({ path: path.join(OUT, `${name}.png`), style: 'header, .fixed.bottom-0 { visibility: hidden !important; }' });
  console.log(`saved ${path.join(OUT, `${name}.png`)}`);
  await page.setViewportSize(viewport);
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

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    let state: Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>> | undefined;
    for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const context = await browser.newContext({ baseURL, viewport, storageState: state });
      const page = await context.newPage();
      if (!state) {
        await signIn(page, baseURL, 'admin@example.com');
        state = await context.storageState();
        await seedRates(page);
      }
      await taxesAt(page, suffix);
      await exemptCustomerAt(page, suffix);
      await context.close();
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
