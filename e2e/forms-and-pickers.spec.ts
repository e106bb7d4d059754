// Card entry and the "Test mode" badge on every step of every payment form (docs/payments.md, Test mode), and the
// super user's pickers (docs/decisions/015-one-form-pattern.md).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { CurrentUser } from '../src/contracts/auth';
import type { Invoice } from '../src/contracts/invoices';
import type { PaymentLink } from '../src/contracts/payment-links';
import { launchBrowser, newPage } from './fixtures/browser';
import { createSentInvoice, customerNamed, paymentCount } from './fixtures/money';
import { apiJson, dialogTitled, uniqueName } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const testMode = (scope: Locator) => scope.getByText('Test mode', { exact: true });

/** Types into the expiry field key by key, as a person does, and answers what the field then shows. */
async function typeExpiry(scope: Locator, keys: string): Promise<string> {
  const field = scope.getByLabel('Expiry (MM/YY)');
  await field.fill('');
  await field.pressSequentially(keys);
  return field.inputValue();
}

async function startProcessPayment(page: Page): Promise<Locator> {
  await page.goto('/payments');
  await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Process Payment' }).click();
  return dialogTitled(page, 'Process Payment');
}

describe('card entry', () => {
  it('Process Payment: Test mode on the details and the card step, the expiry writes its slash, Cancel on the card step closes', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const before = await paymentCount(page);
    const dialog = await startProcessPayment(page);
    // The details step already says no real money moves.
    await testMode(dialog).waitFor();
    await dialog.getByLabel('Amount').fill('19.99');
    await dialog.getByLabel('Customer Name').fill(uniqueName('Expiry Walkin'));
    await dialog.getByLabel('Description').fill('Card entry check');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    const pay = dialog.getByTestId('pay-with-intent');
    await testMode(pay).waitFor();
    expect(await typeExpiry(pay, '1234')).toBe('12/34');
    expect(await typeExpiry(pay, '4')).toBe('04/');
    expect(await typeExpiry(pay, '0429')).toBe('04/29');
    await pay.getByLabel('Expiry (MM/YY)').press('Backspace');
    await pay.getByLabel('Expiry (MM/YY)').press('Backspace');
    expect(await pay.getByLabel('Expiry (MM/YY)').inputValue()).toBe('04/');
    await pay.getByLabel('Card number').pressSequentially('4242424242424242');
    expect(await pay.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');

    // Cancel on the card step closes the dialog; nothing was paid.
    await pay.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await paymentCount(page)).toBe(before);
    await context.close();
  });

  it('an incomplete expiry is refused under its own field with the words the server uses', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const dialog = await startProcessPayment(page);
    await dialog.getByLabel('Amount').fill('5.00');
    await dialog.getByLabel('Customer Name').fill(uniqueName('Short Expiry'));
    await dialog.getByLabel('Description').fill('Card entry check');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const pay = dialog.getByTestId('pay-with-intent');
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await typeExpiry(pay, '1');
    await pay.getByLabel('CVC').fill('123');
    await pay.getByRole('button', { name: 'Pay $5.00' }).click();
    await pay.getByText("Your card's expiration date is incomplete.", { exact: true }).waitFor();
    expect(await pay.getByLabel('Expiry (MM/YY)').getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });

  it('the public pay page: Test mode on the details step and the card step', async () => {
    const admin = await signedInPage(browser, 'admin@example.com');
    const me = await apiJson<CurrentUser>(admin.page, '/api/auth/me');
    const created = await admin.page.request.post('/api/generic-payment-links', { data: { organizationId: me.organizationId } });
    expect(created.ok()).toBe(true);
    const link = (await created.json()) as PaymentLink;
    await admin.context.close();

    const { context, page } = await newPage(browser);
    await page.goto(`/payment/${link.linkId}`);
    await page.getByTestId('pay-organization-name').waitFor();
    await testMode(page.locator('main')).waitFor();
    await page.getByLabel('Amount').fill('12.50');
    await page.getByLabel('Your name').fill(uniqueName('Link Payer'));
    await page.getByLabel('Description').fill('Card entry check');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const pay = page.getByTestId('pay-with-intent');
    await testMode(pay).waitFor();
    expect(await typeExpiry(pay, '1230')).toBe('12/30');
    await context.close();
  });

  it('the portal: Pay Invoice and Add Payment Method show Test mode on their step, and type the expiry the same way', async () => {
    const admin = await signedInPage(browser, 'admin@example.com');
    const casey = await customerNamed(admin.page, 'Casey Customer');
    const invoice: Invoice = await createSentInvoice(admin.page, casey.id, uniqueName('Portal expiry'), '40.00');
    await admin.context.close();

    const { context, page } = await signedInPage(browser, 'customer@example.com');
    await page.goto('/customer-portal');
    await page.getByRole('button', { name: `Pay invoice ${invoice.invoiceNumber}` }).click();
    const payDialog = dialogTitled(page, 'Pay Invoice');
    await testMode(payDialog).waitFor();
    expect(await typeExpiry(payDialog, '0131')).toBe('01/31');
    await payDialog.getByRole('button', { name: 'Cancel' }).click();
    await payDialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add Payment Method' }).first().click();
    const add = dialogTitled(page, 'Add Payment Method');
    await testMode(add).waitFor();
    expect(await typeExpiry(add, '1129')).toBe('11/29');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await add.waitFor({ state: 'detached' });
    await context.close();
  });
});

