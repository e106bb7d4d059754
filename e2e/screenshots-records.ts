// Saves PNGs of the customers, dashboard and top bar search screens: `npx tsx e2e/screenshots-records.ts`.
// Uses BASE_URL when given (a running app), else starts one like the browser tests do.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { signIn } from './fixtures/sign-in';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';

const OUT = path.resolve(import.meta.dirname, '../screenshots');

async function shoot(page: Page, name: string, fullPage = false) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  console.log(`saved screenshots/${name}.png`);
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs in once per user and reuses the session for every viewport (sending codes is rate limited). */
async function sessions(browser: Browser, baseURL: string) {
  const states = new Map<string, StorageState>();
  return async (email: string, viewport: { width: number; height: number }) => {
    const context = await browser.newContext({ baseURL, viewport, storageState: states.get(email) });
    const page = await context.newPage();
    if (!states.has(email)) {
      await signIn(page, baseURL, email);
      states.set(email, await context.storageState());
    }
    return { context, page };
  };
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const session = await sessions(browser, baseURL);
  try {
    for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const { context, page } = await session('admin@example.com', viewport);
      await page.goto('/');
      await page.getByTestId('stat-total-customers').waitFor();
      await shoot(page, `dashboard-records-${suffix}`, true);

      await page.goto('/customers');
      await page.getByTestId(suffix === 'desktop' ? 'customer-row' : 'customer-card').first().waitFor();
      await shoot(page, `customers-${suffix}`);

      await page.getByRole('button', { name: 'New Customer' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name', { exact: true }).fill('Jordan Rivera');
      await dialog.getByLabel('Phone').fill('5553331234');
      await dialog.getByLabel('ZIP').fill('62701');
      await page.waitForFunction(() => (document.querySelector('input[name="city"]') as HTMLInputElement | null)?.value === 'Springfield');
      await shoot(page, `customer-dialog-${suffix}`);
      await page.keyboard.press('Escape');

      await page.goto('/');
      const box = page.getByRole('combobox', { name: 'Search' });
      await page.getByTestId('page-title').waitFor();
      if (!(await box.isVisible())) await page.getByRole('button', { name: 'Open search' }).click();
      await box.fill('Grace');
      await page.getByRole('group', { name: 'Customers' }).getByRole('option').first().waitFor();
      await box.press('ArrowDown');
      await shoot(page, `search-dropdown-${suffix}`);
      await context.close();
    }

    {
      const { context, page } = await session('admin@brightsmiles.example', DESKTOP);
      await page.goto('/customers');
      await page.getByTestId('customer-row').first().waitFor();
      await page.getByRole('button', { name: 'New Patient' }).click();
      await page.getByRole('dialog').getByLabel('Name', { exact: true }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Add Patient' }).click();
      await page.getByText('Name is required').waitFor();
      await shoot(page, 'customer-dialog-healthcare-errors');
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
