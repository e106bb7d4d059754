// Saves PNGs of a non-general organization's words on screen (top bar and dialogs), one invoice PDF and one HTML
// e-mail as its customer receives them: `npx tsx e2e/screenshots-vocabulary.ts` (files in screenshots/vocabulary/).
// Uses BASE_URL when given (a running app), else starts one like the browser tests do.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { Invoice } from '@contracts/invoices';
import type { Organization } from '@contracts/organizations';
import { labelsFor } from '@contracts/vocabulary';
import type { Business } from '../src/server/features/documents/document-parties';
import { buildInvoiceHtml } from '../src/server/features/invoices/email-invoice';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { signIn } from './fixtures/sign-in';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';

const OUT = path.resolve(import.meta.dirname, '../screenshots/vocabulary');

async function shoot(page: Page, name: string, fullPage = false) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  console.log(`saved screenshots/vocabulary/${name}.png`);
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

/** Each record screen with its New dialog open. */
const SCREENS = [
  { path: '/work-orders', name: 'work-orders' },
  { path: '/estimates', name: 'estimates' },
  { path: '/invoices', name: 'invoices' },
  { path: '/customers', name: 'customers' },
];

async function screensOf(page: Page, who: string, suffix: string) {
  for (const s of SCREENS) {
    await page.goto(s.path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, `${who}-${s.name}-${suffix}`);
    const create = page.getByRole('button', { name: /^New/ }).first();
    if (!(await create.isVisible())) continue;
    await create.click();
    await page.getByRole('dialog').getByRole('heading').first().waitFor();
    await page.waitForTimeout(300);
    await shoot(page, `${who}-${s.name}-dialog-${suffix}`);
    await page.keyboard.press('Escape');
  }
}

/** A medical bill e-mailed to a patient: its PDF as pages and its HTML part as the patient's mail program shows it. */
async function documentShots(page: Page, baseURL: string) {
  const patient = await page.request.post('/api/customers', { data: { name: 'Jordan <Rivera> & Co', email: 'jordan.rivera@example.com' } });
  const customerId = ((await patient.json()) as { id: number }).id;
  const line = { description: 'Cleaning and exam', quantity: 1, rate: '95.00' };
  const bill = await page.request.post('/api/invoices', { data: { customerId, lineItems: [line, { description: 'X-rays', quantity: 2, rate: '40.00' }] } });
  const invoiceId = ((await bill.json()) as { id: number }).id;
  const pdf = await page.request.get(`/api/invoices/${invoiceId}/pdf`);
  fs.writeFileSync(path.join(OUT, 'medical-bill.pdf'), await pdf.body());
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', path.join(OUT, 'medical-bill.pdf'), path.join(OUT, 'medical-bill-pdf')]);
  console.log('saved screenshots/vocabulary/medical-bill-pdf-1.png');

  // The outbox API lists no HTML: the part is built here by the same function the e-mail uses, from the same records.
  const invoice = (await (await page.request.get(`/api/invoices/${invoiceId}`)).json()) as Invoice;
  const [org] = (await (await page.request.get('/api/organizations')).json()) as Organization[];
  const business = { ...org, logo: org.logo ?? null, labels: labelsFor(org.industry, org.labelOverrides) } as Business;
  const customer = { id: customerId, name: 'Jordan <Rivera> & Co', companyName: null, email: 'jordan.rivera@example.com', phone: null, address: null, city: null, state: null, zip: null, paymentTerms: 'net30' };
  const html = buildInvoiceHtml({ invoice, business, customer, portalUrl: `${baseURL}/customer-portal#token=example` }, null);
  fs.writeFileSync(path.join(OUT, 'medical-bill-email.html'), html);
  for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(viewport);
    await page.setContent(html);
    await shoot(page, `medical-bill-email-${suffix}`, true);
  }
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const session = await sessions(browser, baseURL);
  try {
    // The seed's Healthcare practice (its admin is its only staff) and the Home Services company's other roles.
    for (const [who, email] of [
      ['dental-admin', 'admin@brightsmiles.example'],
      ['home-manager', 'manager@example.com'],
      ['home-employee', 'employee@example.com'],
    ] as const) {
      for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        const { context, page } = await session(email, viewport);
        await screensOf(page, who, suffix);
        if (who === 'dental-admin') {
          await page.goto('/user-guide');
          await page.getByText('Procedures (work orders in this guide)').first().waitFor();
          await shoot(page, `${who}-user-guide-${suffix}`);
        }
        await context.close();
      }
    }
    const { context, page } = await session('admin@brightsmiles.example', DESKTOP);
    await documentShots(page, baseURL);
    await context.close();
  } finally {
    await browser.close();
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
