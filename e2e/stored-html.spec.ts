// HTML stored in any field is shown as text, never interpreted: on every screen that shows the record,
// in the global search, in the customer portal preview and in the invoice and estimate PDFs
// (docs/rules/records.md#pdfs: "Stored text is printed as text, never interpreted").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './fixtures/browser';
import { pdfText } from './fixtures/documents';
import { openGlobalSearch } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

/** Would set window.__xss if a screen turned it into elements; the <b> would turn bold. */
const STORED = '<img src=x onerror="window.__xss=1"><b>Bold</b> Zoë';
const LITERAL = '<b>Bold</b>';

let browser: Browser;
/** Tells this run's records apart from earlier runs' (the server keeps its data between spec files). */
const tag = `HTML${Date.now().toString(36).toUpperCase()}`;
const text = (what: string) => `${STORED} ${what} ${tag}`;
const made = { customerId: 0, invoiceId: 0, estimateId: 0, workOrderNumber: '' };

async function post<T>(page: Page, url: string, data: object): Promise<T> {
  const response = await page.request.post(url, { data });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await signedInPage(browser, 'admin@example.com');
  const email = `${tag.toLowerCase()}@example.com`;
  const customer = await post<{ id: number }>(page, '/api/customers', {
    name: text('Customer'),
    email,
    companyName: text('Company'),
    notes: text('Notes'),
    portalAccessEnabled: true,
  });
  made.customerId = customer.id;
  const workOrder = await post<{ orderNumber: string }>(page, '/api/work-orders', {
    customerId: customer.id,
    title: text('Job'),
    description: text('Job description'),
    lineItems: [{ description: text('Job line'), quantity: 1, rate: 10 }],
  });
  made.workOrderNumber = workOrder.orderNumber;
  const estimate = await post<{ id: number }>(page, '/api/estimates', {
    customerId: customer.id,
    title: text('Quote'),
    description: text('Quote description'),
    notes: text('Quote notes'),
    lineItems: [{ description: text('Quote line'), quantity: 1, rate: 20 }],
  });
  made.estimateId = estimate.id;
  const invoice = await post<{ id: number }>(page, '/api/invoices', {
    customerId: customer.id,
    status: 'sent',
    notes: text('Invoice notes'),
    lineItems: [{ description: text('Invoice line'), quantity: 2, rate: '12.50' }],
  });
  made.invoiceId = invoice.id;
  await post(page, '/api/vendors', { name: text('Vendor'), companyName: text('Vendor company'), notes: text('Vendor notes') });
  // Out of stock, so the dashboard's inventory alerts may list it too.
  await post(page, '/api/inventory', { name: text('Item'), description: text('Item description'), quantity: 0, minimumStock: 1 });
  await post(page, '/api/short-urls', { title: text('Short link'), originalUrl: 'https://example.com/stored-html' });
  await post(page, '/api/messages', { subject: text('Subject'), content: text('Message body'), type: 'email', recipients: [email] });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

/** The stored markup shows as its literal text, and nothing of it became an element or ran. */
async function expectShownAsText(page: Page, where: string): Promise<void> {
  await page.getByText(LITERAL, { exact: false }).first().waitFor();
  expect(await page.locator('img[src="x"]').count(), `${where}: an <img> was created from stored text`).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), `${where}: the stored onerror ran`).toBeUndefined();
  // <b>Bold</b> interpreted would leave the word Bold without its tags.
  const boldElements = await page.locator('b, strong').filter({ hasText: /^Bold$/ }).count();
  expect(boldElements, `${where}: a <b> element was created from stored text`).toBe(0);
}

/** Opens a list screen and searches it for this run's records. */
async function openListAndSearch(page: Page, path: string): Promise<void> {
  await page.goto(path);
  const search = page.locator('main').getByRole('searchbox').first();
  await search.waitFor();
  await search.fill(tag);
}

describe('stored HTML is shown as text', () => {
  for (const [screen, path] of [
    ['customers', '/customers'],
    ['work orders', '/work-orders'],
    ['estimates', '/estimates'],
    ['invoices', '/invoices'],
    ['vendors', '/vendors'],
    ['inventory', '/inventory'],
    ['URL shortener', '/url-shortener'],
    ['messaging', '/messaging'],
  ] as const) {
    it(`on the ${screen} screen`, async () => {
      const { context, page } = await signedInPage(browser, 'admin@example.com');
      await openListAndSearch(page, path);
      await expectShownAsText(page, screen);
      await context.close();
    });
  }

  it('in a record opened from its list (the customer edit dialog shows the notes as a value)', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto(`/customers?open=${made.customerId}`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Notes').inputValue()).toBe(text('Notes'));
    await expectShownAsText(page, 'customer dialog');
    await context.close();
  });

  it('on the dashboard', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto('/dashboard');
    // The newest work order heads the recent jobs list, with its customer's name.
    const job = page.getByTestId('recent-job').filter({ hasText: made.workOrderNumber });
    await job.getByText(text('Job'), { exact: false }).waitFor();
    await expectShownAsText(page, 'dashboard');
    await context.close();
  });

  it('in the global search dropdown', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto('/dashboard');
    const box = await openGlobalSearch(page);
    await box.fill(tag);
    const results = page.getByTestId('search-results');
    await results.getByRole('group', { name: 'Customers' }).getByRole('option', { name: new RegExp(`Customer ${tag}`) }).waitFor();
    // The customer, the work order, the estimate and the invoice, each showing the markup as text.
    expect(await results.getByRole('option').count()).toBeGreaterThanOrEqual(4);
    expect(await results.getByText(LITERAL, { exact: false }).count()).toBeGreaterThanOrEqual(4);
    await expectShownAsText(page, 'global search');
    await context.close();
  });

  it('in the customer portal preview', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto(`/customer-portal?customer=${made.customerId}`);
    await page.getByText(`Welcome, ${text('Customer')}`).waitFor();
    await expectShownAsText(page, 'customer portal');
    await context.close();
  });

  it('in the invoice and estimate PDFs', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    for (const url of [`/api/invoices/${made.invoiceId}/pdf`, `/api/estimates/${made.estimateId}/pdf`]) {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-type'], url).toBe('application/pdf');
      const content = await pdfText(await response.body());
      expect(content, url).toContain(LITERAL);
      expect(content, url).toContain('<img src=x onerror=');
      expect(content, url).toContain(tag);
    }
    await context.close();
  });
});
