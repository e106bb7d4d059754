// Saves PNGs of the money screens (desktop 1280 and phone 390) for a visual check: payments and the Process Payment
// dialog, payment links and the public pay page, the customer portal, payment analytics, payment processors,
// the organization's processors panel and Pay Bills: `npx tsx e2e/screenshots-money.ts`.
// Uses BASE_URL when given (a running app), else starts one like the browser tests do.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { Invoice } from '@contracts/invoices';
import type { PaymentLink } from '@contracts/payment-links';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';
import { CARD_OK } from './fixtures/money';
import { signIn } from './fixtures/sign-in';

const OUT = path.resolve(import.meta.dirname, '../screenshots');

type Viewport = { width: number; height: number };
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function shoot(page: Page, name: string, fullPage = false) {
  await page.waitForLoadState('networkidle');
  // Let dialogs, tabs and toasts finish their entry.
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  console.log(`saved screenshots/${name}.png`);
}

/** The dialog's top, and on a phone also its bottom (the dialog scrolls). */
async function shootDialog(page: Page, dialog: Locator, name: string, suffix: string) {
  await shoot(page, `${name}-${suffix}`);
  if (suffix === 'phone' && (await dialog.evaluate((el) => el.scrollHeight > el.clientHeight))) {
    await dialog.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await shoot(page, `${name}-${suffix}-bottom`);
  }
}

/** Escape closes the topmost layer first: an open toast, then the dialog. */
async function closeDialog(page: Page, dialog: Locator) {
  for (let i = 0; i < 3 && (await dialog.count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 1_000 }).catch(() => undefined);
  }
}

