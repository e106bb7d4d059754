import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { HOME_SERVICES_EMPLOYEE_MENU, SUPER_USER_MENU, sidebarEntries } from './fixtures/shell';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('super user impersonation', () => {
  it('acts as the employee with the banner and their menu, then exits back to /super-admin', async () => {
    const { context, page } = await signedInPage(browser, 'super@example.com');
    await page.goto('/super-admin');

    const row = page.locator('[data-testid="admin-user-row"][data-email="employee@example.com"]');
    await row.getByRole('button', { name: 'Impersonate' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Impersonate Evan Employee?').waitFor();
    await dialog.getByRole('button', { name: 'Start impersonation' }).click();

    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.has('impersonating'));
    const banner = page.getByTestId('impersonation-banner');
    await banner.getByText('IMPERSONATION MODE ACTIVE').waitFor();
    await banner.getByText('You are viewing as: Evan Employee (employee@example.com)').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('impersonation_token'))).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sidebarEntries(page)).toEqual(HOME_SERVICES_EMPLOYEE_MENU);

    await page.getByRole('button', { name: 'User menu' }).click();
    expect(await page.getByTestId('user-menu-name').textContent()).toBe('Evan Employee');
    expect(await page.getByTestId('user-menu-role').textContent()).toBe('Employee');
    await page.keyboard.press('Escape');

    // Still the employee after a reload: the token travels with every request.
    await page.reload();
    await banner.getByText('IMPERSONATION MODE ACTIVE').waitFor();

    await banner.getByRole('button', { name: 'Exit Impersonation' }).click();
    await page.waitForURL((url) => url.pathname === '/super-admin');
    await page.getByRole('heading', { name: 'Super User Administration', level: 1 }).waitFor();
    expect(await sidebarEntries(page)).toEqual(SUPER_USER_MENU);
    expect(await page.getByTestId('impersonation-banner').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('impersonation_token'))).toBeNull();
    await context.close();
  });

  it('acting as a customer shows the orange banner on the organization home; exiting goes through /login', async () => {
    const { context, page } = await signedInPage(browser, 'super@example.com');
    await page.goto('/super-admin');
    await page.locator('[data-testid="admin-user-row"][data-email="customer@example.com"]').getByRole('button', { name: 'Impersonate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start impersonation' }).click();

    await page.waitForURL((url) => url.pathname === '/org/demo');
    const banner = page.getByTestId('impersonation-banner');
    await banner.getByText('You are viewing as: Casey Customer (customer@example.com)').waitFor();
    expect(await page.getByTestId('sidebar-nav').count()).toBe(0);

    const toLogin = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/login');
    await banner.getByRole('button', { name: 'Exit Impersonation' }).click();
    await toLogin;
    // Still signed in as the super user, who is sent on from /login to /super-admin.
    await page.waitForURL((url) => url.pathname === '/super-admin');
    expect(await page.getByTestId('impersonation-banner').count()).toBe(0);
    await context.close();
  });
});
