// The Aging Report tab pages each bucket's invoices (docs/decisions/021-aging-report-paging.md): the cards carry the
// server's exact counts and balances, a card lists its bucket's unpaid invoices 25 at a time, and every invoice is
// reachable. A fresh organization of its own, so the demo data other specs read is left as it was. Saves
// screenshots/aging/*.png at 1440x900 and 390x844.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMoney, fromCents } from '../src/contracts/money';
import { launchBrowser } from './fixtures/browser';
import { PHONE } from './fixtures/browser-config';
import { createCustomer } from './fixtures/documents';
import { signedInPage } from './fixtures/sessions';

const SHOTS = path.resolve(import.meta.dirname, '../screenshots/aging');
const WIDE = { width: 1440, height: 900 };
const DAY = 86_400_000;
const dateAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
/** More than one page of the 31-60 bucket. */
const OVERDUE = 30;

let browser: Browser;
let adminEmail: string;
const overdueIds: number[] = [];

async function postJson<T>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.post(url, { data });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  const tag = randomUUID().slice(0, 8);
  adminEmail = `aging-admin-${tag}@example.com`;
  const superUser = await signedInPage(browser, 'super@example.com');
  const org = await postJson<{ id: number }>(superUser.page, '/api/organizations', { name: `Aging Plumbing ${tag}`, industry: 'Home Services', email: 'aging@example.com' });
  await postJson(superUser.page, '/api/users', { email: adminEmail, firstName: 'Ada', lastName: 'Aging', role: 'org_admin', organizationId: org.id });
  await superUser.context.close();

  const { context, page } = await signedInPage(browser, adminEmail);
  const c = await createCustomer(page, `Ledger Customer ${tag}`, `aging-customer-${tag}@example.com`);
  const invoice = (dueDaysAgo: number, rate: string) =>
    postJson<{ id: number }>(page, '/api/invoices', { customerId: c.id, status: 'sent', dueDate: dateAgo(dueDaysAgo), lineItems: [{ description: 'Visit', quantity: 1, rate }] });
  for (let k = 0; k < OVERDUE; k++) overdueIds.push((await invoice(45, '10.00')).id);
  for (let k = 0; k < 3; k++) await invoice(70, '20.00');
  await invoice(-10, '99.00');
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('aging report paging', () => {
  // Home Services calls invoices service bills (contracts/vocabulary.ts): the tab speaks the organization's words.
  it('shows exact bucket figures and pages the chosen bucket', async () => {
    const { context, page } = await signedInPage(browser, adminEmail, WIDE);
    await page.goto('/payment-analytics');
    await page.getByTestId('aging-days30-count').getByText('30 service bills').waitFor();
    expect(await page.getByTestId('aging-days30-value').textContent()).toBe(formatMoney(fromCents(OVERDUE * 1000)));
    expect(await page.getByTestId('aging-days60-count').textContent()).toBe('3 service bills');
    expect(await page.getByTestId('aging-days60-value').textContent()).toBe(formatMoney('60.00'));
    expect(await page.getByTestId('aging-current-count').textContent()).toBe('1 service bill');

    // The oldest bucket with anything in it is listed first.
    const list = page.getByTestId('aging-invoices-list');
    await list.getByText('61-90 days: unpaid service bills, oldest due first').waitFor();
    expect(await list.getByTestId('aging-invoice').count()).toBe(3);
    expect(await list.getByTestId('aging-invoice').first().textContent()).toContain('70 days past due');

    const card = page.getByTestId('aging-days30').getByRole('button');
    await card.click();
    expect(await card.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('aging-invoices-page-summary').getByText('Showing 1–25 of 30').waitFor();
    expect(await list.getByTestId('aging-invoice').count()).toBe(25);
    await page.screenshot({ path: `${SHOTS}/aging-desktop.png`, fullPage: true });
    await list.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('aging-invoices-page-summary').getByText('Showing 26–30 of 30').waitFor();
    expect(await list.getByTestId('aging-invoice').count()).toBe(5);
    // Every invoice of the bucket was listed once across the two pages (same due date: by id).
    const last = await list.getByTestId('aging-invoice').last().getByRole('link').getAttribute('href');
    expect(last).toBe(`/invoices?open=${Math.max(...overdueIds)}`);
    await page.screenshot({ path: `${SHOTS}/aging-desktop-page-2.png`, fullPage: true });
    await context.close();
  });

  it('lists a bucket on a phone without sideways scrolling and opens an invoice from it', async () => {
    const { context, page } = await signedInPage(browser, adminEmail, PHONE);
    await page.goto('/payment-analytics');
    await page.getByTestId('aging-days30').getByRole('button').click();
    const list = page.getByTestId('aging-invoices-list');
    await page.getByTestId('aging-invoices-page-summary').getByText('Showing 1–25 of 30').waitFor();
    // What the phone shows around the cards and the list's start (a full-page shot of 25 rows is too tall to read).
    await page.getByTestId('aging-days60').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/aging-phone.png` });
    await page.getByTestId('aging-invoices-page-summary').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/aging-phone-pager.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const first = list.getByTestId('aging-invoice').first().getByRole('link');
    expect(await first.getAttribute('href')).toBe(`/invoices?open=${Math.min(...overdueIds)}`);
    await first.click();
    await page.waitForURL(/\/invoices\?open=\d+/);
    await context.close();
  });
});
