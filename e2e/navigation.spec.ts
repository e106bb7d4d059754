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
  // The bar's entries are links; More is a button that opens the rest of the menu (ADR 018).
  return (await bar.locator('a, button').allTextContents()).map((t) => t.trim());
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
    // The screen's chunk may still be loading when the address changes: wait for its title, in the organization's words.
    await page.waitForFunction(() => document.querySelector('[data-testid="page-title"]')?.textContent === 'Service Bills');

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

  it('shows the real unread count on the bell, lists notifications and marks one read', async () => {
    const { context, page } = await signedInPage(browser, 'manager@example.com');
    await page.goto('/');
    // The overdue-invoice job runs shortly after start-up over the seeded invoices.
    const unread = async () => (await (await page.request.get('/api/notifications/unread-count')).json()).count as number;
    let count = await unread();
    for (let i = 0; i < 50 && count === 0; i++) {
      await page.waitForTimeout(200);
      count = await unread();
    }
    expect(count).toBeGreaterThan(0);
    const shown = (n: number) => (n > 99 ? '99+' : String(n));
    await page.reload();
    await page.getByTestId('notification-count').waitFor();
    expect(await page.getByTestId('notification-count').textContent()).toBe(shown(count));
    await page.getByRole('button', { name: `Notifications, ${count} unread` }).click();
    // The menu lists the 20 newest (other specs may have raised quote and payment bells since the overdue ones): open
    // the newest unread one that links somewhere, as a person would.
    const listed = (await (await page.request.get('/api/notifications')).json()) as { readAt: string | null; link: string | null }[];
    const index = listed.findIndex((n) => n.readAt === null && n.link?.startsWith('/'));
    expect(index).toBeGreaterThanOrEqual(0);
    await page.getByRole('menu').getByRole('menuitem').filter({ hasNotText: 'Mark all as read' }).nth(index).click();
    const target = listed[index].link!.split('?')[0];
    await page.waitForURL((url) => url.pathname === target);
    expect(await unread()).toBe(count - 1);
    if (count > 1) {
      await page.waitForFunction((text) => document.querySelector('[data-testid="notification-count"]')?.textContent === text, shown(count - 1));
    } else {
      await page.getByTestId('notification-count').waitFor({ state: 'detached' });
    }
    await context.close();
  });

  it('shows employees no billing notifications', async () => {
    const { context, page } = await signedInPage(browser, 'employee@example.com');
    await page.goto('/');
    // Employees may get booking notifications (they see appointments), never overdue invoices or payments.
    const list = (await (await page.request.get('/api/notifications')).json()) as { type: string; title: string }[];
    expect(list.filter((n) => n.type === 'invoice_overdue' || n.type === 'payment_received')).toEqual([]);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    if (list.length === 0) await page.getByText('No notifications').waitFor();
    else await page.getByRole('menuitem').first().waitFor();
    expect(await page.getByRole('menuitem', { name: /is overdue|Payment received/ }).count()).toBe(0);
    await context.close();
  });

  it('keeps a short customers label: Healthcare shows Jobs and Patients', async () => {
    const { context, page } = await signedInPage(browser, 'admin@brightsmiles.example', PHONE);
    await page.goto('/');
    expect(await mobileBarLabels(page)).toEqual(['Dashboard', 'Jobs', 'Patients', 'Time', 'More']);
    await context.close();
  });
});
