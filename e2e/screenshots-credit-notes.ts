// Saves PNGs of the invoice corrections (desktop 1280 and phone 390) for a visual check: a sent invoice's locked form,
// the credit note dialog and its issued step, the void dialog and the list with a void invoice, the refund dialog,
// the payments list with a refund and the portal's credit notes:
// `npx tsx e2e/screenshots-credit-notes.ts`. Uses BASE_URL when given (a running app), else starts one.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type { Invoice } from '@contracts/invoices';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';
import { signIn } from './fixtures/sign-in';

const OUT = path.resolve(import.meta.dirname, '../screenshots');

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`saved screenshots/${name}.png`);
}

async function postJson<T>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.post(url, { data });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function sentInvoice(page: Page, label: string): Promise<Invoice> {
  const customer = await postJson<{ id: number }>(page, '/api/customers', { name: `Jordan Rivera ${label}`, email: `jordan-cn-${label}-${Date.now()}@example.com` });
  const dueDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  return postJson<Invoice>(page, '/api/invoices', {
    customerId: customer.id,
    status: 'sent',
    dueDate,
    lineItems: [
      { description: 'Water heater replacement, 50 gal', quantity: 1, rate: '1280.00' },
      { description: 'Expansion tank', quantity: 1, rate: '89.50' },
    ],
  });
}

async function correctionsAt(page: Page, suffix: string) {
  const invoice = await sentInvoice(page, suffix);
  await page.goto(`/invoices?q=${invoice.invoiceNumber}`);
  await page.getByRole('button', { name: invoice.invoiceNumber, exact: true }).first().click();
  await page.getByText('Amounts are locked').waitFor();
  await shoot(page, `invoice-locked-${suffix}`);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `Actions for ${invoice.invoiceNumber}` }).first().click();
  await shoot(page, `invoice-actions-${suffix}`);
  await page.getByRole('menuitem', { name: 'Issue credit note' }).click();
  const dialog = page.getByTestId('credit-note-dialog');
  await dialog.getByLabel('Reason').fill('Expansion tank was not needed');
  await dialog.getByLabel('Line 1 description').fill('Expansion tank returned');
  await dialog.getByLabel('Line 1 rate').fill('89.50');
  await shoot(page, `credit-note-dialog-${suffix}`);
  await dialog.getByRole('button', { name: 'Issue credit note' }).click();
  await dialog.getByRole('heading', { name: /issued$/ }).waitFor();
  await shoot(page, `credit-note-issued-${suffix}`);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: invoice.invoiceNumber, exact: true }).first().click();
  const notes = page.getByTestId('invoice-credit-note').first();
  await notes.scrollIntoViewIfNeeded();
  await shoot(page, `invoice-credited-${suffix}`);
  await page.keyboard.press('Escape');
  await page.goto(`/customer-portal?customer=${invoice.customerId}`);
  await page.getByTestId('portal-credit-note').first().scrollIntoViewIfNeeded();
  await shoot(page, `portal-credit-notes-${suffix}`);

  const other = await sentInvoice(page, `${suffix}-void`);
  await page.goto(`/invoices?q=${other.invoiceNumber}`);
  await page.getByRole('button', { name: `Actions for ${other.invoiceNumber}` }).first().click();
  await page.getByRole('menuitem', { name: /^Void / }).click();
  await page.getByTestId('void-invoice-dialog').getByLabel('Reason').fill('Entered twice');
  await shoot(page, `invoice-void-dialog-${suffix}`);
  await page.getByTestId('void-invoice-dialog').getByRole('button', { name: /^Void / }).click();
  await page.getByTestId('void-invoice-dialog').waitFor({ state: 'detached' });
  await page.goto('/invoices?q=Jordan%20Rivera');
  await shoot(page, `invoices-with-void-${suffix}`);
}

async function refundsAt(page: Page, suffix: string) {
  const invoice = await sentInvoice(page, `${suffix}-refund`);
  const intent = await postJson<{ clientSecret: string }>(page, '/api/create-payment-intent', { invoiceId: invoice.id, amount: invoice.total, paymentType: 'card' });
  await postJson(page, '/api/payment-intents/confirm', { clientSecret: intent.clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } });
  await page.goto(`/payments?q=${invoice.invoiceNumber}`);
  await page.getByRole('button', { name: /^Refund payment of/ }).first().click();
  const dialog = page.getByTestId('refund-dialog');
  await dialog.getByLabel('Amount').fill('89.50');
  await dialog.getByLabel('Reason').fill('Expansion tank returned');
  await shoot(page, `refund-dialog-${suffix}`);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.goto(`/payments?q=${invoice.invoiceNumber}`);
  await shoot(page, `payments-with-refund-${suffix}`);
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
      await correctionsAt(page, suffix);
      await refundsAt(page, suffix);
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
