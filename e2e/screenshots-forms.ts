// Saves PNGs of the forms moved to react-hook-form and the super user's pickers (ADR 015) at 1440x900 and 390x844,
// per role that can open them, into screenshots/forms/: `npx tsx e2e/screenshots-forms.ts` (under the build lock).
// Uses BASE_URL when given (a running app), else starts one like the browser tests do.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { CurrentUser } from '@contracts/auth';
import type { Invoice } from '@contracts/invoices';
import type { PaymentLink } from '@contracts/payment-links';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { CHROMIUM_ARGS } from './fixtures/browser-config';
import { signIn } from './fixtures/sign-in';

const OUT = path.resolve(import.meta.dirname, '../screenshots/forms');
const VIEWPORTS = [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;
type Viewport = (typeof VIEWPORTS)[number][1];
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`saved screenshots/forms/${name}.png`);
}

function sessions(browser: Browser, baseURL: string) {
  const states = new Map<string, StorageState>();
  return async (email: string | null, viewport: Viewport) => {
    const context = await browser.newContext({ baseURL, viewport, storageState: email ? states.get(email) : undefined });
    const page = await context.newPage();
    if (email && !states.has(email)) {
      await signIn(page, baseURL, email);
      states.set(email, await context.storageState());
    }
    return { context, page };
  };
}

async function postJson<T>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.post(url, { data });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

const dialogTitled = (page: Page, title: RegExp): Locator => page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

async function processPayment(page: Page, name: string) {
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Process Payment' }).click();
  const dialog = dialogTitled(page, /^Process Payment$/);
  await dialog.getByLabel('Amount').waitFor();
  await shoot(page, `${name}-process-details`);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await shoot(page, `${name}-process-errors`);
  await dialog.getByLabel('Amount').fill('42.00');
  await dialog.getByLabel('Customer Name').fill('Walk-in Jordan');
  await dialog.getByLabel('Description').fill('Filter replacement');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Expiry (MM/YY)').pressSequentially('0');
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await shoot(page, `${name}-process-card`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Record Payment' }).click();
  const record = dialogTitled(page, /^Record Payment$/);
  await record.getByRole('button', { name: 'Record Payment' }).click();
  await shoot(page, `${name}-record-payment`);
  await page.keyboard.press('Escape');
}

async function messaging(page: Page, name: string) {
  await page.goto('/messaging');
  await page.getByRole('button', { name: 'New Message' }).first().click();
  const dialog = dialogTitled(page, /^New Message$/);
  await dialog.getByLabel('Content').waitFor();
  await shoot(page, `${name}-new-message`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  const templates = page.getByRole('tab', { name: /Templates/ });
  if (await templates.count()) await templates.click();
  const add = page.getByRole('button', { name: 'Add Template' });
  if (await add.count()) {
    await add.first().click();
    const template = dialogTitled(page, /^Add Template$/);
    await template.getByRole('button', { name: 'Add Template' }).click();
    await shoot(page, `${name}-template`);
    await page.keyboard.press('Escape');
  }
}

async function workOrderPicker(page: Page, name: string, organization: string | null) {
  await page.goto('/work-orders');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = dialogTitled(page, /^Create /);
  const picker = dialog.getByRole('combobox', { name: 'Customer' });
  await picker.waitFor();
  if (organization) {
    await shoot(page, `${name}-work-order-no-organization`);
    await dialog.getByLabel('Organization').selectOption({ label: organization });
  }
  await picker.click();
  await dialog.getByRole('listbox', { name: 'Customers' }).getByRole('option').first().waitFor();
  await shoot(page, `${name}-work-order-picker`);
  await page.keyboard.press('Escape');
}

/** One screen's shots; a screen a role cannot reach is reported and the rest still run. */
async function attempt(name: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    console.log(`skipped ${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const session = sessions(browser, baseURL);
  try {
    let genericUrl = '';
    let invoiceNumber = '';
    {
      const { context, page } = await session('admin@example.com', VIEWPORTS[0][1]);
      const me = (await (await page.request.get('/api/auth/me')).json()) as CurrentUser;
      genericUrl = (await postJson<PaymentLink>(page, '/api/generic-payment-links', { organizationId: me.organizationId })).paymentUrl;
      const casey = (await (await page.request.get('/api/customers?q=Casey%20Customer')).json()) as { id: number }[];
      const invoice = await postJson<Invoice>(page, '/api/invoices', { customerId: casey[0].id, status: 'sent', lineItems: [{ description: 'Drain cleaning', quantity: 1, rate: '120.00' }] });
      invoiceNumber = invoice.invoiceNumber;
      await context.close();
    }
    for (const [suffix, viewport] of VIEWPORTS) {
      for (const [role, email] of [['admin', 'admin@example.com'], ['super', 'super@example.com']] as const) {
        const { context, page } = await session(email, viewport);
        await attempt(`${role}-${suffix} payments`, () => processPayment(page, `${role}-${suffix}`));
        await context.close();
      }
      for (const [role, email] of [['admin', 'admin@example.com'], ['manager', 'manager@example.com'], ['super', 'super@example.com']] as const) {
        const { context, page } = await session(email, viewport);
        await attempt(`${role}-${suffix} messaging`, () => messaging(page, `${role}-${suffix}`));
        await attempt(`${role}-${suffix} work order`, () => workOrderPicker(page, `${role}-${suffix}`, role === 'super' ? 'Demo Home Services' : null));
        await context.close();
      }
      {
        const { context, page } = await session(null, viewport);
        await page.goto(genericUrl);
        await page.getByLabel('Amount').waitFor();
        await shoot(page, `visitor-${suffix}-pay-page-details`);
        await page.getByLabel('Amount').fill('25.00');
        await page.getByLabel('Your name').fill('Visitor Vic');
        await page.getByLabel('Description').fill('Deposit');
        await page.getByRole('button', { name: 'Continue to Payment' }).click();
        await page.getByTestId('pay-with-intent').waitFor();
        await page.getByTestId('pay-with-intent').scrollIntoViewIfNeeded();
        await shoot(page, `visitor-${suffix}-pay-page-card`);
        await context.close();
      }
      {
        const { context, page } = await session('customer@example.com', viewport);
        await page.goto('/customer-portal');
        await page.getByRole('button', { name: `Pay invoice ${invoiceNumber}` }).click();
        const pay = dialogTitled(page, /^Pay Invoice$/);
        await pay.getByLabel('Expiry (MM/YY)').pressSequentially('1230');
        await shoot(page, `customer-${suffix}-pay-invoice`);
        await pay.getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('button', { name: 'Add Payment Method' }).first().click();
        const add = dialogTitled(page, /^Add Payment Method$/);
        await add.getByLabel('Card number').waitFor();
        await add.getByRole('button', { name: 'Save Card' }).click();
        await shoot(page, `customer-${suffix}-add-payment-method`);
        await context.close();
      }
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
