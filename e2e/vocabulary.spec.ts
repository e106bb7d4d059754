// A dental practice's staff see its words everywhere, not only in the menu: the top bar says what the page says,
// and the dialogs create Procedures, Treatment Plans and Medical Bills (docs/customer-emails.md, Vocabulary on screens).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { dialogTitled } from './fixtures/records';

// Bright Smiles Dental (the seed's Healthcare organization) and its admin.
const DENTAL_ADMIN = 'admin@brightsmiles.example';
const SCREENS: [path: string, title: string][] = [
  ['/customers', 'Patients'],
  ['/work-orders', 'Procedures'],
  ['/estimates', 'Treatment Plans'],
  ['/invoices', 'Medical Bills'],
  ['/inventory', 'Chiropractic Approach'],
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openScreen(page: Page, path: string, title: string) {
  await page.goto(path);
  await page.getByRole('heading', { name: title, level: 1, exact: true }).waitFor();
}

/** The dialog the screen's New button opens, found by the title it should have. */
async function openNew(page: Page, title: string) {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = dialogTitled(page, title);
  await dialog.waitFor();
  return dialog;
}

describe("a non-general organization's words", () => {
  for (const [viewportName, viewport] of [
    ['desktop', undefined],
    ['phone', PHONE],
  ] as const) {
    it(`the top bar's title is the page's title on every record screen (${viewportName})`, async () => {
      const { context, page } = await signedInPage(browser, DENTAL_ADMIN, viewport);
      try {
        for (const [path, title] of SCREENS) {
          await openScreen(page, path, title);
          // The top bar renders before the lazy screen: both must settle on the same word.
          await page.waitForFunction((t) => document.querySelector('[data-testid="page-title"]')?.textContent === t, title, { timeout: 5_000 });
          expect(await page.getByTestId('page-title').textContent(), path).toBe(title);
          expect(await page.title()).toBe(`${title} · Tradebook`);
        }
      } finally {
        await context.close();
      }
    });
  }

  it('dialog titles and their buttons use the words', async () => {
    const { context, page } = await signedInPage(browser, DENTAL_ADMIN);
    try {
      await openScreen(page, '/work-orders', 'Procedures');
      let dialog = await openNew(page, 'Create Procedure');
      await dialog.getByRole('button', { name: 'Create Procedure' }).waitFor();
      expect(await dialog.getByText(/Work Order/).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Add New Patient' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await openScreen(page, '/estimates', 'Treatment Plans');
      dialog = await openNew(page, 'Create Treatment Plan');
      await dialog.getByRole('button', { name: 'Create Treatment Plan' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await openScreen(page, '/invoices', 'Medical Bills');
      dialog = await openNew(page, 'Create Medical Bill');
      await dialog.getByRole('button', { name: 'Create Medical Bill' }).waitFor();
      // The work order picker of the bill names procedures and patients too.
      await dialog.getByLabel('Add Procedure').waitFor();
      expect(await dialog.getByRole('option', { name: 'Select a patient first' }).count()).toBe(1);
      expect(await dialog.getByRole('heading', { name: /Invoice/ }).count()).toBe(0);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('the user guide titles the renamed screens with the words', async () => {
    const { context, page } = await signedInPage(browser, DENTAL_ADMIN);
    try {
      await page.goto('/user-guide');
      // Each title shows in the topics list and on its section.
      await page.getByText('Procedures (work orders in this guide)', { exact: true }).first().waitFor();
      expect(await page.getByText('Patients (customers in this guide)', { exact: true }).count()).toBe(2);
    } finally {
      await context.close();
    }
  });
});
