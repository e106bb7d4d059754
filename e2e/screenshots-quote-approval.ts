// Saves PNGs of the customer's quote page (desktop 1280 and phone 390) for a visual check: a quote with optional
// items before answering, the form's messages, an optional item ticked with the name typed and the signature drawn,
// the approval, and a declined quote: `npx tsx e2e/screenshots-quote-approval.ts`. Uses BASE_URL when given (a
// running app), else starts one; the PNGs go to OUT_DIR (default /tmp/quote-shots).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';
import { drawSignatureWithMouse, drawSignatureWithTouch, sendQuoteForApproval } from './fixtures/quotes';
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
