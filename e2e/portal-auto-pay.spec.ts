// Auto-pay in the customer portal (docs/rules/money-and-payments.md#auto-pay): the switch waits for a saved card; the
// customer saves one with the test gateway, turns auto-pay on, and it stays on after a reload; staff see it on the
// customer; turning it off works the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Customer } from '../src/contracts/customers';
import { launchBrowser, newPage } from './fixtures/browser';
import { createCustomer, waitForEmail, waitForToast } from './fixtures/documents';
import { CARD_OK } from './fixtures/money';
import { apiJson, dialogTitled, uniqueName } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('auto-pay in the portal', () => {
  it('is offered once a card is saved, stays on after a reload, and staff see it', async () => {
    const staff = await signedInPage(browser, 'admin@example.com');
    const name = uniqueName('Autopay').replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]);
    const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`;
    const customer = await createCustomer(staff.page, name, email);
    const sent = await staff.page.request.post(`/api/customers/${customer.id}/portal-link`, { data: {} });
    expect(sent.ok(), await sent.text()).toBe(true);
    const mail = await waitForEmail(staff.page, email, 'Your customer portal');
    const link = mail.text.match(/\S*\/customer-portal\S*/)![0];

    const { context, page } = await newPage(browser);
    await page.goto(new URL(link).pathname + new URL(link).hash);
    await page.getByTestId('portal-greeting').waitFor();
    const toggle = page.getByTestId('auto-pay-switch').getByRole('checkbox', { name: 'Pay invoices automatically' });
    expect(await toggle.isDisabled()).toBe(true);
    expect(await page.getByTestId('auto-pay-switch').textContent()).toContain('Save a card first');

    await page.getByRole('button', { name: 'Add Payment Method' }).first().click();
    const add = dialogTitled(page, 'Add Payment Method');
    await add.getByText('Test mode', { exact: true }).waitFor();
    await add.getByLabel('Card number').fill(CARD_OK);
    await add.getByLabel('Expiry (MM/YY)').fill('12/34');
    await add.getByLabel('CVC').fill('123');
    await add.getByRole('button', { name: /^Save/ }).click();
    await waitForToast(page, 'Payment method saved');
    await add.waitFor({ state: 'detached' });

    expect(await toggle.isDisabled()).toBe(false);
    // The switch shows what the server holds: it turns on once the change is saved.
    await toggle.click();
    await waitForToast(page, 'Auto-pay is on');
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await page.reload();
    await page.getByTestId('portal-greeting').waitFor();
    expect(await page.getByTestId('auto-pay-switch').getByRole('checkbox').isChecked()).toBe(true);
    expect((await apiJson<Customer>(staff.page, `/api/customers/${customer.id}`)).autoPayEnabled).toBe(true);

    await page.getByTestId('auto-pay-switch').getByRole('checkbox').click();
    await waitForToast(page, 'Auto-pay is off');
    await expect.poll(() => page.getByTestId('auto-pay-switch').getByRole('checkbox').isChecked()).toBe(false);
    expect((await apiJson<Customer>(staff.page, `/api/customers/${customer.id}`)).autoPayEnabled).toBe(false);
    await context.close();
    await staff.context.close();
  });
});
