// The vendor and payment processor forms after their move to a typed form schema (docs/decisions/015-one-form-pattern.md): the contract's
// messages still show under the fields, and the body still sends blanks as null and the chosen terms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Vendor } from '../src/contracts/vendors';
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

describe('forms typed by their schema', () => {
  it('shows the contract messages and saves blanks as null with the chosen payment terms', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const name = uniqueName('Form Pattern Supply');
    await page.goto('/vendors');
    await page.getByRole('button', { name: 'Add Vendor' }).click();
    const dialog = dialogTitled(page, 'Add New Vendor');
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Add Vendor' }).click();
    await dialog.getByText('Name is required').waitFor();

    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Email').fill('not an email');
    await dialog.getByRole('button', { name: 'Add Vendor' }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();

    await dialog.getByLabel('Email').fill('');
    await dialog.getByLabel('Payment Terms').selectOption('net15');
    await dialog.getByRole('button', { name: 'Add Vendor' }).click();
    await dialog.waitFor({ state: 'detached' });

    const vendors = await apiJson<Vendor[]>(page, `/api/vendors?q=${encodeURIComponent(name)}`);
    const saved = vendors.find((v) => v.name === name);
    expect(saved).toMatchObject({ name, email: null, phone: null, companyName: null, paymentTerms: 'net15', notes: null });
    await context.close();
  });

  it('shows the processor form required messages from its schema', async () => {
    const { context, page } = await signedInPage(browser, 'super@example.com');
    const organizations = await apiJson<{ id: number }[]>(page, '/api/organizations');
    await page.goto(`/payment-processors?organization=${organizations[0]!.id}`);
    await page.getByRole('button', { name: 'Add Processor' }).click();
    const dialog = dialogTitled(page, 'Add Payment Processor');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add Processor' }).click();
    await dialog.getByText('Display name is required').waitFor();
    await dialog.getByText('Processor type is required').waitFor();
    await context.close();
  });
});
