// Field rules and suggestions in the document forms (docs/features.md, Invoices and Field rules): the invoice form's
// work-order picker, blank line, due date from the customer's terms and live total; Email to customer only with an
// address; a work order due before it starts is refused on the form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './fixtures/browser';
import { fillLine, pickCustomer, waitForToast } from './fixtures/documents';
import { uniqueName } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function post<T>(page: Page, path: string, data: object): Promise<T> {
  const res = await page.request.post(path, { data });
  if (!res.ok()) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The user's calendar day plus `days`, as the date input holds it. */
function localDay(days: number): string {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('the invoice form', () => {
  it('offers only work orders still to bill, replaces the blank line, suggests the due date from Net 15, ignores invalid lines; no e-mail means no Email', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const name = uniqueName('Terms Customer');
    const customer = await post<{ id: number }>(page, '/api/customers', { name, paymentTerms: 'net15' });
    const job = (title: string, status: string) => post<{ id: number; orderNumber: string }>(page, '/api/work-orders', { customerId: customer.id, title, status });
    const open = await job(uniqueName('Open job'), 'completed');
    const cancelled = await job(uniqueName('Called off'), 'cancelled');
    const billed = await job(uniqueName('Billed job'), 'completed');
    await post(page, '/api/invoices', { customerId: customer.id, workOrderId: billed.id, lineItems: [{ description: 'Billed', quantity: 1, rate: '5.00' }] });

    await page.goto('/invoices');
    await page.getByRole('heading', { name: 'Service Bills', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByTestId('invoice-dialog');
    await dialog.getByRole('heading', { name: 'Create Service Bill' }).waitFor();
    await pickCustomer(dialog, name);

    // The due date follows the customer's Net 15 terms.
    await expect.poll(() => dialog.getByLabel('Due Date').inputValue()).toBe(localDay(15));

    const selector = dialog.getByLabel('Add Service Job');
    await selector.locator('option', { hasText: open.orderNumber }).waitFor({ state: 'attached' });
    const offered = await selector.locator('option').allTextContents();
    expect(offered.some((o) => o.includes(cancelled.orderNumber))).toBe(false);
    expect(offered.some((o) => o.includes(billed.orderNumber))).toBe(false);
    expect(offered).toHaveLength(2);
    await selector.selectOption({ label: offered[1] });
    expect(await dialog.getByLabel('Line 1 description').inputValue()).toContain('Open job');
    expect(await dialog.getByLabel('Line 2 description').count()).toBe(0);
    const total = dialog.getByTestId('invoice-total');
    expect(await total.textContent()).toBe('$0.00');

    // A line the form refuses does not move the live total.
    await dialog.getByRole('button', { name: 'Add line' }).click();
    await fillLine(dialog, 2, { description: 'Call-out', quantity: '2', rate: '40' });
    expect(await total.textContent()).toBe('$80.00');
    await dialog.getByLabel('Line 2 quantity').fill('-2');
    expect(await total.textContent()).toBe('$0.00');
    await dialog.getByLabel('Line 2 quantity').fill('2');

    await dialog.getByRole('button', { name: 'Create Service Bill' }).click();
    await waitForToast(page, 'Invoice created successfully');
    const heading = dialog.getByRole('heading', { name: /^Service Bill INV-\d{5} created$/ });
    await heading.waitFor();
    const number = (await heading.textContent())!.match(/INV-\d{5}/)![0];
    // No address: the reason stands where Email would be.
    expect(await dialog.getByRole('button', { name: 'Email', exact: true }).count()).toBe(0);
    expect(await dialog.getByTestId('no-email-reason').textContent()).toBe('No email address on file for this customer');
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = page.locator(`[data-testid="invoice-row"][data-number="${number}"]`).filter({ visible: true });
    await row.waitFor();
    await row.getByRole('button', { name: `Actions for ${number}` }).click();
    const item = page.getByRole('menuitem', { name: /Email to customer/ });
    await item.waitFor();
    expect(await item.getAttribute('aria-disabled')).toBe('true');
    expect(await item.textContent()).toContain('No email address on file for this customer');
    await page.keyboard.press('Escape');
    await context.close();
  });
});

describe('the work order form', () => {
  it('refuses a due date before the start date under Due Date, and saves once it is fixed', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const name = uniqueName('Dates Customer');
    await post(page, '/api/customers', { name });
    await page.goto('/work-orders');
    await page.getByRole('heading', { name: 'Service Jobs', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByTestId('work-order-dialog');
    await dialog.getByRole('heading', { name: 'Create Service Job' }).waitFor();
    await pickCustomer(dialog, name);
    const title = uniqueName('Backwards job');
    await dialog.getByLabel('Title').fill(title);
    await fillLine(dialog, 1, { description: 'Labor', quantity: '1', rate: '50' });
    await dialog.getByLabel('Start Date').fill('2026-12-02');
    await dialog.getByLabel('Due Date').fill('2026-12-01');
    await dialog.getByRole('button', { name: 'Create Service Job' }).click();
    await dialog.getByText('Due date cannot be before the start date', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Due Date').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Due Date').fill('2026-12-03');
    await dialog.getByRole('button', { name: 'Create Service Job' }).click();
    await waitForToast(page, 'Work order created successfully');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
