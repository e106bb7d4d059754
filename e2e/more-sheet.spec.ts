// Issue 14 part A: the phone bar's More opens a sheet with every menu entry the user may open that the bar does not
// show, in the menu's words; it is a dialog a keyboard and a screen reader can use
// (docs/decisions/018-long-text-toasts-and-the-more-sheet.md). e2e/menu-by-role.spec.ts opens each entry.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';

const SHOTS = path.resolve(import.meta.dirname, '../screenshots/more-sheet');
const STAFF = ['super@example.com', 'admin@example.com', 'manager@example.com', 'employee@example.com'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const texts = async (links: ReturnType<Page['getByRole']>) => (await links.allTextContents()).map((t) => t.trim());

/** The sidebar's entries (the whole menu), read from the phone's drawer. */
async function menuOf(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Show menu' }).click();
  const nav = page.getByTestId('sidebar-nav');
  await nav.waitFor();
  const labels = await texts(nav.getByRole('link'));
  await page.getByRole('button', { name: 'Close menu' }).click();
  await nav.waitFor({ state: 'detached' });
  return labels;
}

describe('the More sheet', () => {
  for (const email of STAFF) {
    it(`${email}: lists exactly the menu entries the bar does not show`, async () => {
      const { context, page } = await signedInPage(browser, email, PHONE);
      await page.goto('/time-tracking');
      const bar = page.getByTestId('mobile-bar');
      await bar.waitFor();
      const menu = await menuOf(page);
      const onBar = await texts(bar.getByRole('link'));
      // The bar shortens long words (Jobs, Clients, Time): compare by address, not label. Read before the sheet opens:
      // an open dialog hides the rest of the page from the accessibility tree.
      const barPaths = await bar.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      await bar.getByRole('button', { name: 'More' }).click();
      const sheet = page.getByRole('dialog', { name: 'More' });
      await sheet.waitFor();
      const sheetPaths = await sheet.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(onBar.length).toBeGreaterThan(0);
      const sheetLabels = await texts(sheet.getByRole('link'));
      expect(sheetLabels.length).toBe(sheetPaths.length);
      // Every menu entry is on the bar or in the sheet, never both, and the sheet keeps the menu's order and words.
      expect(sheetPaths.filter((p) => barPaths.includes(p))).toEqual([]);
      expect(barPaths.length + sheetPaths.length).toBe(menu.length);
      expect(sheetLabels).toEqual(menu.filter((label) => sheetLabels.includes(label)));
      if (email === 'employee@example.com') {
        expect(sheetLabels).toEqual(['My day', 'Service Quotes', 'Messaging', 'Scheduling', 'Dispatch', 'Team', 'URL Shortener', 'Parts & Materials']);
      }
      if (email !== 'employee@example.com') expect(sheetLabels).toContain('Reports');
      await page.screenshot({ path: `${SHOTS}/${email.split('@')[0]}-phone.png` });
      await context.close();
    });
  }

  it('is a dialog a keyboard opens and closes, with focus inside and back on More', async () => {
    const { context, page } = await signedInPage(browser, 'manager@example.com', PHONE);
    await page.goto('/');
    // By text, not role: while the sheet is open the page behind it is hidden from the accessibility tree.
    const more = page.getByTestId('mobile-bar').locator('button', { hasText: 'More' });
    expect(await more.getAttribute('aria-haspopup')).toBe('dialog');
    await more.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'More' });
    await sheet.waitFor();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    // Focus comes back as the sheet finishes closing, which may be a frame after it leaves the page.
    await expect.poll(() => more.evaluate((el) => el === document.activeElement)).toBe(true);

    // The × closes it too, and an entry chosen from it opens its screen and closes the sheet.
    await more.click();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });
    await more.click();
    await sheet.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL((url) => url.pathname === '/reports');
    await sheet.waitFor({ state: 'detached' });
    await context.close();
  });
});
