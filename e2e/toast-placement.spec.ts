// Issue 14 part B: a toast never covers an open dialog's buttons (Done, Close, the ×, Save, Cancel) or its Total row,
// on a desktop or a phone (docs/decisions/018-long-text-toasts-and-the-more-sheet.md). Checked by geometry: the toast's
// box and the dialog's box, and each button's, do not intersect.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, PHONE } from './fixtures/browser';
import { fillLine, pickCustomer, waitForToast } from './fixtures/documents';
import { signedInPage } from './fixtures/sessions';

const SHOTS = path.resolve(import.meta.dirname, '../screenshots/toasts');
const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: PHONE },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

const stamp = () => Date.now().toString(36).toUpperCase();

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
/** The part of `a` inside `clip` (a button scrolled out of the dialog's view is hidden by the dialog, not the toast). */
function clipTo(a: Box, clip: Box): Box | null {
  const x = Math.max(a.x, clip.x);
  const y = Math.max(a.y, clip.y);
  const right = Math.min(a.x + a.width, clip.x + clip.width);
  const bottom = Math.min(a.y + a.height, clip.y + clip.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box;
}

/** The toast titled `title` lies on the screen and clear of the dialog, of each of its buttons and of `extra`. */
async function expectClear(page: Page, dialog: Locator, title: string, extra: Locator[], where: string): Promise<void> {
  await waitForToast(page, title);
  const toast = page.locator('li[data-state="open"]', { hasText: title });
  // The pointer rests on the toast, which pauses its 5 s (Radix), so a slow machine between two checks of one toast
  // (a screenshot, a scroll) does not see it go.
  await toast.hover();
  // Let the slide-in finish so the box is where the toast rests.
  await page.waitForTimeout(400);
  const toastBox = await boxOf(toast);
  const screen = page.viewportSize() ?? { width: 0, height: 0 };
  expect(toastBox.y, `${where}: toast on screen`).toBeGreaterThanOrEqual(0);
  expect(toastBox.y + toastBox.height, `${where}: toast on screen`).toBeLessThanOrEqual(screen.height);
  const dialogBox = await boxOf(dialog);
  expect(intersects(toastBox, dialogBox), `${where}: toast over the dialog`).toBe(false);
  const buttons = await dialog.getByRole('button').all();
  expect(buttons.length).toBeGreaterThan(1);
  for (const target of [...buttons, ...extra]) {
    if (!(await target.isVisible())) continue;
    const shown = clipTo(await boxOf(target), dialogBox);
    if (!shown) continue;
    const name = (await target.getAttribute('aria-label')) ?? (await target.textContent())?.trim();
    expect(intersects(toastBox, shown), `${where}: toast over "${name}"`).toBe(false);
  }
  // The × in the corner is among the buttons; name it so a regression says which.
  const close = dialog.getByRole('button', { name: 'Close' }).last();
  expect(intersects(toastBox, await boxOf(close)), `${where}: toast over the ×`).toBe(false);
}

describe('toasts and open dialogs', () => {
  for (const { name, viewport } of SIZES) {
    it(`the invoice-created toast clears Done, the × and the Total row of a full-height invoice dialog (${name})`, async () => {
      const { context, page } = await signedInPage(browser, 'admin@example.com', viewport);
      const customerName = `Toast ${stamp()} ${name}`;
      const created = await page.request.post('/api/customers', { data: { name: customerName, email: `toast-${stamp().toLowerCase()}@example.com` } });
      expect(created.ok()).toBe(true);
      await page.goto('/invoices');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: 'New', exact: true }).click();
      const dialog = page.getByTestId('invoice-dialog');
      await dialog.getByRole('heading', { name: 'Create Service Bill' }).waitFor();
      await pickCustomer(dialog, customerName);
      // Enough lines that the dialog fills the screen's height.
      for (let n = 1; n <= 8; n++) {
        if (n > 1) await dialog.getByRole('button', { name: 'Add line' }).click();
        await fillLine(dialog, n, { description: `Checkup ${n}`, rate: '80' });
      }
      await dialog.getByRole('button', { name: 'Create Service Bill' }).click();
      const done = dialog.getByRole('button', { name: 'Done', exact: true });
      await done.waitFor();
      const total = dialog.locator('dt', { hasText: /^Total$/ }).locator('..');
      await expectClear(page, dialog, 'Invoice created successfully', [total], `invoice ${name}`);
      await page.screenshot({ path: `${SHOTS}/invoice-${name}.png` });
      // The footer is still where the user reaches for it.
      await done.scrollIntoViewIfNeeded();
      await expectClear(page, dialog, 'Invoice created successfully', [total], `invoice scrolled ${name}`);
      await done.click();
      await dialog.waitFor({ state: 'detached' });
      await context.close();
    });

    it(`a refused save's toast clears the customer dialog's buttons (${name})`, async () => {
      const { context, page } = await signedInPage(browser, 'admin@example.com', viewport);
      // The server refuses this one save, so the dialog stays open beside its failure toast.
      await page.route('**/api/customers', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'A customer with this e-mail address already exists' }) })
          : route.fallback(),
      );
      await page.goto('/customers');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: /^New / }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /^Name/ }).first().fill(`Refused ${stamp()}`);
      await dialog.locator('button[type="submit"]').click();
      await expectClear(page, dialog, 'Failed to create customer', [], `customer ${name}`);
      await page.screenshot({ path: `${SHOTS}/customer-${name}.png` });
      await context.close();
    });

    it(`a refused save's toast clears the vendor dialog's buttons (${name})`, async () => {
      const { context, page } = await signedInPage(browser, 'admin@example.com', viewport);
      await page.route('**/api/vendors', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ message: 'A vendor with this name already exists' }) })
          : route.fallback(),
      );
      await page.goto('/vendors');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Add Vendor' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /^Name/ }).first().fill(`Refused ${stamp()}`);
      await dialog.locator('button[type="submit"]').click();
      await expectClear(page, dialog, 'Failed to create vendor', [], `vendor ${name}`);
      await page.screenshot({ path: `${SHOTS}/vendor-${name}.png` });
      await context.close();
    });
  }
});
