import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function mobileBarLabels(page: import('playwright-core').Page): Promise<string[]> {
  const bar = page.getByTestId('mobile-bar');
  await bar.waitFor();
  return (await bar.getByRole('link').allTextContents()).map((t) => t.trim());
}

describe('signed-out routing', () => {
  it('sends / to /login and shows the 404 page for unknown and signed-in-only paths', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');

    for (const path of ['/no-such-page', '/customers']) {
      await page.goto(path);
      await page.getByText('404 Page Not Found').waitFor();
      await page.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor();
    }
    await context.close();
  });

  it('shows the public organization pages with industry wording and a clear error for an unknown slug', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/org/demo');
    await page.getByRole('heading', { name: 'Demo Home Services', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Schedule a Service' }).waitFor();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await page.getByText('Springfield, IL 62701').waitFor();

    await page.goto('/org/bright-smiles');
    await page.getByRole('link', { name: 'Schedule an Appointment' }).waitFor();
    await page.getByRole('link', { name: 'View Services' }).click();
    await page.waitForURL((url) => url.pathname === '/services/bright-smiles');
    await page.getByTestId('public-organization-name').getByText('Bright Smiles Dental').waitFor();

    await page.goto('/org/no-such-organization');
    await page.getByRole('heading', { name: 'Organization Not Found' }).waitFor();
    await context.close();
  });

  it('shows the user guide with a Back button to /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/user-guide');
    await page.getByRole('heading', { name: 'User Guide', level: 1 }).waitFor();
    for (const topic of ['Getting started and signing in', 'Invoices', 'Scheduling, online booking and reminders', 'Super admin and impersonation']) {
      await page.getByRole('heading', { name: topic, level: 2 }).waitFor();
    }
    expect(await page.getByTestId('sidebar-nav').count()).toBe(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });
});

describe('signed-in layout', () => {
  it('on a 390 px phone shows the bottom bar with Jobs and Clients, and the drawer closes after a choice', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com', PHONE);
    await page.goto('/');
    expect(await mobileBarLabels(page)).toEqual(['Dashboard', 'Jobs', 'Clients', 'Time', 'More']);
    expect(await page.getByTestId('sidebar-nav').count()).toBe(0);

    await page.getByRole('button', { name: 'Show menu' }).click();
    await page.getByTestId('sidebar-nav').getByRole('link', { name: 'Service Bills' }).click();
    await page.waitForURL((url) => url.pathname === '/invoices');
    await page.getByTestId('sidebar-nav').waitFor({ state: 'detached' });
    expect(await page.getByTestId('page-title').textContent()).toBe('Invoices');

    await page.getByTestId('mobile-bar').getByRole('link', { name: 'Clients' }).click();
    await page.waitForURL((url) => url.pathname === '/customers');

    // The user guide opens inside the shell for staff, and Back returns to the dashboard.
    await page.goto('/user-guide');
    await page.getByRole('heading', { name: 'User Guide', level: 1 }).waitFor();
    await page.getByTestId('mobile-bar').waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // 404 inside the shell for a signed-in user.
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor();

    // The same session at desktop width: sidebar shown, bottom bar hidden, the toggle hides the sidebar.
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await page.getByTestId('sidebar-nav').waitFor();
    expect(await page.getByTestId('mobile-bar').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Hide menu' }).click();
    await page.getByTestId('sidebar-nav').waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the unread count on the bell, lists notifications and marks them read', async () => {
    const { context, page } = await signedInPage(browser, 'manager@example.com');
    await page.goto('/');
    // No seeded event creates notifications yet, so the real server reports none: no badge.
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByText('No notifications').waitFor();
    expect(await page.getByTestId('notification-count').count()).toBe(0);
    await page.keyboard.press('Escape');

    // The rendering of unread items, with the server's answers stubbed.
    const unread = { id: 7, type: 'invoice_overdue', title: 'Invoice INV-00001 is overdue', body: 'Casey Customer owes $120.00', link: '/invoices', readAt: null, createdAt: new Date().toISOString() };
    let count = 3;
    const calls: string[] = [];
    await page.route('**/api/notifications/unread-count', (route) => route.fulfill({ json: { count } }));
    await page.route('**/api/notifications', (route) => route.fulfill({ json: [count > 0 ? unread : { ...unread, readAt: unread.createdAt }] }));
    await page.route('**/api/notifications/*/read', (route) => {
      calls.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
      count = 0;
      return route.fulfill({ json: { message: 'ok' } });
    });
    await page.reload();
    expect(await page.getByTestId('notification-count').textContent()).toBe('3');
    await page.getByRole('button', { name: 'Notifications, 3 unread' }).click();
    await page.getByRole('menuitem', { name: /Invoice INV-00001 is overdue/ }).click();
    await page.waitForURL((url) => url.pathname === '/invoices');
    expect(calls).toEqual(['PUT /api/notifications/7/read']);
    await page.getByTestId('notification-count').waitFor({ state: 'detached' });
    await context.close();
  });

  it('keeps a short customers label: Healthcare shows Jobs and Patients', async () => {
    const { context, page } = await signedInPage(browser, 'admin@brightsmiles.example', PHONE);
    await page.goto('/');
    expect(await mobileBarLabels(page)).toEqual(['Dashboard', 'Jobs', 'Patients', 'Time', 'More']);
    await context.close();
  });
});
