// Saves PNGs of invoices paid in installments (desktop 1280 and phone 390) for a visual check: the payment plan form
// with its live preview (adding up, and not), the plan's installments with the first paid and the next highlighted,
// the plan line in the invoice's dialog, the portal's invoice row and Pay Now's amount, and the pay link's page:
// `npx tsx e2e/screenshots-installments.ts` (into /tmp/installment-shots, or OUT_DIR). Uses BASE_URL when given
// (a running app), else starts one.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Invoice } from '@contracts/invoices';
import type { PaymentLink } from '@contracts/payment-links';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';
import { signIn } from './fixtures/sign-in';

const OUT = process.env.OUT_DIR ?? '/tmp/installment-shots';

async function shoot(page: Page, name: string, fullPage = false) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  console.log(`saved ${path.join(OUT, `${name}.png`)}`);
}

async function postJson<T>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.post(url, { data });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function sentInvoice(page: Page, label: string): Promise<Invoice> {
  const customer = await postJson<{ id: number }>(page, '/api/customers', { name: `Morgan Ellis ${label}`, email: `morgan-plan-${label}-${Date.now()}@example.com` });
  const dueDate = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  return postJson<Invoice>(page, '/api/invoices', {
    customerId: customer.id,
    status: 'sent',
    dueDate,
    lineItems: [
      { description: 'Boiler replacement, 30 kW combi', quantity: 1, rate: '880.00' },
      { description: 'Flue and controls', quantity: 1, rate: '120.00' },
    ],
  });
}

async function openPlan(page: Page, invoice: Invoice) {
  await page.goto(`/invoices?q=${invoice.invoiceNumber}`);
  await page.getByRole('button', { name: `Actions for ${invoice.invoiceNumber}` }).first().click();
  await page.getByRole('menuitem', { name: 'Payment plan…' }).click();
  const dialog = page.getByTestId('payment-plan-dialog');
  await dialog.getByRole('heading', { name: `Payment plan for ${invoice.invoiceNumber}` }).waitFor();
  return dialog;
}

async function installmentsAt(browser: Browser, page: Page, baseURL: string, suffix: string, viewport: { width: number; height: number }) {
  const invoice = await sentInvoice(page, suffix);
  // The plan's installments: a table on a wide screen, cards on a phone.
  const installment = suffix === 'phone' ? 'installment-card' : 'installment-row';

  // The form: 4 monthly installments proposed, then one amount edited so they no longer add up.
  const dialog = await openPlan(page, invoice);
  await dialog.getByLabel('Installments', { exact: true }).fill('4');
  await dialog.getByLabel('Installment 4 amount').waitFor();
  await dialog.getByLabel('Installments', { exact: true }).fill('3');
  await shoot(page, `plan-form-${suffix}`);
  await dialog.getByLabel('Installment 3 amount').fill('300.00');
  await dialog.getByLabel('Installment 2 due date').fill(await dialog.getByLabel('Installment 1 due date').inputValue());
  await shoot(page, `plan-form-short-${suffix}`);
  await dialog.getByLabel('Installment 3 amount').fill('333.33');
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await dialog.getByText('Each due date must come after the one before').waitFor();
  await shoot(page, `plan-form-date-error-${suffix}`);
  await dialog.getByRole('button', { name: 'Split evenly again' }).click();
  await dialog.getByRole('button', { name: 'Create plan' }).click();
  await dialog.getByTestId(installment).first().waitFor();

  // The first installment paid by card through the test gateway, as the pay link would.
  const intent = await postJson<{ clientSecret: string }>(page, '/api/create-payment-intent', { invoiceId: invoice.id, amount: '333.34', paymentType: 'card' });
  await postJson(page, '/api/payment-intents/confirm', { clientSecret: intent.clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } });
  const table = await openPlan(page, invoice);
  await table.getByTestId(installment).first().waitFor();
  await shoot(page, `plan-table-${suffix}`);
  await table.getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByRole('alertdialog').waitFor();
  await shoot(page, `plan-cancel-confirm-${suffix}`);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Keep plan' }).click();
  await page.keyboard.press('Escape');

  // The plan line in the invoice's dialog.
  await page.getByRole('button', { name: invoice.invoiceNumber, exact: true }).first().click();
  const line = page.getByTestId('invoice-payment-plan');
  await line.scrollIntoViewIfNeeded();
  await shoot(page, `invoice-plan-line-${suffix}`);
  await page.keyboard.press('Escape');

  // The portal (staff preview): the installment under the invoice, and Pay Now's amount.
  await page.goto(`/customer-portal?customer=${invoice.customerId}`);
  const row = page.getByTestId(suffix === 'phone' ? 'portal-invoice-card' : 'portal-invoice-row').filter({ hasText: invoice.invoiceNumber });
  await row.scrollIntoViewIfNeeded();
  await shoot(page, `portal-invoice-row-${suffix}`);
  await row.getByRole('button', { name: /Pay Now/ }).click();
  await page.getByTestId('pay-invoice-dialog').getByLabel('Amount', { exact: true }).waitFor();
  await shoot(page, `portal-pay-amount-${suffix}`);
  await page.keyboard.press('Escape');

  // The pay link's page, signed out.
  const link = await postJson<PaymentLink>(page, `/api/invoices/${invoice.id}/payment-link`, {});
  const payer = await browser.newContext({ baseURL, viewport });
  const pay = await payer.newPage();
  await pay.goto(link.paymentUrl);
  await pay.getByTestId('installment-due').waitFor();
  await shoot(pay, `pay-page-installment-${suffix}`, true);
  await payer.close();
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
      }
      await installmentsAt(browser, page, baseURL, suffix, viewport);
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
