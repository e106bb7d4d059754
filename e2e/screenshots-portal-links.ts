// Saves PNGs (desktop 1280 and phone 390) of what docs/customer-portal.md describes, for a visual check: the
// dashboard of an employee (no money cards, no Payment Status), the admin's dashboard beside it, the Customers row's
// "Revoke links" confirmation and its toast, and a revoked link's message:
// `npx tsx e2e/screenshots-portal-links.ts` (OUT_DIR, default /tmp/shots-C). Uses BASE_URL when given (a running
// app), else starts one like the browser tests do.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { OutboxEntry } from '@contracts/outbox';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';
import { signIn } from './fixtures/sign-in';

const OUT = path.resolve(process.env.OUT_DIR ?? '/tmp/shots-C');

type Viewport = { width: number; height: number };
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function shoot(page: Page, name: string, fullPage = false) {
  await page.waitForLoadState('networkidle');
  // Let dialogs and toasts finish their entry.
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  console.log(`saved ${path.join(OUT, `${name}.png`)}`);
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

async function dashboardAt(page: Page, who: string, suffix: string) {
  await page.goto('/');
  await page.getByTestId('stat-total-customers').waitFor();
  await page.getByTestId('inventory-alerts').waitFor();
  await shoot(page, `dashboard-${who}-${suffix}`, true);
}

/** A customer of its own with a link e-mailed, so revoking touches nothing seeded; then the link as its holder sees it. */
async function revokeAt(browser: Browser, baseURL: string, page: Page, suffix: string) {
  const name = `Morgan Lee ${suffix} ${Date.now().toString(36).toUpperCase()}`;
  const email = `morgan-${suffix}-${Date.now()}@example.com`;
  const created = await page.request.post('/api/customers', { data: { name, email } });
  if (!created.ok()) throw new Error(`POST /api/customers answered ${created.status()}`);
  await page.goto('/customers');
  await page.getByRole('searchbox', { name: 'Search customers' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(name);
  await page.getByRole('button', { name: `Email portal link to ${name}` }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: `Email portal link to ${name}` }).click();
  await page.getByText('Portal link sent', { exact: true }).first().waitFor();
  await page.waitForTimeout(5_500); // the toast leaves
  const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as OutboxEntry[];
  const link = outbox.find((e) => e.to === email)?.text.match(/\S*\/customer-portal\S*/)?.[0];
  if (!link) throw new Error(`No portal link e-mailed to ${email}`);
  await shoot(page, `customers-row-actions-${suffix}`);

  await page.getByRole('button', { name: `Revoke portal links of ${name}` }).click();
  await page.getByTestId('revoke-portal-links-dialog').waitFor();
  await shoot(page, `revoke-confirm-${suffix}`);
  await page.getByTestId('revoke-portal-links-dialog').getByRole('button', { name: 'Revoke links' }).click();
  await page.getByText('Portal links revoked', { exact: true }).first().waitFor();
  await shoot(page, `revoke-toast-${suffix}`);

  const visitor = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? DESKTOP });
  const v = await visitor.newPage();
  const url = new URL(link);
  await v.goto(`${url.pathname}${url.hash}`);
  await v.getByText('This portal link is invalid or has expired', { exact: true }).waitFor();
  await shoot(v, `revoked-link-${suffix}`);
  await visitor.close();
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const session = sessions(browser, baseURL);
  try {
    for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      for (const [who, email] of [['employee', 'employee@example.com'], ['admin', 'admin@example.com']] as const) {
        const { context, page } = await session(email, viewport);
        await dashboardAt(page, who, suffix);
        await context.close();
      }
      const { context, page } = await session('admin@example.com', viewport);
      await revokeAt(browser, baseURL, page, suffix);
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
