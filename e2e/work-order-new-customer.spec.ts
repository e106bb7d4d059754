// Add New Customer from inside the work order form: the customer dialog belongs to another feature and reaches the
// form through the app's record dialogs (src/web/app/record-dialogs.tsx, docs/ARCHITECTURE.md, Web). The new
// customer is saved and becomes the work order's customer without leaving the form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Customer } from '../src/contracts/customers';
import { launchBrowser } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { apiJson, dialogTitled, uniqueName } from './fixtures/records';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('work order form: Add New Customer', () => {
  it('opens the customer dialog over the form, saves the customer and chooses it', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await page.goto('/work-orders');
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const workOrder = page.getByTestId('work-order-dialog');
    await workOrder.getByRole('heading', { name: 'Create Service Job' }).waitFor();

    await workOrder.getByRole('button', { name: 'Add New Customer' }).click();
    const customerDialog = dialogTitled(page, 'Add New Customer');
    const name = uniqueName('Walk-in Customer');
    await customerDialog.getByLabel('Name', { exact: true }).fill(name);
    await customerDialog.getByRole('button', { name: 'Add Customer' }).click();
    await customerDialog.waitFor({ state: 'detached' });

    // The work order form is still open, with the new customer chosen; the customer exists on the server.
    await expect.poll(() => workOrder.getByRole('combobox', { name: 'Customer' }).textContent()).toContain(name);
    const found = await apiJson<Customer[]>(page, `/api/customers?q=${encodeURIComponent(name)}&limit=100`);
    expect(found.map((c) => c.name)).toContain(name);
    await context.close();
  });
});
