// The main screens again at phone width (390 px), where tables become cards, the menu becomes a drawer and the
// bottom bar appears: each scanned with axe, with the drawer, the search and one dialog open.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from '../e2e/fixtures/browser';
import { openGlobalSearch } from '../e2e/fixtures/records';
import { signedInPage } from '../e2e/fixtures/sessions';
import { createScanner, logScanCount, settle } from './fixtures/axe';
import { scanDialogFrom, scanScreen, visit } from './fixtures/screens';

const STAFF_SCREENS = ['/dashboard', '/my-day', '/customers', '/work-orders', '/invoices', '/payments', '/scheduling', '/dispatch', '/team', '/messaging', '/inventory', '/time-tracking', '/reports'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  logScanCount('phone-width');
  await browser?.close();
});

describe('phone width (390 px)', () => {
  it('the main staff screens, the menu drawer, the search and a dialog', async () => {
    const s = createScanner();
    const { context, page } = await signedInPage(browser, 'admin@example.com', PHONE);
    for (const path of STAFF_SCREENS) await scanScreen(s, page, path, `${path} (phone)`);

    await page.getByRole('button', { name: 'Show menu' }).click();
    const drawer = page.getByRole('complementary', { name: 'Main navigation' });
    await drawer.waitFor();
    await s.scan(page, 'menu drawer (phone)');
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await drawer.waitFor({ state: 'detached' });

    const search = await openGlobalSearch(page);
    await search.fill('a');
    await page.locator(`#${await search.getAttribute('aria-controls')}`).getByRole('option').first().waitFor();
    await settle(page);
    await s.scan(page, 'search open with results (phone)');
    await page.getByRole('button', { name: 'Close search' }).click();

    await visit(page, '/customers');
    await scanDialogFrom(s, page, 'customers: New Customer dialog (phone)', page.getByRole('button', { name: 'New Customer' }));
    await context.close();
    s.expectClean();
  });

  it('the customer portal and the public pages', async () => {
    const s = createScanner();
    const customer = await signedInPage(browser, 'customer@example.com', PHONE);
    await customer.page.goto('/customer-portal');
    await customer.page.getByTestId('portal-greeting').waitFor();
    await settle(customer.page);
    await s.scan(customer.page, '/customer-portal (phone)');
    await customer.context.close();

    const visitor = await newPage(browser, PHONE);
    for (const path of ['/login', '/org/demo', '/services/demo', '/schedule/demo']) await scanScreen(s, visitor.page, path, `${path} (phone)`);
    await visitor.page.getByRole('button', { name: /^Drain cleaning/ }).click();
    await visitor.page.getByRole('heading', { name: 'Select a date' }).waitFor();
    await settle(visitor.page);
    await s.scan(visitor.page, '/schedule/demo: date step (phone)');
    await visitor.context.close();
    s.expectClean();
  });
});
