// Saves PNGs of the lists' Export control (docs/rules/data-exchange.md#export-button) at desktop (1280) and phone (390)
// width for a visual check: the Invoices screen with its menu open, and the search rows of the other kinds of list
// (a card with a title, a list without a search, a panel inside a tab): `npx tsx e2e/screenshots-list-exports.ts`
// (into /tmp/shots/list-exports, or OUT_DIR). Uses BASE_URL when given (a running app), else starts one with demo data.
import type { Page } from 'playwright-core';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';

let shots: ShotRun;

async function listHeader(page: Page, path: string, testId: string, name: string) {
  await page.goto(path);
  const list = page.getByTestId(testId);
  await list.getByTestId('list-export').waitFor();
  await shots.shootElement(page, list.getByTestId('list-export').locator("xpath=ancestor::div[contains(@class, 'border-b')][1]"), name);
}

async function exportShots(page: Page, suffix: string) {
  await page.goto('/invoices');
  await page.getByTestId('invoices-list').getByTestId('list-export').waitFor();
  await shots.shoot(page, `invoices-${suffix}`);
  await page.getByTestId('list-export').click();
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).waitFor();
  await shots.shoot(page, `invoices-export-menu-${suffix}`);
  await page.keyboard.press('Escape');
  // Nothing found: the control stays, disabled.
  await page.getByRole('searchbox').fill('no such invoice anywhere');
  await page.getByTestId('invoices-empty').waitFor();
  await shots.shoot(page, `invoices-empty-search-${suffix}`);

  await listHeader(page, '/customers', 'customers-list', `customers-header-${suffix}`);
  await listHeader(page, '/vendors', 'vendors-panel', `vendors-header-${suffix}`);
  await listHeader(page, '/vendors', 'vendor-payments-panel', `vendor-payments-header-${suffix}`);
  await listHeader(page, '/payment-links', 'payment-link-rows-list', `payment-links-header-${suffix}`);
  await listHeader(page, '/recurring-invoices', 'recurring-invoices-list', `recurring-header-${suffix}`);
  await listHeader(page, '/time-tracking', 'time-entries-list', `time-entries-header-${suffix}`);
}

runScreenshots('/tmp/shots/list-exports', async (run) => {
  shots = run;
  await run.atBothWidths((page, suffix) => exportShots(page, suffix), 'admin@example.com');
  // The super user's lists: the users panel and the audit log.
  await run.atBothWidths(async (page, suffix) => {
    await page.goto('/super-admin');
    const users = page.getByTestId('admin-users-list');
    await users.getByTestId('list-export').waitFor();
    await shots.shootElement(page, users.getByTestId('list-export').locator("xpath=ancestor::div[contains(@class, 'border-b')][1]"), `admin-users-header-${suffix}`);
  }, 'super@example.com');
});
