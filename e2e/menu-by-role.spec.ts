// Issue 14: every menu entry a staff role sees opens its screen; none leads to "Your role does not give
// access" or a refused or failed call (ADR 012, src/contracts/screen-permissions.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const STAFF = ['super@example.com', 'admin@example.com', 'manager@example.com', 'employee@example.com'];

/** API answers of 400 and above while the page is open, as "METHOD path status". */
function failedCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/') && res.status() >= 400) failed.push(`${res.request().method()} ${url.pathname} ${res.status()}`);
  });
  page.on('requestfailed', (req) => {
    const url = new URL(req.url());
    // A call the page itself called off (a query cancelled as its screen unmounts) is no failure of the server's;
    // anything else that never got an answer is.
    if (url.pathname.startsWith('/api/') && req.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${req.method()} ${url.pathname} failed (${req.failure()?.errorText ?? 'no answer'})`);
  });
  return failed;
}

/** Clicks the link, waits for its screen and its calls, and returns what went wrong there. */
async function open(page: Page, link: ReturnType<Page['getByRole']>, failed: string[]): Promise<string[]> {
  const href = (await link.getAttribute('href')) ?? '';
  failed.length = 0;
  await link.click();
  // The super user's Dashboard is the Super Admin screen (src/web/app/routes/staff-layout.tsx).
  await page.waitForURL((url) => url.pathname === href || (href === '/' && url.pathname === '/super-admin'));
  await page.waitForLoadState('networkidle');
  await page.getByTestId('page-title').waitFor();
  const problems = [...failed];
  if ((await page.getByText('Your role does not give access').count()) > 0) problems.push('access denied');
  if ((await page.getByTestId('access-denied').count()) > 0) problems.push('access-denied gate');
  return problems.map((p) => `${href}: ${p}`);
}

describe('the menu of every staff role opens only screens that load', () => {
  for (const email of STAFF) {
    it(`${email}: every sidebar entry opens without a denial or a failed call`, async () => {
      const { context, page } = await signedInPage(browser, email, DESKTOP);
      const failed = failedCalls(page);
      await page.goto('/');
      const nav = page.getByTestId('sidebar-nav');
      await nav.waitFor();
      const labels = (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
      expect(labels.length).toBeGreaterThan(5);
      const problems: string[] = [];
      for (const label of labels) problems.push(...(await open(page, nav.getByRole('link', { name: label, exact: true }), failed)));
      expect(problems).toEqual([]);
      await context.close();
    });

    it(`${email}: every phone-bar entry and every More sheet entry open without a denial or a failed call at 390 px`, async () => {
      const { context, page } = await signedInPage(browser, email, PHONE);
      const failed = failedCalls(page);
      await page.goto('/');
      const bar = page.getByTestId('mobile-bar');
      await bar.waitFor();
      const labels = (await bar.getByRole('link').allTextContents()).map((t) => t.trim());
      const problems: string[] = [];
      for (const label of labels) problems.push(...(await open(page, bar.getByRole('link', { name: label, exact: true }), failed)));
      // More is a sheet of the rest of the menu (ADR 018): each of its entries opens too.
      const sheet = page.getByTestId('more-sheet');
      const openMore = async () => {
        await bar.getByRole('button', { name: 'More' }).click();
        await sheet.waitFor();
      };
      await openMore();
      const more = (await sheet.getByRole('link').allTextContents()).map((t) => t.trim());
      expect(more.length).toBeGreaterThan(0);
      for (const label of more) {
        if (!(await sheet.isVisible())) await openMore();
        problems.push(...(await open(page, sheet.getByRole('link', { name: label, exact: true }), failed)));
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('an employee sees no money, vendor or report entries, in the menu or in More', async () => {
    const { context, page } = await signedInPage(browser, 'employee@example.com', PHONE);
    await page.goto('/');
    const bar = page.getByTestId('mobile-bar');
    await bar.waitFor();
    await bar.getByRole('button', { name: 'More' }).click();
    await page.getByTestId('more-sheet').waitFor();
    const more = (await page.getByTestId('more-sheet').getByRole('link').allTextContents()).map((t) => t.trim());
    expect(more).not.toContain('Reports');
    await page.keyboard.press('Escape');
    await page.getByTestId('more-sheet').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Show menu' }).click();
    const nav = page.getByTestId('sidebar-nav');
    await nav.waitFor();
    const labels = (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
    for (const hidden of ['Service Bills', 'Pay Bills', 'Payments', 'Payment Links', 'Payment Analytics', 'Reports']) {
      expect(labels).not.toContain(hidden);
    }
    await context.close();
  });
});
