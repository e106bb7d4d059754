// Saves PNGs of every list screen (docs/decisions/014-list-block.md) as the super user, an admin, a manager and
// an employee at 1440x900 and 390x844, plus a dental office's lists for the vocabulary:
// `npx tsx e2e/screenshots-lists.ts` (screenshots/lists/). Uses BASE_URL when given, else starts an app.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { signIn } from './fixtures/sign-in';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';

const OUT = path.resolve(import.meta.dirname, '../screenshots/lists');

const LISTS = ['/customers', '/work-orders', '/estimates', '/invoices', '/payments', '/payment-links', '/messaging', '/inventory', '/url-shortener', '/time-tracking', '/vendors', '/users', '/super-admin'];

const ROLES = [
  { name: 'super', email: 'super@example.com', lists: LISTS },
  { name: 'admin', email: 'admin@example.com', lists: LISTS.filter((l) => l !== '/super-admin') },
  { name: 'manager', email: 'manager@example.com', lists: LISTS.filter((l) => l !== '/super-admin' && l !== '/users') },
  { name: 'employee', email: 'employee@example.com', lists: LISTS.filter((l) => l !== '/super-admin' && l !== '/users') },
  { name: 'dental', email: 'admin@brightsmiles.example', lists: ['/customers', '/work-orders', '/estimates', '/invoices', '/inventory', '/time-tracking'] },
];

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function settled(page: Page) {
  await page.waitForLoadState('load');
  // Every list's skeleton carries aria-busy until its first answer.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(400);
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser: Browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (const role of ROLES) {
      let state: StorageState | undefined;
      for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        const context = await browser.newContext({ baseURL, viewport, storageState: state });
        const page = await context.newPage();
        if (!state) {
          await signIn(page, baseURL, role.email);
          state = await context.storageState();
        }
        for (const list of role.lists) {
          await page.goto(list);
          await settled(page);
          const file = `${role.name}-${list.slice(1)}-${suffix}.png`;
          await page.screenshot({ path: path.join(OUT, file), fullPage: true });
          console.log(`saved screenshots/lists/${file}`);
        }
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
