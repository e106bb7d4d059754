// Saves PNGs of the main screens for a visual check: `npx tsx e2e/screenshots.ts`.
// Uses BASE_URL when given (a running app), else starts one like the browser tests do.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startAppServer, type AppServer } from './fixtures/app-server';
import { signIn } from './fixtures/sign-in';
import { CHROMIUM_ARGS, DESKTOP, PHONE } from './fixtures/browser-config';

const OUT = path.resolve(import.meta.dirname, '../screenshots');

async function shoot(page: Page, name: string, fullPage = false) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  console.log(`saved screenshots/${name}.png`);
}

async function session(browser: Browser, baseURL: string, viewport: { width: number; height: number }, email?: string) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  if (email) await signIn(page, baseURL, email);
  return { context, page };
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  let server: AppServer | null = null;
  const baseURL = process.env.BASE_URL ?? (server = await startAppServer()).baseURL;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const { context, page } = await session(browser, baseURL, viewport);
      await page.goto('/login');
      await shoot(page, `login-${suffix}`);
      await page.goto('/org/demo');
      await shoot(page, `org-home-${suffix}`, true);
      await context.close();
    }

    {
      const { context, page } = await session(browser, baseURL, DESKTOP);
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
      await page.getByRole('button', { name: 'Send verification code' }).click();
      await page.getByTestId('account-not-found').waitFor();
      await shoot(page, 'login-account-not-found');
      await page.goto('/no-such-page');
      await shoot(page, 'not-found');
      await page.goto('/register?org=demo');
      await shoot(page, 'register');
      await context.close();
    }

    for (const [suffix, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      const { context, page } = await session(browser, baseURL, viewport, 'customer@example.com');
      await page.waitForURL((url) => url.pathname === '/org/demo');
      await shoot(page, `org-home-customer-${suffix}`);
      if (suffix === 'desktop') {
        await page.goto('/dev/outbox');
        await shoot(page, 'dev-outbox');
      }
      await context.close();
    }

    {
      const { context, page } = await session(browser, baseURL, DESKTOP, 'admin@example.com');
      await shoot(page, 'dashboard-desktop');
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
      await shoot(page, 'dashboard-user-menu');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('menu').getByText(/No notifications|Could not load|ago|UTC/).first().waitFor();
      await shoot(page, 'dashboard-notifications');
      await page.keyboard.press('Escape');
      await page.goto('/user-guide');
      await shoot(page, 'user-guide-desktop');
      await context.close();
    }

    {
      const { context, page } = await session(browser, baseURL, PHONE, 'admin@brightsmiles.example');
      await shoot(page, 'dashboard-phone');
      await page.getByRole('button', { name: 'Show menu' }).click();
      await shoot(page, 'dashboard-phone-drawer');
      await context.close();
    }

    {
      const { context, page } = await session(browser, baseURL, DESKTOP, 'super@example.com');
      await shoot(page, 'super-admin', true);
      const row = page.locator('[data-testid="admin-user-row"][data-email="employee@example.com"]');
      await row.getByRole('button', { name: 'Impersonate' }).click();
      await page.getByRole('alertdialog').waitFor();
      await shoot(page, 'super-admin-confirm');
      await page.getByRole('button', { name: 'Start impersonation' }).click();
      await page.getByTestId('impersonation-banner').waitFor();
      await shoot(page, 'impersonation-banner-desktop');
      await page.setViewportSize(PHONE);
      await shoot(page, 'impersonation-banner-phone');
      await page.setViewportSize(DESKTOP);
      await page.getByTestId('impersonation-banner').getByRole('button', { name: 'Exit Impersonation' }).click();
      await page.waitForURL((url) => url.pathname === '/super-admin');
      await page.setViewportSize(PHONE);
      await shoot(page, 'super-admin-phone', true);
      await page.setViewportSize(DESKTOP);
      await page.locator('[data-testid="admin-user-row"][data-email="customer@example.com"]').getByRole('button', { name: 'Impersonate' }).click();
      await page.getByRole('button', { name: 'Start impersonation' }).click();
      await page.getByTestId('impersonation-banner').waitFor();
      await shoot(page, 'impersonation-org-home');
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