/** Signs in once per user and reuses the session for every viewport (sending codes is rate limited). */
function sessions(browser: Browser, baseURL: string) {
  const states = new Map<string, StorageState>();
  return async (email: string, viewport: Viewport) => {
    const context = await browser.newContext({ baseURL, viewport, storageState: states.get(email) });
    const page = await context.newPage();
    if (!states.has(email)) {
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

/** A customer of its own and a sent invoice with two lines, so the screenshots pay nothing seeded. */
async function invoiceToPay(page: Page, label: string): Promise<Invoice> {
  const customer = await postJson<{ id: number }>(page, '/api/customers', { name: `Jordan Rivera ${label}`, email: `jordan-${label}-${Date.now()}@example.com` });
  const dueDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  return postJson<Invoice>(page, '/api/invoices', {
    customerId: customer.id,
    status: 'sent',
    dueDate,
    lineItems: [
      { description: 'Furnace tune-up and safety inspection', quantity: 1, rate: '149.00' },
      { description: 'Pleated air filter, 16x25x1', quantity: 2, rate: '20.00' },
    ],
  });
}

async function paymentsAt(page: Page, suffix: string) {
  await page.goto('/payments');
  await page.getByTestId(suffix === 'phone' ? 'payment-card' : 'payment-row').first().waitFor();
  await shoot(page, `money-payments-${suffix}`);

  await page.getByRole('button', { name: 'Record Payment' }).click();
  const record = page.getByRole('dialog');
  await record.getByLabel('Invoice').locator('option').nth(1).waitFor({ state: 'attached' });
  await record.getByLabel('Invoice').selectOption({ index: 1 });
  await shootDialog(page, record, 'money-record-payment', suffix);
  await closeDialog(page, record);

  await page.getByRole('button', { name: 'Process Payment' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.locator('#process-amount-error').waitFor();
  await shootDialog(page, dialog, 'money-process-payment-errors', suffix);
  await dialog.getByRole('tab', { name: 'Bank Transfer' }).click();
  await dialog.getByLabel('Amount').fill('58.20');
  await dialog.getByLabel('Customer Name').fill('Walk-in customer');
  await dialog.getByLabel('Description').fill('Water heater flush');
  await dialog.getByLabel('Routing Number').fill('12345678');
  await dialog.getByLabel('Account Number').fill('000123456789');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.locator('#process-routing-error').waitFor();
  await shootDialog(page, dialog, 'money-process-payment-bank-error', suffix);
  await dialog.getByRole('tab', { name: 'Credit Card' }).click();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByTestId('pay-with-intent').getByLabel('Card number').fill(CARD_OK);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await shootDialog(page, dialog, 'money-process-payment-pay-step', suffix);
  await closeDialog(page, dialog);
}

async function paymentLinksAt(page: Page, suffix: string, invoice: Invoice) {
  await page.goto('/payment-links');
  const picker = page.getByLabel('Select Invoice');
  await picker.locator(`option[value="${invoice.id}"]`).waitFor({ state: 'attached' });
  await picker.selectOption(String(invoice.id));
  await page.getByRole('button', { name: 'Generate Payment Link' }).click();
  await page.getByTestId('invoice-link-result').waitFor();
  await page.getByTestId(suffix === 'phone' ? 'payment-link-card' : 'payment-link-row').first().waitFor();
  await shoot(page, `money-payment-links-${suffix}`);
  await shoot(page, `money-payment-links-${suffix}-full`, true);
  return page.getByLabel('Invoice payment link').inputValue();
}

/** The public page, signed out: the invoice, the card step, then paid; `reopen` shows a paid link again. */
async function payPageAt(browser: Browser, baseURL: string, viewport: Viewport, suffix: string, url: string, reopen: string | null) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByTestId('invoice-summary').waitFor();
  await shoot(page, `money-pay-page-${suffix}`, true);
  await page.getByRole('tab', { name: 'Bank transfer' }).click();
  await page.getByLabel('Routing number').fill('1234');
  await page.getByRole('button', { name: /^Continue to Pay/ }).click();
  await page.locator('#pay-routing-error').waitFor();
  await shoot(page, `money-pay-page-bank-error-${suffix}`, true);
  await page.getByRole('tab', { name: 'Card' }).click();
  await page.getByRole('button', { name: /^Continue to Pay/ }).click();
  await page.getByRole('heading', { name: 'Card Details' }).waitFor();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
  await shoot(page, `money-pay-page-declined-${suffix}`, true);
  await page.getByLabel('Card number').fill(CARD_OK);
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.getByTestId('payment-succeeded').waitFor();
  await shoot(page, `money-pay-page-paid-${suffix}`);
  if (reopen) {
    await page.goto(reopen);
    await page.getByTestId('link-completed').waitFor();
    await shoot(page, `money-pay-page-already-paid-${suffix}`);
  }
  await page.goto('/payment/no-such-link-000000');
  await page.getByTestId('link-not-found').waitFor();
  await shoot(page, `money-pay-page-not-found-${suffix}`);
  await context.close();
}

async function genericPayPage(browser: Browser, baseURL: string, url: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByLabel('Amount').waitFor();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.locator('#pay-amount-error').waitFor();
  await shoot(page, 'money-pay-page-generic-errors-phone', true);
  await context.close();
}

async function portalAt(page: Page, suffix: string) {
  await page.goto('/customer-portal');
  await page.getByTestId('portal-greeting').waitFor();
  await shoot(page, `money-customer-portal-${suffix}`);
  await shoot(page, `money-customer-portal-${suffix}-full`, true);
  const pay = page.getByRole('button', { name: /^Pay invoice / }).filter({ visible: true }).first();
  if ((await pay.count()) === 0) {
    console.log('no sent invoice in the portal: Pay Invoice dialog not shot');
    return;
  }
  await pay.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('pay-with-intent').waitFor();
  await shootDialog(page, dialog, 'money-customer-portal-pay', suffix);
  await closeDialog(page, dialog);
}

async function analyticsAt(page: Page, suffix: string) {
  await page.goto('/payment-analytics');
  await page.getByTestId('outstanding-balance-value').waitFor();
  await page.getByTestId('aging-current').waitFor();
  await shoot(page, `money-analytics-aging-${suffix}`, true);
  await page.getByRole('tab', { name: 'Payment Links' }).click();
  await page.getByTestId('payment-links-loading').waitFor({ state: 'detached' });
  await shoot(page, `money-analytics-links-${suffix}`, true);
  await page.getByRole('tab', { name: 'Customer Analysis' }).click();
  await page.getByText('Payment Preferences').waitFor();
  await shoot(page, `money-analytics-customers-${suffix}`, true);
}

async function processorsAt(page: Page, suffix: string) {
  await page.goto('/payment-processors');
  const select = page.getByLabel('Organization');
  await select.locator('option').nth(1).waitFor({ state: 'attached' });
  await shoot(page, `money-payment-processors-none-${suffix}`);
  const value = await select.locator('option', { hasText: 'Demo Home Services' }).getAttribute('value');
  await select.selectOption(value!);
  await page.getByRole('button', { name: 'Add Processor' }).waitFor();
  await page.getByTestId('processors-loading').waitFor({ state: 'detached' });
  await shoot(page, `money-payment-processors-${suffix}`, true);
  await page.getByRole('button', { name: 'Add Processor' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await shootDialog(page, dialog, 'money-payment-processor-dialog', suffix);
  await closeDialog(page, dialog);
}

async function organizationAt(page: Page, suffix: string) {
  await page.goto('/organization');
  await page.getByRole('button', { name: 'Manage', exact: true }).click();
  await page.getByRole('button', { name: 'Hide', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Add Processor' }).waitFor();
  await page.getByTestId('processors-loading').waitFor({ state: 'detached' });
  await shoot(page, `money-organization-processors-${suffix}`, true);
}

/** Pay Bills is still being built by someone else: a failure here is reported, not fatal. */
async function vendorsAt(page: Page, suffix: string) {
  try {
    await page.goto('/vendors');
    await page.getByTestId('vendors-panel').waitFor({ timeout: 10_000 });
    await page.getByTestId('vendors-panel-loading').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    await page.getByTestId('vendor-payments-panel').waitFor({ timeout: 10_000 });
    await shoot(page, `money-vendors-${suffix}`);
    await shoot(page, `money-vendors-${suffix}-full`, true);
  } catch (error) {
    console.log(`vendors (${suffix}) not shot: ${(error as Error).message.split('\n')[0]}`);
    await shoot(page, `money-vendors-${suffix}-failed`).catch(() => undefined);
  }
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const session = sessions(browser, baseURL);
  try {
    const links: string[] = [];
    for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const { context, page } = await session('admin@example.com', viewport);
      await paymentsAt(page, suffix);
      links.push(await paymentLinksAt(page, suffix, await invoiceToPay(page, suffix)));
      await analyticsAt(page, suffix);
      await organizationAt(page, suffix);
      await context.close();
    }
    await payPageAt(browser, baseURL, DESKTOP, 'desktop', links[0], null);
    await payPageAt(browser, baseURL, PHONE, 'phone', links[1], links[0]);

    {
      const { context, page } = await session('admin@example.com', PHONE);
      const me = (await (await page.request.get('/api/auth/me')).json()) as { organizationId: number };
      const generic = await postJson<PaymentLink>(page, '/api/generic-payment-links', { organizationId: me.organizationId });
      await context.close();
      await genericPayPage(browser, baseURL, generic.paymentUrl);
    }

    for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const { context, page } = await session('customer@example.com', viewport);
      await portalAt(page, suffix);
      await context.close();
    }

    for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const { context, page } = await session('super@example.com', viewport);
      await processorsAt(page, suffix);
      await context.close();
    }

    // Last: Pay Bills is still in progress.
    for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const { context, page } = await session('admin@example.com', viewport);
      await vendorsAt(page, suffix);
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
