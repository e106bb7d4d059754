import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { statusLabel } from '../src/contracts/format';
import { formatMoney } from '../src/contracts/money';
import type { ReportSummary } from '../src/contracts/reports';
import { launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { apiJson, uniqueName } from './fixtures/records';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Waits until the figures on screen are those of the range (the screen keeps old figures while loading). */
async function figuresFor(page: Page, from: string | null, to: string | null) {
  const figures = page.locator(`[data-testid="report-figures"][data-range="${from ?? 'all'}..${to ?? 'all'}"][aria-busy="false"]`);
  await figures.waitFor({ timeout: 20_000 });
  return figures;
}

async function summaryFor(page: Page, from: string | null, to: string | null): Promise<ReportSummary> {
  return apiJson<ReportSummary>(page, from && to ? `/api/reports/summary?from=${from}&to=${to}` : '/api/reports/summary');
}

async function expectCards(page: Page, s: ReportSummary) {
  const value = (key: string) => page.getByTestId(`kpi-${key}-value`).textContent();
  expect(await value('revenue')).toBe(formatMoney(s.kpis.totalRevenue));
  expect(await value('average-job')).toBe(formatMoney(s.kpis.averageJobValue));
  expect(await value('completion')).toBe(`${s.kpis.completionRate.toFixed(1)}%`);
  expect(await value('hours')).toBe(`${s.kpis.hoursTracked.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} h`);
}

/** RFC 4180 rows: quoted fields may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].slice(0, 3).map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"')));
}

describe('reports', () => {
  it("shows the server's figures for the chosen range and exports the same figures as CSV", async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    // A customer of our own, paid today far above any demo customer: it tops every range that includes today.
    const name = uniqueName('E2E "Reports", Ltd');
    const customer = await page.request.post('/api/customers', { data: { name } });
    expect(customer.ok()).toBe(true);
    const invoice = await page.request.post('/api/invoices', {
      data: { customerId: (await customer.json()).id, status: 'paid', lineItems: [{ description: 'Reports check', quantity: '1', rate: '987654.32' }] },
    });
    expect(invoice.ok()).toBe(true);

    await page.goto('/reports');
    expect(await page.getByTestId('page-title').textContent()).toBe('Reports');
    await page.getByRole('heading', { name: 'Reports & Analytics' }).waitFor();

    // Default: the last 30 UTC days, today included.
    const today = isoDay(Date.now());
    const from30 = isoDay(Date.parse(`${today}T00:00:00Z`) - 29 * DAY);
    await figuresFor(page, from30, today);
    const last30 = await summaryFor(page, from30, today);
    await expectCards(page, last30);
    expect(last30.topCustomers[0].name).toBe(name);
    const topRows = page.getByTestId('top-customer');
    expect(await topRows.count()).toBe(last30.topCustomers.length);
    expect(await topRows.first().textContent()).toContain(name);
    expect(await topRows.first().getByTestId('top-customer-revenue').textContent()).toBe(formatMoney(last30.topCustomers[0].revenue));
    for (const w of last30.workOrdersByStatus) {
      expect(await page.getByTestId(`work-orders-by-status-${w.status}-count`).textContent()).toBe(w.count.toLocaleString('en-US'));
    }
    for (const i of last30.invoiceStatusSummary) {
      expect(await page.getByTestId(`invoice-status-${i.status}-total`).textContent()).toBe(formatMoney(i.total));
    }

    // All time: more work orders than the last 30 days, and the cards follow.
    await page.getByLabel('Date range').selectOption('all');
    await figuresFor(page, null, null);
    const all = await summaryFor(page, null, null);
    await expectCards(page, all);
    expect(all.kpis.workOrders).toBeGreaterThan(last30.kpis.workOrders);
    expect(await page.getByTestId('report-range-text').textContent()).toBe('Showing All time');

    // A custom range: from the first of this year to today.
    const yearStart = `${today.slice(0, 4)}-01-01`;
    await page.getByLabel('Date range').selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill(yearStart);
    await page.getByLabel('To', { exact: true }).fill(today);
    await figuresFor(page, yearStart, today);
    const year = await summaryFor(page, yearStart, today);
    await expectCards(page, year);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Reports' }).click()]);
    expect(download.suggestedFilename()).toBe(`reports-${yearStart}-${today}.csv`);
    const rows = parseCsv(fs.readFileSync(await download.path(), 'utf8'));
    const value = (section: string, metric: string) => rows.find((r) => r[0] === section && r[1] === metric)?.[2];
    expect(rows[0]).toEqual(['section', 'metric', 'value']);
    expect(value('Range', 'From')).toBe(yearStart);
    expect(value('Range', 'To')).toBe(today);
    expect(value('Key Figures', 'Total Revenue')).toBe(year.kpis.totalRevenue);
    expect(value('Key Figures', 'Average Job Value')).toBe(year.kpis.averageJobValue);
    expect(value('Key Figures', 'Completion Rate (%)')).toBe(year.kpis.completionRate.toFixed(1));
    expect(value('Key Figures', 'Hours Tracked')).toBe(year.kpis.hoursTracked.toFixed(1));
    for (const w of year.workOrdersByStatus) expect(value('Work Orders by Status', statusLabel(w.status))).toBe(String(w.count));
    for (const i of year.invoiceStatusSummary) {
      expect(value('Invoice Status Summary', `${statusLabel(i.status)} Count`)).toBe(String(i.count));
      expect(value('Invoice Status Summary', `${statusLabel(i.status)} Total`)).toBe(i.total);
    }
    expect(rows.filter((r) => r[0] === 'Top Customers by Revenue').map((r) => [r[1], r[2]])).toEqual(year.topCustomers.map((c) => [c.name, c.revenue]));
    expect(value('Activity', 'Payments Received Total')).toBe(year.activity.paymentsReceivedTotal);
    expect(value('Activity', 'Time Entries')).toBe(String(year.activity.timeEntries));
    await context.close();
  });

  it('refuses an end date before the start date and turns Export Reports off', async () => {
    const { context, page } = await signedInPage(browser, 'manager@example.com', PHONE);
    await page.goto('/reports');
    await page.getByTestId('kpi-revenue-value').waitFor();
    await page.getByLabel('Date range').selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2026-03-10');
    await page.getByLabel('To', { exact: true }).fill('2026-03-01');
    await page.getByText('The end date must be on or after the start date').waitFor();
    expect(await page.getByRole('button', { name: 'Export Reports' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('tells an employee that their role has no access', async () => {
    const { context, page } = await signedInPage(browser, 'employee@example.com');
    await page.goto('/reports');
    await page.getByText('Your role does not give access to reports.').waitFor({ timeout: 20_000 });
    await context.close();
  });
});
