// Saves PNGs of the customer's quote page (desktop 1280 and phone 390) for a visual check: a quote with optional
// items before answering, the form's messages, an optional item ticked with the name typed and the signature drawn,
// the approval, and a declined quote; a quote asking for a deposit before approval, its pay section (card, bank
// transfer, a declined card) and once paid: `npx tsx e2e/screenshots-quote-approval.ts`. Uses BASE_URL when given (a
// running app), else starts one; the PNGs go to OUT_DIR (default /tmp/quote-shots).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';
import { drawSignatureWithMouse, drawSignatureWithTouch, fillTestCard, sendQuoteForApproval } from './fixtures/quotes';
import { signIn } from './fixtures/sign-in';

const OUT = path.resolve(process.env.OUT_DIR ?? '/tmp/quote-shots');

async function shoot(page: Page, name: string, fullPage = true) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  // One image pixel per CSS pixel, whatever the device's pixel ratio.
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage, scale: 'css' });
  console.log(`saved ${path.join(OUT, `${name}.png`)}`);
}

async function newQuote(staff: Page, label: string) {
  const customer = await staff.request.post('/api/customers', { data: { name: `Jordan Rivera ${label}`, email: `jordan-quote-${label}-${Date.now()}@example.com` } });
  if (!customer.ok()) throw new Error(`POST /api/customers answered ${customer.status()}: ${await customer.text()}`);
  return sendQuoteForApproval(staff, ((await customer.json()) as { id: number }).id, {
    title: 'Gutter replacement and downspouts',
    description: 'Replace the front and back gutters (about 120 ft) with 6" seamless aluminium.\nHaul away the old gutters.',
    terms: '50% deposit on approval, balance on completion.\nPrices valid for 30 days.',
    tax: '36.30',
    lineItems: [
      { description: 'Seamless aluminium gutter, 6" (per 10 ft)', quantity: 12, rate: '33.33' },
      { description: 'Downspout, 3x4, with elbows and straps', quantity: 4, rate: '85.00' },
      { description: 'Gutter guards, micro-mesh, whole house', quantity: 1, rate: '420.00', optional: true },
      { description: 'Annual gutter cleaning plan', quantity: 1, rate: '149.00', optional: true },
    ],
  });
}

async function quoteAt(browser: import('playwright-core').Browser, baseURL: string, staff: Page, suffix: string, viewport: { width: number; height: number }) {
  const phone = viewport.width < 500;
  const context: BrowserContext = await browser.newContext({ baseURL, viewport, hasTouch: phone, isMobile: phone, deviceScaleFactor: phone ? 2 : 1 });
  const page = await context.newPage();
  const quote = await newQuote(staff, suffix);
  await page.goto(quote.path);
  await page.getByTestId('quote-heading').waitFor();
  await shoot(page, `quote-open-${suffix}`);

  const approve = page.getByRole('button', { name: /^Approve / });
  await approve.click();
  await page.getByText('Draw your signature', { exact: true }).waitFor();
  await page.getByTestId('quote-answer').scrollIntoViewIfNeeded();
  await shoot(page, `quote-errors-${suffix}`, false);

  await page.getByRole('checkbox', { name: /Gutter guards/ }).check();
  await page.getByLabel('Your full name').fill('Jordan Rivera');
  if (phone) await drawSignatureWithTouch(context, page);
  else await drawSignatureWithMouse(page);
  await shoot(page, `quote-signed-${suffix}`);
  await page.getByTestId('signature-pad').scrollIntoViewIfNeeded();
  await shoot(page, `quote-signed-viewport-${suffix}`, false);

  await approve.click();
  await page.getByTestId('quote-approved').waitFor();
  await shoot(page, `quote-approved-viewport-${suffix}`, false);
  await shoot(page, `quote-approved-${suffix}`);

  const declined = await newQuote(staff, `${suffix}-declined`);
  await page.goto(declined.path);
  await page.getByRole('tab', { name: 'Decline' }).click();
  await page.getByLabel('Why are you declining?').fill('We went with another company.');
  await page.getByRole('button', { name: /^Decline / }).click();
  await page.getByTestId('quote-declined').waitFor();
  await shoot(page, `quote-declined-viewport-${suffix}`, false);
  await context.close();
}

