// Every list screen is one list block (docs/decisions/014-list-block.md): the super user, who sees every
// organization's records, gets an Organization column on desktop and the organization's name on each phone card;
// an organization's own admin sees neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { OrganizationListItem } from '../src/contracts/organizations';
import { launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { apiJson, uniqueName } from './fixtures/records';

/** Each list screen, the row it shows on desktop and the card it shows on a phone. */
const LISTS = [
  { path: '/customers', row: 'customer-row', card: 'customer-card' },
  { path: '/work-orders', row: 'work-order-row', card: 'work-order-card' },
  { path: '/estimates', row: 'estimate-row', card: 'estimate-card' },
  { path: '/invoices', row: 'invoice-row', card: 'invoice-card' },
  { path: '/recurring-invoices', row: 'recurring-invoice-row', card: 'recurring-invoice-card' },
  { path: '/payments', row: 'payment-row', card: 'payment-card' },
  { path: '/payment-links', row: 'payment-link-row', card: 'payment-link-card' },
  { path: '/messaging', row: 'message-row', card: 'message-card' },
  { path: '/inventory', row: 'inventory-row', card: 'inventory-card' },
  { path: '/url-shortener', row: 'short-url-row', card: 'short-url-card' },
  { path: '/time-tracking', row: 'time-entry-row', card: 'time-entry-card' },
] as const;

/** Lists shown as cards at every width. */
const CARD_LISTS = [
  { path: '/vendors', card: 'vendor-item' },
  { path: '/vendors', card: 'vendor-payment-item' },
] as const;

let browser: Browser;
let organizationNames: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  // The seed has no vendors: the admin adds one, with a payment, so the vendors screen has rows to show.
  const { context, page } = await signedInPage(browser, 'admin@example.com');
  const vendor = await page.request.post('/api/vendors', { data: { name: uniqueName('List block supplier') } });
  expect(vendor.status()).toBe(201);
  const vendorId = ((await vendor.json()) as { id: number }).id;
  const payment = await page.request.post('/api/vendor-payments', { data: { vendorId, amount: '12.50', paymentDate: '2026-01-15', method: 'check' } });
  expect(payment.status()).toBe(201);
  // Nor recurring invoices: one, starting next year so the billing job leaves it be.
  const [customer] = await apiJson<{ id: number }[]>(page, '/api/customers?limit=1');
  const schedule = await page.request.post('/api/recurring-invoices', {
    data: { customerId: customer.id, title: uniqueName('List block schedule'), frequency: 'monthly', startDate: `${new Date().getUTCFullYear() + 1}-01-15`, lineItems: [{ description: 'Visit', quantity: 1, rate: '50' }] },
  });
  expect(schedule.status()).toBe(201);
  await context.close();
  const superUser = await signedInPage(browser, 'super@example.com');
  organizationNames = (await apiJson<OrganizationListItem[]>(superUser.page, '/api/organizations')).map((o) => o.name);
  await superUser.context.close();
});
afterAll(async () => {
  await browser?.close();
});

async function organizationOf(page: Page, testId: string, nameTestId: 'organization-cell' | 'organization-line'): Promise<string> {
  const item = page.getByTestId(testId).first();
  await item.waitFor();
  return ((await item.getByTestId(nameTestId).textContent({ timeout: 10_000 })) ?? '').trim();
}

describe('list block', () => {
  it('shows the super user an Organization column with a real organization name on every list (desktop)', async () => {
    const { context, page } = await signedInPage(browser, 'super@example.com');
    expect(organizationNames.length).toBeGreaterThan(1);
    for (const list of LISTS) {
      await page.goto(list.path);
      await page.getByTestId(list.row).first().waitFor();
      await page.getByRole('columnheader', { name: 'Organization' }).first().waitFor();
      await expect.poll(() => organizationOf(page, list.row, 'organization-cell'), { message: list.path }).toBeOneOf(organizationNames);
    }
    for (const list of CARD_LISTS) {
      await page.goto(list.path);
      await expect.poll(() => organizationOf(page, list.card, 'organization-line'), { message: `${list.path} ${list.card}` }).toBeOneOf(organizationNames);
    }
    await page.goto('/users');
    await page.getByTestId('user-row').first().waitFor();
    await page.getByRole('columnheader', { name: 'Organization' }).waitFor();
    await context.close();
  });

  it("names the organization on each phone card for the super user, and the cards fit a phone's width", async () => {
    const { context, page } = await signedInPage(browser, 'super@example.com', PHONE);
    for (const list of LISTS) {
      await page.goto(list.path);
      await expect.poll(() => organizationOf(page, list.card, 'organization-line'), { message: list.path }).toBeOneOf(organizationNames);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, list.path).toBeLessThanOrEqual(0);
    }
    await context.close();
  });

  it("shows an organization's admin no Organization column or line, but for the Customers table whose columns name it", async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto('/customers');
    await expect.poll(() => organizationOf(page, 'customer-row', 'organization-cell')).toBe('Demo Home Services');
    const others = LISTS.filter((l) => l.path !== '/customers');
    for (const list of [...others, ...CARD_LISTS.map((l) => ({ ...l, row: l.card }))]) {
      await page.goto(list.path);
      await page.getByTestId(list.row).first().waitFor();
      expect(await page.getByRole('columnheader', { name: 'Organization' }).count(), list.path).toBe(0);
      expect(await page.getByTestId('organization-cell').count(), list.path).toBe(0);
      expect(await page.getByTestId('organization-line').count(), list.path).toBe(0);
    }
    await page.goto('/users');
    await page.getByTestId('user-row').first().waitFor();
    expect(await page.getByRole('columnheader', { name: 'Organization' }).count()).toBe(0);
    await context.close();
  });

  it("searches on the server and says 'No results found.' for a search that matches nothing, back to the list when cleared", async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto('/url-shortener');
    await page.getByTestId('short-url-row').first().waitFor();
    await page.getByRole('searchbox', { name: 'Search short URLs' }).fill('no such link anywhere at all');
    await page.getByTestId('short-urls-empty').getByText('No results found.').waitFor();
    await page.getByRole('searchbox', { name: 'Search short URLs' }).fill('');
    await page.getByTestId('short-url-row').first().waitFor();
    await context.close();
  });
});
