import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { DashboardStats, DashboardStatsWithFinancials } from '../src/contracts/dashboard';
import { formatMoney } from '../src/contracts/money';
import { launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { apiJson, dialogTitled } from './fixtures/records';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function cardText(page: Page, testId: string): Promise<string> {
  const card = page.getByTestId(testId);
  await card.waitFor();
  return (await card.textContent()) ?? '';
}

function percentText(percent: number | null): string | null {
  return percent === null ? null : `${percent > 0 ? '+' : ''}${percent}% from last month`;
}

describe('dashboard', () => {
  it("shows the four cards with the server's figures and growth captions, and the three lists", async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto('/');
    const stats = await apiJson<DashboardStatsWithFinancials>(page, '/api/dashboard/stats');
    expect(stats.financials).toBe(true);
    expect(stats.totalCustomers).toBeGreaterThan(30);

    const active = await cardText(page, 'stat-active-work-orders');
    expect(active).toContain('Active Service Jobs');
    expect(await page.getByTestId('stat-active-work-orders-value').textContent()).toBe(String(stats.activeWorkOrders));
    const activeCaption = percentText(stats.growth.activeWorkOrders.percent);
    if (activeCaption) expect(active).toContain(activeCaption);

    const pending = await cardText(page, 'stat-pending-invoices');
    // The organization's words (Home Services: Service Bills), and what the figure counts.
    expect(pending).toContain('Pending Service Bills');
    expect(pending).toContain(`Balance due on ${stats.pendingInvoices.invoiceCount} unpaid service bills`);
    expect(await page.getByTestId('stat-pending-invoices-value').textContent()).toBe(formatMoney(stats.pendingInvoices.total));
    expect(pending).toContain(`${stats.pendingInvoices.count} overdue`);

    const revenue = await cardText(page, 'stat-monthly-revenue');
    expect(revenue).toContain('Monthly Revenue');
    expect(await page.getByTestId('stat-monthly-revenue-value').textContent()).toBe(formatMoney(stats.monthlyRevenue));
    const revenueCaption = percentText(stats.growth.monthlyRevenue.percent);
    if (revenueCaption) expect(revenue).toContain(revenueCaption);

    // Read after the page: other specs may have added customers to the same server before.
    const customers = await cardText(page, 'stat-total-customers');
    expect(customers).toContain('Total Customers');
    expect(await page.getByTestId('stat-total-customers-value').textContent()).toBe(String(stats.totalCustomers));
    expect(customers).toContain(`+${stats.growth.newCustomers.thisMonth} this month`);

    // Recent jobs: number, title, customer, status, due date or 'Not set'.
    const jobs = page.getByTestId('recent-job');
    expect(await jobs.count()).toBe(stats.recentWorkOrders.length);
    const firstJob = stats.recentWorkOrders[0];
    const firstText = (await jobs.first().textContent()) ?? '';
    expect(firstText).toContain(firstJob.orderNumber);
    expect(firstText).toContain(firstJob.title);
    expect(firstText).toContain(firstJob.customerName);
    if (!firstJob.dueDate) expect(firstText).toContain('Not set');

    // Payment status: number, customer, title or the organization's word for an invoice ('Service Bill'), total, status.
    const invoices = page.getByTestId('payment-status-row');
    expect(await invoices.count()).toBe(stats.paymentStatus.length);
    const firstInvoice = stats.paymentStatus[0];
    const invoiceText = (await invoices.first().textContent()) ?? '';
    for (const part of [firstInvoice.invoiceNumber, firstInvoice.customerName, firstInvoice.title ?? 'Service Bill', formatMoney(firstInvoice.total)]) {
      expect(invoiceText).toContain(part);
    }

    // Inventory alerts: 'Out of stock' at zero, else 'Low stock' with the units.
    const alerts = page.getByTestId('inventory-alert');
    expect(await alerts.count()).toBe(stats.inventoryAlerts.length);
    for (const [i, item] of stats.inventoryAlerts.entries()) {
      const text = (await alerts.nth(i).textContent()) ?? '';
      expect(text).toContain(item.name);
      expect(text).toContain(item.quantity === 0 ? 'Out of stock' : 'Low stock');
      if (item.quantity > 0) expect(text).toMatch(new RegExp(`${item.quantity} units?`));
    }
    await context.close();
  });

  it('opens the work order from its number, and the quick actions open their dialogs and pages', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto('/dashboard');
    const stats = await apiJson<DashboardStats>(page, '/api/dashboard/stats');
    const job = stats.recentWorkOrders[0];
    await page.getByTestId('recent-jobs').getByRole('button', { name: job.orderNumber }).click();
    const workOrder = page.getByTestId('work-order-dialog');
    await workOrder.getByRole('heading', { name: /^Edit/ }).waitFor();
    await page.keyboard.press('Escape');
    await workOrder.waitFor({ state: 'detached' });

    const actions = page.getByTestId('quick-actions');
    await actions.getByRole('button', { name: 'Create Service Bill' }).click();
    await page.getByTestId('invoice-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('invoice-dialog').waitFor({ state: 'detached' });

    await actions.getByRole('button', { name: 'Add Customer' }).click();
    await dialogTitled(page, 'Add New Customer').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const home = actions.getByRole('link', { name: 'View Organization Home' });
    expect(await home.getAttribute('href')).toBe('/org/demo');
    expect(await home.getAttribute('target')).toBe('_blank');

    await actions.getByRole('link', { name: 'Start Timer' }).click();
    await page.waitForURL((url) => url.pathname === '/time-tracking' && url.searchParams.get('start') === '1');
    await page.goBack();
    await page.getByTestId('quick-actions').getByRole('link', { name: 'Book Appointment' }).click();
    await page.waitForURL((url) => url.pathname === '/scheduling');
    await context.close();
  });

  it('shows an employee no money: no Pending Invoices, Monthly Revenue or Payment Status, and only the quick actions they may use', async () => {
    const { context, page } = await signedInPage(browser, 'employee@example.com', PHONE);
    await page.goto('/');
    const stats = await apiJson<DashboardStats>(page, '/api/dashboard/stats');
    expect(stats.financials).toBe(false);
    const actions = page.getByTestId('quick-actions');
    await actions.getByRole('link', { name: 'Book Appointment' }).waitFor();
    expect(await actions.getByRole('button', { name: 'Create Service Bill' }).count()).toBe(0);
    expect(await actions.getByRole('button', { name: 'Add Customer' }).count()).toBe(0);
    await page.getByTestId('stat-total-customers').waitFor();
    await page.getByTestId('stat-active-work-orders').waitFor();
    await page.getByTestId('inventory-alerts').waitFor();
    for (const testId of ['stat-pending-invoices', 'stat-monthly-revenue', 'payment-status']) expect(await page.getByTestId(testId).count(), testId).toBe(0);
    const main = (await page.getByRole('main').textContent()) ?? '';
    for (const words of ['Pending Service Bills', 'Monthly Revenue', 'Payment Status', '$']) expect(main, words).not.toContain(words);
    await context.close();
  });

  it("says 'Failed to load dashboard stats' when the figures cannot be read", async () => {
    const { context, page } = await signedInPage(browser, 'manager@example.com');
    await page.route('**/api/dashboard/stats', (route) => route.fulfill({ status: 500, json: { message: 'Database unavailable' } }));
    await page.goto('/');
    await page.getByText('Failed to load dashboard stats').waitFor({ timeout: 20_000 });
    await context.close();
  });
});
