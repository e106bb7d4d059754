import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './fixtures/browser';
import { signInAndRemember } from './fixtures/sessions';
import {
  HEALTHCARE_ADMIN_MENU,
  HOME_SERVICES_ADMIN_MENU,
  HOME_SERVICES_EMPLOYEE_MENU,
  HOME_SERVICES_STAFF_MENU,
  SUPER_USER_MENU,
  sidebarEntries,
} from './fixtures/shell';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(email: string): Promise<Page> {
  const { page } = await newPage(browser);
  await signInAndRemember(page, email);
  return page;
}

async function expectStaffDashboard(page: Page, organization: string, menu: string[]) {
  await page.waitForURL((url) => url.pathname === '/');
  expect(await page.getByTestId('page-title').textContent()).toBe('Dashboard');
  expect(await page.getByTestId('organization-name').textContent()).toBe(organization);
  expect(await sidebarEntries(page)).toEqual(menu);
}

describe('signing in as each demo role', () => {
  it('an organization admin lands on the dashboard with Organization and Users, without super-user entries', async () => {
    const page = await signedIn('admin@example.com');
    await expectStaffDashboard(page, 'Demo Home Services', HOME_SERVICES_ADMIN_MENU);
    await page.context().close();
  });

  it('a manager sees neither Organization nor Users', async () => {
    const page = await signedIn('manager@example.com');
    await expectStaffDashboard(page, 'Demo Home Services', HOME_SERVICES_STAFF_MENU);
    await page.context().close();
  });

  it('an employee sees neither Organization nor Users, and the admin-only pages are refused', async () => {
    const page = await signedIn('employee@example.com');
    await expectStaffDashboard(page, 'Demo Home Services', HOME_SERVICES_EMPLOYEE_MENU);
    await page.goto('/users');
    await page.getByTestId('access-denied').waitFor();
    await page.context().close();
  });

  it('a Healthcare organization admin gets the Healthcare vocabulary', async () => {
    const page = await signedIn('admin@brightsmiles.example');
    await expectStaffDashboard(page, 'Bright Smiles Dental', HEALTHCARE_ADMIN_MENU);
    await page.getByRole('link', { name: 'Patients' }).first().click();
    await page.waitForURL((url) => url.pathname === '/customers');
    await page.getByRole('heading', { name: 'Patients', level: 1 }).waitFor();
    // The top bar says what the menu and the page say (docs/customer-emails.md#vocabulary-on-screens).
    expect(await page.getByTestId('page-title').textContent()).toBe('Patients');
    await page.context().close();
  });

  it('the super user lands on /super-admin and sees every entry and the user list', async () => {
    const page = await signedIn('super@example.com');
    await page.waitForURL((url) => url.pathname === '/super-admin');
    await page.getByRole('heading', { name: 'Super User Administration', level: 1 }).waitFor();
    expect(await sidebarEntries(page)).toEqual(SUPER_USER_MENU);

    const rows = page.getByTestId('admin-user-row');
    await rows.first().waitFor();
    const emails = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-email')));
    expect(emails).toContain('employee@example.com');
    const superRow = page.locator('[data-testid="admin-user-row"][data-email="super@example.com"]');
    expect(await superRow.getByRole('button', { name: 'Impersonate' }).count()).toBe(0);
    const employeeRow = page.locator('[data-testid="admin-user-row"][data-email="employee@example.com"]');
    expect(await employeeRow.getByRole('button', { name: 'Impersonate' }).count()).toBe(1);

    // Sent back to /super-admin from / as well.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/super-admin');
    await page.context().close();
  });

  it('a customer never sees the shell: they land on their organization home with a My account link', async () => {
    const page = await signedIn('customer@example.com');
    await page.waitForURL((url) => url.pathname === '/org/demo');
    await page.getByRole('heading', { name: 'Demo Home Services', level: 1 }).waitFor();
    await page.getByText('Welcome, Casey').waitFor();
    await page.getByRole('link', { name: 'My account' }).waitFor();
    expect(await page.getByTestId('sidebar-nav').count()).toBe(0);

    await page.goto('/customers');
    await page.waitForURL((url) => url.pathname === '/org/demo');
    expect(await page.getByTestId('sidebar-nav').count()).toBe(0);
    await page.context().close();
  });
});
