// The super user's screens (/super-admin, /payment-processors, /organizations) and their dialogs, and the
// impersonation banner, scanned with axe at desktop width. Dialogs are opened and closed without saving.
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/fixtures/browser';
import { uniqueName } from '../e2e/fixtures/records';
import { signedInPage } from '../e2e/fixtures/sessions';
import { createScanner, logScanCount, settle } from './fixtures/axe';
import { scanDialogFrom, scanEachTab, scanScreen } from './fixtures/screens';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await signedInPage(browser, 'super@example.com'));
});
async function postJson<T>(on: Page, path: string, data: unknown): Promise<T> {
  const response = await on.request.post(path, { data });
  if (!response.ok()) throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

afterAll(async () => {
  logScanCount('super-user-screens');
  await context?.close();
  await browser?.close();
});

describe('super user screens (desktop)', () => {
  it('super admin: users, audit log, Create User and the impersonation confirmation', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/super-admin');
    await scanDialogFrom(s, page, 'super admin: Create User dialog', page.getByRole('button', { name: 'Create User' }));
    const employeeRow = page.locator('[data-testid="admin-user-row"][data-email="employee@example.com"]');
    await scanDialogFrom(s, page, 'super admin: impersonation confirmation', employeeRow.getByRole('button', { name: 'Impersonate' }));
    await scanEachTab(s, page, '/super-admin');
    s.expectClean();
  });

  it('payment processors: an organization chosen, and the add, edit and delete dialogs', async () => {
    const s = createScanner();
    // An organization of its own with one (inactive) processor, so the demo organizations' payments are untouched.
    const organization = await postJson<{ id: number }>(page, '/api/organizations', { name: uniqueName('A11y Processors') });
    await postJson(page, '/api/payment-processors', { displayName: 'Stripe', processorType: 'stripe', organizationId: organization.id });
    await scanScreen(s, page, '/payment-processors');
    await page.getByLabel('Organization').selectOption(String(organization.id));
    const addProcessor = page.getByRole('button', { name: 'Add Processor' });
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await settle(page);
    await s.scan(page, '/payment-processors: an organization with a processor');
    await scanDialogFrom(s, page, 'payment processors: Add Processor dialog', addProcessor);
    await scanDialogFrom(s, page, 'payment processors: Edit processor dialog', page.getByRole('button', { name: 'Edit', exact: true }));
    await scanDialogFrom(s, page, 'payment processors: Delete processor confirmation', page.getByRole('button', { name: /^Delete / }));
    s.expectClean();
  });

  it('organizations: the list and the create and edit dialogs', async () => {
    const s = createScanner();
    await scanScreen(s, page, '/organizations');
    await scanDialogFrom(s, page, 'organizations: Create Organization dialog', page.getByRole('button', { name: 'Create Organization' }));
    await scanDialogFrom(s, page, 'organizations: Edit Organization dialog', page.getByRole('button', { name: /^Edit / }).first());
    s.expectClean();
  });

  it('the impersonation banner over the dashboard', async () => {
    const s = createScanner();
    const own = await signedInPage(browser, 'super@example.com');
    await own.page.goto('/super-admin');
    await own.page.locator('[data-testid="admin-user-row"][data-email="admin@example.com"]').getByRole('button', { name: 'Impersonate' }).click();
    await own.page.getByRole('alertdialog').getByRole('button', { name: 'Start impersonation' }).click();
    const banner = own.page.getByTestId('impersonation-banner');
    await banner.getByText('IMPERSONATION MODE ACTIVE').waitFor();
    await own.page.locator('h1').first().waitFor();
    await settle(own.page);
    await s.scan(own.page, '/dashboard while impersonating');
    await banner.getByRole('button', { name: 'Exit Impersonation' }).click();
    await own.page.waitForURL((url) => url.pathname === '/super-admin');
    await own.context.close();
    s.expectClean();
  });
});