/** $1,650.00 of work with a 25% deposit ($412.50) and an optional item. */
async function newDepositQuote(staff: Page, label: string) {
  const customer = await staff.request.post('/api/customers', { data: { name: `Morgan Lee ${label}`, email: `morgan-deposit-${label}-${Date.now()}@example.com` } });
  if (!customer.ok()) throw new Error(`POST /api/customers answered ${customer.status()}: ${await customer.text()}`);
  return sendQuoteForApproval(staff, ((await customer.json()) as { id: number }).id, {
    title: 'Kitchen repaint',
    terms: '25% deposit on approval, balance on completion.',
    depositType: 'percent',
    depositValue: '25',
    lineItems: [
      { description: 'Painter, per day', quantity: 3, rate: '450.00' },
      { description: 'Paint and materials', quantity: 1, rate: '300.00' },
      { description: 'Cabinet doors, sprayed', quantity: 1, rate: '380.00', optional: true },
    ],
  });
}

async function depositAt(browser: import('playwright-core').Browser, baseURL: string, staff: Page, suffix: string, viewport: { width: number; height: number }) {
  const phone = viewport.width < 500;
  const context: BrowserContext = await browser.newContext({ baseURL, viewport, hasTouch: phone, isMobile: phone, deviceScaleFactor: phone ? 2 : 1 });
  const page = await context.newPage();
  const quote = await newDepositQuote(staff, suffix);
  await page.goto(quote.path);
  await page.getByTestId('quote-heading').waitFor();
  await page.getByTestId('quote-totals').scrollIntoViewIfNeeded();
  await shoot(page, `deposit-before-totals-viewport-${suffix}`, false);
  await page.getByTestId('approve-consent').scrollIntoViewIfNeeded();
  await shoot(page, `deposit-before-consent-viewport-${suffix}`, false);
  await page.getByRole('checkbox', { name: /Cabinet doors/ }).check();
  await shoot(page, `deposit-before-ticked-${suffix}`);
  await page.getByRole('checkbox', { name: /Cabinet doors/ }).uncheck();

  await page.getByLabel('Your full name').fill('Morgan Lee');
  if (phone) await drawSignatureWithTouch(context, page);
  else await drawSignatureWithMouse(page);
  await page.getByRole('button', { name: /^Approve / }).click();
  const section = page.getByTestId('deposit-pay');
  await section.getByRole('heading', { name: /^Pay deposit / }).waitFor();
  await shoot(page, `deposit-pay-viewport-${suffix}`, false);
  await shoot(page, `deposit-pay-${suffix}`);

  await section.getByRole('tab', { name: 'Bank transfer' }).click();
  await section.getByRole('button', { name: /^Continue to pay / }).click();
  await section.getByText('Routing number must be exactly 9 digits', { exact: true }).waitFor();
  await section.scrollIntoViewIfNeeded();
  await shoot(page, `deposit-bank-errors-viewport-${suffix}`, false);

  await section.getByRole('tab', { name: 'Card' }).click();
  await section.getByRole('button', { name: /^Continue to pay / }).click();
  await section.getByRole('heading', { name: 'Card details' }).waitFor();
  await section.scrollIntoViewIfNeeded();
  await shoot(page, `deposit-card-viewport-${suffix}`, false);

  await fillTestCard(section, '4000 0000 0000 0002');
  await section.getByRole('button', { name: /^Pay deposit / }).click();
  await section.getByRole('alert').getByText('Your card was declined.', { exact: true }).waitFor();
  await shoot(page, `deposit-declined-viewport-${suffix}`, false);

  await fillTestCard(section, '4242 4242 4242 4242');
  await section.getByRole('button', { name: /^Pay deposit / }).click();
  await page.getByTestId('deposit-paid').waitFor();
  // The page reads the quote again: its totals say the deposit is paid.
  await page.getByTestId('quote-deposit-value').getByText(/paid \$412\.50$/).waitFor();
  await shoot(page, `deposit-paid-viewport-${suffix}`, false);
  await shoot(page, `deposit-paid-${suffix}`);
  await context.close();
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const staffContext = await browser.newContext({ baseURL, viewport: DESKTOP });
    const staff = await staffContext.newPage();
    await signIn(staff, baseURL, 'admin@example.com');
    for (const [suffix, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await quoteAt(browser, baseURL, staff, suffix, viewport);
      await depositAt(browser, baseURL, staff, suffix, viewport);
    }
    await staffContext.close();
  } finally {
    await browser.close();
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
