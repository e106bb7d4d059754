// Saves PNGs of the dashboard and Payment Analytics (1440x900 and 390x844) as the super user, an admin, a manager and
// an employee, plus the Send Reminders confirmation and its toast, and a dental organization's dashboard (its words):
// `npx tsx e2e/screenshots-money-figures.ts` (under the build lock). Uses BASE_URL when given, else starts an app.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { CHROMIUM_ARGS, PHONE } from './fixtures/browser-config';
import { signIn } from './fixtures/sign-in';

const OUT = path.resolve(import.meta.dirname, '../screenshots/money-figures');
const DESKTOP = { width: 1440, height: 900 };

async function shoot(page: Page, name: string, fullPage = true) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  console.log(`saved screenshots/money-figures/${name}.png`);
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const users = [
      ['super', 'super@example.com'],
      ['admin', 'admin@example.com'],
      ['manager', 'manager@example.com'],
      ['employee', 'employee@example.com'],
      ['dental-admin', 'admin@brightsmiles.example'],
    ] as const;
    for (const [role, email] of users) {
      for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
        const context = await browser.newContext({ baseURL, viewport });
        const page = await context.newPage();
        await signIn(page, baseURL, email);
        // Sign-in ends with its own navigation (a super user to Super Admin): let it land first.
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        // A super user's / is Super Admin; /dashboard is the dashboard for everyone.
        await page.goto('/dashboard');
        await page
          .getByRole('heading', { name: 'Dashboard', level: 1 })
          .waitFor({ timeout: 10_000 })
          .catch(async (e: unknown) => {
            await page.screenshot({ path: path.join(OUT, `debug-${role}-${suffix}.png`) });
            throw e;
          });
        await shoot(page, `dashboard-${role}-${suffix}`);
        // An employee has no view_financials: their menu has no Payment Analytics (the screen would deny them).
        if (role !== 'employee') {
          await page.goto('/payment-analytics');
          await page.getByRole('heading', { name: 'Recommended Actions' }).waitFor();
          await page.getByTestId('aging-current').waitFor();
          await shoot(page, `analytics-${role}-${suffix}`);
        }
        if (role === 'admin') {
          const send = page.getByRole('button', { name: /^Send Reminders \(\d+\)$/ });
          if (await send.isEnabled()) {
            await send.click();
            await page.getByTestId('confirm-send-reminders').waitFor();
            await shoot(page, `analytics-admin-confirm-reminders-${suffix}`, false);
            await page.getByTestId('confirm-send-reminders').getByRole('button', { name: /^Send \d+ reminders?$/ }).click();
            await page.getByText(/^Sent \d+ reminders?/).first().waitFor();
            await shoot(page, `analytics-admin-reminders-sent-${suffix}`, false);
          }
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
