// Issue 14 screen fixes (docs/decisions/013-small-screen-layout-and-confirmations.md): the New Message dialog fits a
// phone, a super user's role change is confirmed, Impersonate buttons name their user, the sidebar's last entry is
// reachable at 900 px height, and a toast never covers a dialog's buttons.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { AdminUser } from '../src/contracts/admin';
import { launchBrowser, PHONE } from './fixtures/browser';
import { fillLine, pickCustomer, waitForToast } from './fixtures/documents';
import { apiJson, dialogTitled } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

const SHOTS = '/tmp/shots-K';
const WIDE = { width: 1440, height: 900 };
const SIZES = [
  { name: 'desktop', viewport: WIDE },
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

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box;
}

describe('New Message on a phone', () => {
  it('fits 390 px with long e-mail recipients chosen (no horizontal overflow)', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com', PHONE);
    const tag = `FIT${stamp()}`;
    // Long unbroken addresses: the widest content a recipient row and chip can carry.
    const people = ['Avery', 'Blake'].map((first) => ({
      name: `${first} ${tag}`,
      email: `${first.toLowerCase()}-${tag.toLowerCase()}-with-a-rather-long-mailbox-name@some-long-domain-example.com`,
    }));
    for (const p of people) {
      const response = await page.request.post('/api/customers', { data: p });
      expect(response.ok()).toBe(true);
    }
    await page.goto('/messaging');
    await page.getByRole('heading', { name: 'Messaging', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New Message' }).click();
    const dialog = dialogTitled(page, 'New Message');
    await dialog.waitFor();
    await dialog.getByRole('searchbox', { name: 'Search customers' }).fill(tag);
    const list = dialog.getByRole('group', { name: 'Customers' });
    // The search answers after a pause and the list is drawn again: tick the boxes of the searched list, not of the first one.
    for (let waited = 0; (await list.getByRole('checkbox').count()) !== people.length; waited += 100) {
      if (waited > 15_000) throw new Error('The customer search did not narrow the list to the two customers');
      await page.waitForTimeout(100);
    }
    for (const p of people) await list.getByRole('checkbox', { name: new RegExp(p.name) }).check();
    await dialog.getByTestId('recipients-hint').getByText('2 selected').waitFor();

    const sizes = await dialog.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.clientWidth);
    // The dialog itself stays inside the screen, and so do the Send button and each chip.
    const box = await boxOf(dialog);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    for (const chip of await dialog.getByTestId('recipient-chip').all()) {
      const chipBox = await boxOf(chip);
      expect(chipBox.x + chipBox.width).toBeLessThanOrEqual(box.x + box.width);
    }
    await page.screenshot({ path: `${SHOTS}/new-message-phone.png` });
    await context.close();

    const wide = await signedInPage(browser, 'admin@example.com', WIDE);
    await wide.page.goto('/messaging');
    await wide.page.getByRole('button', { name: 'New Message' }).click();
    const wideDialog = dialogTitled(wide.page, 'New Message');
    await wideDialog.getByRole('searchbox', { name: 'Search customers' }).fill(tag);
    for (const p of people) await wideDialog.getByRole('group', { name: 'Customers' }).getByRole('checkbox', { name: new RegExp(p.name) }).check();
    await wideDialog.getByTestId('recipients-hint').getByText('2 selected').waitFor();
    const wideSizes = await wideDialog.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(wideSizes.scrollWidth).toBeLessThanOrEqual(wideSizes.clientWidth);
    await wide.page.screenshot({ path: `${SHOTS}/new-message-desktop.png` });
    await wide.context.close();
  });
});