async function postJson<T>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.post(url, { data });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

describe("the super user's customer picker", () => {
  it("offers only the chosen organization's customers, each with its organization's name, and waits for the organization", async () => {
    const tag = randomUUID().slice(0, 8);
    const { context, page } = await signedInPage(browser, 'super@example.com');
    const orgA = await postJson<{ id: number; name: string }>(page, '/api/organizations', { name: `Picker North ${tag}`, industry: 'Healthcare' });
    const orgB = await postJson<{ id: number; name: string }>(page, '/api/organizations', { name: `Picker South ${tag}`, industry: 'Automotive' });
    await postJson(page, '/api/customers', { organizationId: orgA.id, name: `Ada ${tag}` });
    await postJson(page, '/api/customers', { organizationId: orgB.id, name: `Bo ${tag}` });

    await page.goto('/work-orders');
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = dialogTitled(page, /^Create /);
    const picker = dialog.getByRole('combobox', { name: 'Customer' });
    // No organization yet: the customer waits for it.
    expect((await picker.textContent())?.trim()).toBe('Choose the organization first');
    expect(await picker.isDisabled()).toBe(true);

    const options = dialog.getByRole('listbox', { name: 'Customers' }).getByRole('option');
    const search = async (): Promise<string[]> => {
      await picker.click();
      await dialog.getByLabel('Search customers').fill(tag);
      await options.first().waitFor();
      await expect.poll(async () => (await options.allTextContents()).length).toBe(1);
      return options.allTextContents();
    };

    await dialog.getByLabel('Organization').selectOption(String(orgA.id));
    const [a] = await search();
    expect(a).toContain(`Ada ${tag}`);
    expect(a).toContain(orgA.name);
    await options.first().click();
    expect((await picker.textContent())?.trim()).toBe(`Ada ${tag}`);

    // Another organization lets go of the customer and offers only its own.
    await dialog.getByLabel('Organization').selectOption(String(orgB.id));
    expect((await picker.textContent())?.trim()).toBe('Select a customer');
    const [b] = await search();
    expect(b).toContain(`Bo ${tag}`);
    expect(b).toContain(orgB.name);
    expect(b).not.toContain(`Ada ${tag}`);
    await context.close();
  });
});

describe("the super user's vendor picker", () => {
  it("editing a vendor payment offers only that organization's vendors, each with its organization's name", async () => {
    const tag = randomUUID().slice(0, 8);
    const { context, page } = await signedInPage(browser, 'super@example.com');
    const orgA = await postJson<{ id: number; name: string }>(page, '/api/organizations', { name: `Vendor North ${tag}` });
    const orgB = await postJson<{ id: number; name: string }>(page, '/api/organizations', { name: `Vendor South ${tag}` });
    const vendorA = await postJson<{ id: number }>(page, '/api/vendors', { organizationId: orgA.id, name: `Acme ${tag}` });
    await postJson(page, '/api/vendors', { organizationId: orgB.id, name: `Bolt ${tag}` });
    await postJson(page, '/api/vendor-payments', { vendorId: vendorA.id, amount: '12.50', paymentDate: '2026-11-20', method: 'check' });

    await page.goto('/vendors');
    await page.getByRole('button', { name: `Edit payment to Acme ${tag}` }).click();
    const dialog = dialogTitled(page, 'Edit Payment');
    const vendor = dialog.getByLabel('Vendor');
    await expect.poll(async () => (await vendor.locator('option').allTextContents()).some((o) => o.includes(`Acme ${tag}`))).toBe(true);
    const options = await vendor.locator('option').allTextContents();
    expect(options).toContain(`Acme ${tag} (${orgA.name})`);
    expect(options.some((o) => o.includes(`Bolt ${tag}`))).toBe(false);
    await context.close();
  });
});
