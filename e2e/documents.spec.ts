// Work orders, invoices and estimates in the browser (docs/rules/records.md).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Estimate } from '../src/contracts/estimates';
import type { Invoice } from '../src/contracts/invoices';
import type { WorkOrder } from '../src/contracts/work-orders';
import { launchBrowser, PHONE } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { apiJson, uniqueName } from './fixtures/records';
import { createCustomer, fillLine, pdfText, pickCustomer, waitForEmail, waitForToast } from './fixtures/documents';

let browser: Browser;
// One customer with an e-mail address of its own, so the documents' e-mails are easy to find.
let customer: { id: number; name: string; email: string };
// The work order the first test makes and the second one invoices.
let workOrder: { number: string; title: string } | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await signedInPage(browser, 'admin@example.com');
  const name = uniqueName('Docs Customer');
  const email = `docs-${Date.now()}@example.com`;
  customer = { ...(await createCustomer(page, name, email)), email };
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

async function findWorkOrder(page: Page, title: string): Promise<WorkOrder> {
  const [found] = await apiJson<WorkOrder[]>(page, `/api/work-orders?q=${encodeURIComponent(title)}`);
  if (!found) throw new Error(`No work order titled ${title}`);
  return found;
}

describe('work orders, invoices and estimates', () => {
  it('an admin creates a work order with two lines, watching the total, then starts and completes it', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto('/work-orders');
    await page.getByRole('heading', { name: 'Service Jobs', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByTestId('work-order-dialog');
    await dialog.getByRole('heading', { name: 'Create Service Job' }).waitFor();

    // Submitting empty: the field messages and the 'Validation Error' toast.
    await dialog.getByRole('button', { name: 'Create Service Job' }).click();
    await dialog.getByText('Please select a customer').waitFor();
    await dialog.getByText('Please enter a job title').waitFor();
    await dialog.getByText('Description is required').waitFor();
    await waitForToast(page, 'Validation Error');
    expect(await dialog.getByRole('button', { name: 'Remove line 1' }).isDisabled()).toBe(true);

    const title = uniqueName('Boiler service');
    await pickCustomer(dialog, customer.name);
    await dialog.getByLabel('Title').fill(title);
    // 15-minute time choices shown 12-hour, with 9:00 AM and 5:00 PM preselected.
    const startTime = dialog.getByRole('combobox', { name: 'Start Time' });
    expect(await startTime.locator('option').count()).toBe(96);
    expect(await startTime.locator('option:checked').textContent()).toBe('9:00 AM');
    expect(await dialog.getByRole('combobox', { name: 'Due Time' }).locator('option:checked').textContent()).toBe('5:00 PM');
    await dialog.getByLabel('Due Date').fill('2026-12-01');

    const total = dialog.getByTestId('work-order-total');
    await fillLine(dialog, 1, { description: 'Labor', quantity: '2', rate: '45.50' });
    expect(await dialog.getByLabel('Line 1 amount').textContent()).toBe('$91.00');
    expect(await total.textContent()).toBe('$91.00');
    await dialog.getByRole('button', { name: 'Add line' }).click();
    expect(await dialog.getByRole('button', { name: 'Remove line 1' }).isDisabled()).toBe(false);
    await fillLine(dialog, 2, { description: 'Valve', quantity: '3', rate: '19.99' });
    expect(await dialog.getByLabel('Line 2 amount').textContent()).toBe('$59.97');
    expect(await total.textContent()).toBe('$150.97');
    await dialog.getByLabel('Labor Cost').fill('10');
    await dialog.getByLabel('Material Cost').fill('5.25');
    expect(await total.textContent()).toBe('$166.22');

    await dialog.getByRole('button', { name: 'Create Service Job' }).click();
    await waitForToast(page, 'Work order created successfully');
    await dialog.waitFor({ state: 'detached' });

    const saved = await findWorkOrder(page, title);
    expect(saved).toMatchObject({ status: 'scheduled', totalCost: '166.22', laborCost: '10.00', materialCost: '5.25', dueDate: '2026-12-01T17:00:00.000Z' });
    expect(saved.lineItems.map((l) => [l.description, l.quantity, l.rate, l.amount])).toEqual([
      ['Labor', '2.00', '45.50', '91.00'],
      ['Valve', '3.00', '19.99', '59.97'],
    ]);

    // Server search, then Start and Complete as status-only updates.
    await page.getByRole('searchbox', { name: /^Search by number/ }).fill(title);
    const rows = page.getByTestId('work-order-row');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="work-order-row"]').length === n, 1);
    const row = rows.filter({ hasText: title });
    expect(await row.getAttribute('data-number')).toBe(saved.orderNumber);
    expect(await row.textContent()).toContain('$166.22');
    await row.getByRole('button', { name: `Start ${saved.orderNumber}` }).click();
    await row.getByRole('button', { name: `Complete ${saved.orderNumber}` }).click();
    await row.getByText('Completed', { exact: true }).waitFor();
    expect((await findWorkOrder(page, title)).status).toBe('completed');
    expect(await row.getByRole('button', { name: /^(Start|Complete) / }).count()).toBe(0);

    // The order number opens the edit dialog (and ?open= in the address, as the global search uses).
    await row.getByRole('button', { name: saved.orderNumber }).click();
    await dialog.getByRole('heading', { name: 'Edit Service Job' }).waitFor();
    expect(new URL(page.url()).searchParams.get('open')).toBe(String(saved.id));
    expect(await dialog.getByLabel('Line 2 description').inputValue()).toBe('Valve');
    expect(await dialog.getByLabel('Status').inputValue()).toBe('completed');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    workOrder = { number: saved.orderNumber, title };
    await context.close();
  });

  it('an admin invoices the work order, then downloads and e-mails the invoice from the dialog', async () => {
    expect(workOrder).not.toBeNull();
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto('/invoices');
    await page.getByRole('heading', { name: 'Service Bills', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByTestId('invoice-dialog');
    await dialog.getByRole('heading', { name: 'Create Service Bill' }).waitFor();

    const selector = dialog.getByLabel('Add Service Job');
    expect(await selector.isDisabled()).toBe(true);
    await pickCustomer(dialog, customer.name);
    // Only this customer's work orders are offered; choosing one adds its line in place of the blank one and
    // resets the selector.
    const option = selector.locator('option', { hasText: workOrder!.number });
    await option.waitFor({ state: 'attached' });
    expect(await selector.locator('option').count()).toBe(2);
    await selector.selectOption({ label: (await option.textContent())! });
    expect(await selector.inputValue()).toBe('');
    expect(await dialog.getByLabel('Line 1 description').inputValue()).toBe(workOrder!.title);
    expect(await dialog.getByLabel('Line 1 quantity').inputValue()).toBe('1');
    expect(await dialog.getByLabel('Line 1 rate').inputValue()).toBe('166.22');
    expect(await dialog.getByLabel('Line 2 description').count()).toBe(0);
    expect(await dialog.getByTestId('invoice-total').textContent()).toBe('$166.22');

    await dialog.getByRole('button', { name: 'Create Service Bill' }).click();
    await waitForToast(page, 'Invoice created successfully');
    // The dialog stays open with Email, Download and Done in place of Create.
    const heading = dialog.getByRole('heading', { name: /^Service Bill INV-\d{5} created$/ });
    await heading.waitFor();
    const number = (await heading.textContent())!.match(/INV-\d{5}/)![0];
    expect(await dialog.getByRole('button', { name: 'Create Service Bill' }).count()).toBe(0);
    for (const name of ['Email', 'Download', 'Done']) await dialog.getByRole('button', { name, exact: true }).waitFor();

    const [invoice] = await apiJson<Invoice[]>(page, `/api/invoices?q=${number}`);
    expect(invoice).toMatchObject({ invoiceNumber: number, customerId: customer.id, subtotal: '166.22', tax: '0.00', total: '166.22', status: 'draft' });
    expect(invoice.lineItems.map((l) => l.description)).toEqual([workOrder!.title]);
    expect(invoice.workOrderId).toBe((await findWorkOrder(page, workOrder!.title)).id);

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const pdf = fs.readFileSync((await download.path())!);
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = await pdfText(pdf);
    expect(text).toContain(number);
    expect(text).toContain(customer.name);

    await dialog.getByRole('button', { name: 'Email', exact: true }).click();
    await waitForToast(page, 'Invoice emailed successfully to customer');
    const mail = await waitForEmail(page, customer.email, number);
    expect(mail.text).toContain('$166.22');

    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator(`[data-testid="invoice-row"][data-number="${number}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(customer.name);

    // Actions menu: Edit opens the invoice with its balance due.
    await row.getByRole('button', { name: `Actions for ${number}` }).click();
    for (const name of ['Edit', 'Email to customer', 'Download Service Bill']) await page.getByRole('menuitem', { name }).waitFor();
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    await dialog.getByRole('heading', { name: 'Edit Service Bill' }).waitFor();
    expect(await dialog.getByTestId('invoice-balance').textContent()).toBe('$166.22');
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('an admin creates an estimate, then e-mails and downloads it from the list', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto('/estimates');
    await page.getByRole('heading', { name: 'Service Quotes', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByTestId('estimate-dialog');
    await dialog.getByRole('button', { name: 'Create Service Quote' }).click();
    await dialog.getByText('Please select a customer').waitFor();
    await dialog.getByText('Title is required').waitFor();

    const title = uniqueName('Kitchen remodel');
    await pickCustomer(dialog, customer.name);
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Valid Until').fill('2026-12-31');
    await fillLine(dialog, 1, { description: 'Cabinets', quantity: '2', rate: '199.99' });
    await dialog.getByLabel('Tax').fill('32');
    expect(await dialog.getByTestId('estimate-subtotal').textContent()).toBe('$399.98');
    expect(await dialog.getByTestId('estimate-total').textContent()).toBe('$431.98');
    await dialog.getByRole('button', { name: 'Create Service Quote' }).click();
    await dialog.waitFor({ state: 'detached' });

    const [estimate] = await apiJson<Estimate[]>(page, `/api/estimates?q=${encodeURIComponent(title)}`);
    expect(estimate).toMatchObject({ subtotal: '399.98', tax: '32.00', total: '431.98', status: 'draft', validUntil: '2026-12-31T00:00:00.000Z' });
    const row = page.locator(`[data-testid="estimate-row"][data-number="${estimate.estimateNumber}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Dec 31, 2026');

    await row.getByRole('button', { name: `Actions for ${estimate.estimateNumber}` }).click();
    await page.getByRole('menuitem', { name: 'Email to customer' }).click();
    await waitForToast(page, 'Estimate emailed successfully to customer');
    await waitForEmail(page, customer.email, estimate.estimateNumber);

    await row.getByRole('button', { name: `Actions for ${estimate.estimateNumber}` }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download Service Quote' }).click()]);
    await waitForToast(page, 'Estimate downloaded successfully');
    expect(download.suggestedFilename()).toBe(`estimate-${estimate.estimateNumber}.pdf`);
    expect(fs.readFileSync((await download.path())!).subarray(0, 4).toString('latin1')).toBe('%PDF');
    await context.close();
  });

  it('an employee creates a work order and an estimate but cannot change work orders or see invoices to edit', async () => {
    const { context, page } = await signedInPage(browser, 'employee@example.com', PHONE);
    await page.goto('/work-orders');
    await page.getByTestId('work-order-card').first().waitFor();
    expect(await page.getByRole('button', { name: /^(Start|Complete) WO-/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByTestId('work-order-dialog');
    const title = uniqueName('Employee job');
    await pickCustomer(dialog, customer.name);
    // Employees may not add customers (no manage_customers).
    expect(await dialog.getByRole('button', { name: 'Add New Customer' }).count()).toBe(0);
    await dialog.getByLabel('Title').fill(title);
    await fillLine(dialog, 1, { description: 'Inspection', rate: '80' });
    await dialog.getByRole('button', { name: 'Create Service Job' }).click();
    await waitForToast(page, 'Work order created successfully');
    await dialog.waitFor({ state: 'detached' });
    const created = await findWorkOrder(page, title);

    // The order number opens a view without Save; a direct update is refused.
    await page.getByRole('searchbox', { name: /^Search by number/ }).fill(title);
    const card = page.locator(`[data-testid="work-order-card"][data-number="${created.orderNumber}"]`);
    await card.getByRole('button', { name: created.orderNumber }).click();
    await dialog.getByRole('heading', { name: `Service Job ${created.orderNumber}` }).waitFor();
    expect(await dialog.getByRole('button', { name: /^Update/ }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Add line' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const put = await page.request.put(`/api/work-orders/${created.id}`, { data: { status: 'in_progress' } });
    expect(put.status()).toBe(403);

    await page.goto('/estimates');
    await page.getByTestId('estimate-card').first().waitFor();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const estimateDialog = page.getByTestId('estimate-dialog');
    await pickCustomer(estimateDialog, customer.name);
    await estimateDialog.getByLabel('Title').fill(uniqueName('Employee quote'));
    await fillLine(estimateDialog, 1, { description: 'Survey', rate: '60' });
    await estimateDialog.getByRole('button', { name: 'Create Service Quote' }).click();
    await waitForToast(page, 'Estimate created successfully');
    const firstCard = page.getByTestId('estimate-card').first();
    await firstCard.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Download Service Quote' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Edit', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Invoices: no New and no Edit (the role may not read or change invoices); the server agrees.
    await page.goto('/invoices');
    await page.getByTestId('list-forbidden').waitFor();
    expect(await page.getByRole('button', { name: 'New', exact: true }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Edit', exact: true }).count()).toBe(0);
    const [invoice] = await (async () => {
      const admin = await signedInPage(browser, 'admin@example.com');
      const list = await apiJson<Invoice[]>(admin.page, '/api/invoices?limit=1');
      await admin.context.close();
      return list;
    })();
    expect((await page.request.put(`/api/invoices/${invoice.id}`, { data: { notes: 'x' } })).status()).toBe(403);
    await context.close();
  });
});