describe('super admin', () => {
  /** A manager of this run's own, found by a unique first name. */
  async function newManager(page: Page): Promise<{ first: string; row: Locator }> {
    const first = `Confirm${stamp()}`;
    const [org] = await apiJson<{ id: number }[]>(page, '/api/organizations');
    const response = await page.request.post('/api/admin/users', {
      data: { email: `${first.toLowerCase()}@example.com`, firstName: first, lastName: 'Rolecheck', role: 'manager', organizationId: org.id },
    });
    if (!response.ok()) throw new Error(`POST /api/admin/users answered ${response.status()}: ${await response.text()}`);
    await page.goto('/super-admin');
    await page.getByRole('searchbox', { name: 'Search users...' }).fill(first);
    const row = page.locator(`[data-testid="admin-user-row"][data-email="${first.toLowerCase()}@example.com"]`);
    await row.waitFor();
    return { first, row };
  }

  async function roleOf(page: Page, first: string): Promise<string> {
    const [found] = await apiJson<AdminUser[]>(page, `/api/admin/users?q=${first}`);
    return found.role;
  }

  it('asks before changing a role: Cancel keeps the role, Change role saves it', async () => {
    const { context, page } = await signedInPage(browser, 'super@example.com', WIDE);
    const { first, row } = await newManager(page);
    const select = row.getByRole('combobox', { name: `Role of ${first} Rolecheck` });

    await select.selectOption({ label: 'Organization Admin' });
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: `Change role of ${first} Rolecheck?` }).waitFor();
    expect(await confirm.textContent()).toContain('will become Organization Admin');
    await page.screenshot({ path: `${SHOTS}/role-change-desktop.png` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await select.inputValue()).toBe('manager');
    expect(await roleOf(page, first)).toBe('manager');

    await select.selectOption({ label: 'Organization Admin' });
    await confirm.getByRole('button', { name: 'Change role' }).click();
    await waitForToast(page, 'User role updated successfully');
    await row.locator('[data-role="org_admin"]').waitFor();
    expect(await roleOf(page, first)).toBe('org_admin');
    await context.close();

    const phone = await signedInPage(browser, 'super@example.com', PHONE);
    const again = await newManager(phone.page);
    await again.row.getByRole('combobox', { name: `Role of ${again.first} Rolecheck` }).selectOption({ label: 'Employee' });
    await phone.page.getByRole('alertdialog').waitFor();
    await phone.page.screenshot({ path: `${SHOTS}/role-change-phone.png` });
    await phone.page.keyboard.press('Escape');
    await phone.page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(await roleOf(phone.page, again.first)).toBe('manager');
    await phone.context.close();
  });

  it('names the user on every Impersonate button', async () => {
    const { context, page } = await signedInPage(browser, 'super@example.com', WIDE);
    await page.goto('/super-admin');
    const rows = page.getByTestId('admin-user-row');
    await rows.first().waitFor();
    // Each row's button names that row's user (two users may share a name; other tests add some).
    const pairs = await rows.evaluateAll((lis) =>
      lis.flatMap((li) => {
        const button = li.querySelector('button[aria-label^="Impersonate"]');
        return button ? [[button.getAttribute('aria-label'), `Impersonate ${li.querySelector('p')?.textContent ?? ''}`]] : [];
      }),
    );
    expect(pairs.length).toBeGreaterThan(0);
    for (const [label, expected] of pairs) {
      expect(label).toMatch(/^Impersonate \S.*/);
      expect(label).toBe(expected);
    }
    await page.getByRole('button', { name: 'Impersonate Evan Employee', exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/super-admin-desktop.png` });
    await context.close();
  });

  it('reaches and opens the last sidebar entry at 1440x900 (and on a shorter screen)', async () => {
    const { context, page } = await signedInPage(browser, 'super@example.com', WIDE);
    await page.goto('/super-admin');
    const nav = page.getByTestId('sidebar-nav');
    await nav.waitFor();
    // The scrolling list reaches the sidebar's bottom: no entry is cut off above unused space.
    const aside = await boxOf(page.getByRole('complementary', { name: 'Main navigation' }));
    const scroller = await boxOf(page.getByTestId('sidebar-scroll'));
    expect(Math.round(scroller.y + scroller.height)).toBe(Math.round(aside.y + aside.height));
    expect(Math.round(aside.y + aside.height)).toBeLessThanOrEqual(WIDE.height);
    const last = nav.getByRole('link').last();
    const href = await last.getAttribute('href');
    await last.scrollIntoViewIfNeeded();
    const box = await boxOf(last);
    expect(box.y).toBeGreaterThanOrEqual(scroller.y);
    expect(box.y + box.height).toBeLessThanOrEqual(scroller.y + scroller.height);
    await page.screenshot({ path: `${SHOTS}/sidebar-last-desktop.png` });
    await last.click();
    await page.waitForURL((url) => url.pathname === href);

    // A short window: the list scrolls by the wheel until the last entry shows, and it opens.
    await page.setViewportSize({ width: 1440, height: 500 });
    await page.goto('/super-admin');
    await nav.waitFor();
    await page.getByTestId('sidebar-scroll').hover();
    await page.mouse.wheel(0, 2000);
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-testid="sidebar-scroll"]');
      return el !== null && el.scrollTop > 0 && Math.ceil(el.scrollTop + el.clientHeight) >= el.scrollHeight;
    });
    const shortBox = await boxOf(last);
    expect(shortBox.y + shortBox.height).toBeLessThanOrEqual(500);
    await last.click({ trial: true });
    await page.screenshot({ path: `${SHOTS}/sidebar-last-short.png` });
    await context.close();
  });
});

describe('toasts and dialogs', () => {
  for (const { name, viewport } of SIZES) {
    it(`the invoice-created toast does not cover Done (${name})`, async () => {
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
      // Enough lines that the dialog fills the screen's height and its footer sits at the bottom, in the corner
      // where the toasts used to show.
      for (let n = 1; n <= 8; n++) {
        if (n > 1) await dialog.getByRole('button', { name: 'Add line' }).click();
        await fillLine(dialog, n, { description: `Checkup ${n}`, rate: '80' });
      }
      await dialog.getByRole('button', { name: 'Create Service Bill' }).click();
      await waitForToast(page, 'Invoice created successfully');
      const done = dialog.getByRole('button', { name: 'Done', exact: true });
      await done.waitFor();
      await done.scrollIntoViewIfNeeded();
      const toast = page.locator('li[data-state="open"]', { hasText: 'Invoice created successfully' });
      // Let the slide-in animation finish so the box is where the toast rests.
      await page.waitForTimeout(400);
      expect(intersects(await boxOf(toast), await boxOf(done))).toBe(false);
      await page.screenshot({ path: `${SHOTS}/invoice-toast-${name}.png` });
      await done.click();
      await dialog.waitFor({ state: 'detached' });
      await context.close();
    });
  }
});
