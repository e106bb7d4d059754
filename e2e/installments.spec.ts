// Invoices paid in installments in the browser (docs/rules/money-and-payments.md#installments): staff split a sent
// invoice into a payment plan, the invoice's pay link then asks for the first installment, and once it is paid the
// plan shows it paid and the next one due; the customer's portal asks for the next installment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PaymentLink } from '../src/contracts/payment-links';
import type { PaymentPlan } from '../src/contracts/payment-plans';
import { formatDate } from '../src/contracts/format';
import { installmentDueDate } from '../src/contracts/payment-plans';
import { baseURL, launchBrowser } from './fixtures/browser';
import { createCustomer, waitForToast } from './fixtures/documents';
import { CARD_OK, createSentInvoice, getInvoice, payByCard } from './fixtures/money';
import { apiJson, uniqueName } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The invoices list narrowed to one invoice, and its Payment plan… dialog opened. */
async function openPlanDialog(page: Page, invoiceNumber: string) {
  await page.goto(`/invoices?q=${encodeURIComponent(invoiceNumber)}`);
  await page.getByRole('button', { name: `Actions for ${invoiceNumber}` }).first().click();
  await page.getByRole('menuitem', { name: 'Payment plan…' }).click();
  const dialog = page.getByTestId('payment-plan-dialog');
  await dialog.getByRole('heading', { name: `Payment plan for ${invoiceNumber}` }).waitFor();
  return dialog;
}

describe('payment plans', () => {
  it('an admin splits a $1,000.00 invoice into 3 monthly installments; the pay link asks for the first; once paid, the plan shows the next due', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const customer = await createCustomer(page, uniqueName('Plan Customer'), `plan-${Date.now()}@example.com`);
    const invoice = await createSentInvoice(page, customer.id, 'Boiler replacement', '1000.00');
    // The plan starts on the invoice's own due date (still ahead), monthly after it.
    const first = invoice.dueDate!.slice(0, 10);
    const dates = [0, 1, 2].map((n) => installmentDueDate(first, 'monthly', n));

    const dialog = await openPlanDialog(page, invoice.invoiceNumber);
    await dialog.getByText('Split the balance due of $1,000.00 into installments').waitFor();
    expect(await dialog.getByLabel('First due date').inputValue()).toBe(first);
    // Another count proposes another split at once; back to 3, monthly.
    await dialog.getByLabel('Installments', { exact: true }).fill('4');
    await expect.poll(() => dialog.getByTestId('plan-preview-row').count()).toBe(4);
    expect(await dialog.getByLabel('Installment 4 amount').inputValue()).toBe('250.00');
    await dialog.getByLabel('Installments', { exact: true }).fill('3');
    await dialog.getByLabel('Frequency').selectOption({ label: 'Every 2 weeks' });
    expect(await dialog.getByLabel('Installment 2 due date').inputValue()).toBe(installmentDueDate(first, 'every_2_weeks', 1));
    await dialog.getByLabel('Frequency').selectOption({ label: 'Monthly' });
    await expect.poll(() => dialog.getByTestId('plan-preview-row').count()).toBe(3);
    const amounts = () => Promise.all([1, 2, 3].map((n) => dialog.getByLabel(`Installment ${n} amount`).inputValue()));
    expect(await amounts()).toEqual(['333.34', '333.33', '333.33']);
    expect(await Promise.all([1, 2, 3].map((n) => dialog.getByLabel(`Installment ${n} due date`).inputValue()))).toEqual(dates);
    const total = dialog.getByTestId('plan-total');
    const create = dialog.getByRole('button', { name: 'Create plan' });
    expect(await total.textContent()).toBe('Total of installments $1,000.00 of $1,000.00');
    expect(await create.isEnabled()).toBe(true);

    // An edited amount that no longer adds up: the running total says by how much, and Create waits for it.
    await dialog.getByLabel('Installment 3 amount').fill('333.32');
    await total.getByText('Total of installments $999.99 of $1,000.00').waitFor();
    await total.getByText('$0.01 short').waitFor();
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Installment 3 amount').fill('333.33');
    await total.getByText('Total of installments $1,000.00 of $1,000.00').waitFor();
    // Dates out of order are refused on the field, with the contract's words.
    await dialog.getByLabel('Installment 2 due date').fill(dates[0]);
    await create.click();
    await dialog.getByText('Each due date must come after the one before').waitFor();
    await dialog.getByLabel('Installment 2 due date').fill(dates[1]);
    await create.click();
    await waitForToast(page, 'Payment plan created');

    // The dialog now shows the plan: three rows, the first next.
    const rows = dialog.getByTestId('installment-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).getAttribute('aria-current')).toBe('step');
    expect(await dialog.getByTestId('plan-next').textContent()).toBe(`Installment 1 of 3, $333.34 due ${formatDate(dates[0])}`);
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-status')))).toEqual(['upcoming', 'upcoming', 'upcoming']);
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'detached' });

    // The invoice's own dialog carries the plan in one line.
    await page.getByRole('button', { name: invoice.invoiceNumber, exact: true }).first().click();
    const form = page.getByTestId('invoice-dialog');
    expect(await form.getByTestId('invoice-payment-plan').textContent()).toBe(`Payment plan: installment 1 of 3, $333.34 due ${formatDate(dates[0])}`);
    // Its Cancel, not Escape: the first Escape would dismiss the plan's toast if it is still showing.
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await form.waitFor({ state: 'detached' });

    // The invoice's pay link, opened signed out, asks for the first installment and says so.
    const link = await (await page.request.post(`/api/invoices/${invoice.id}/payment-link`, { data: {} })).json() as PaymentLink;
    const payer = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 800 } });
    const pay = await payer.newPage();
    await pay.goto(link.paymentUrl);
    const due = pay.getByTestId('installment-due');
    await due.getByText(`Installment 1 of 3, due ${formatDate(dates[0])}`).waitFor();
    expect(await due.getByTestId('pay-amount').textContent()).toBe('$333.34');
    expect(await pay.getByTestId('balance-due').textContent()).toBe('$1,000.00');
    await pay.getByRole('button', { name: 'Continue to Pay $333.34' }).click();
    await pay.getByRole('heading', { name: 'Card Details' }).waitFor();
    await payByCard(pay.locator('main'), CARD_OK, 'Pay $333.34');
    const done = pay.getByTestId('payment-succeeded');
    await done.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    expect(await done.getByTestId('paid-amount').textContent()).toBe('$333.34');
    await payer.close();
    expect(await getInvoice(page, invoice.id)).toMatchObject({ status: 'sent', balanceDue: '666.66' });

    // Staff: installment 1 paid, installment 2 next.
    const again = await openPlanDialog(page, invoice.invoiceNumber);
    const after = again.getByTestId('installment-row');
    await expect.poll(() => after.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-status')))).toEqual(['paid', 'upcoming', 'upcoming']);
    expect(await after.nth(0).getByTestId('installment-paid').textContent()).toBe('$333.34');
    expect(await after.nth(1).getAttribute('aria-current')).toBe('step');
    expect(await again.getByTestId('plan-next').textContent()).toBe(`Installment 2 of 3, $333.33 due ${formatDate(dates[1])}`);
    await again.getByRole('button', { name: 'Close', exact: true }).first().click();

    // The customer's portal (staff preview) shows the installment under the invoice, and Pay Now starts from it.
    await page.goto(`/customer-portal?customer=${customer.id}`);
    const row = page.getByTestId('portal-invoice-row').filter({ hasText: invoice.invoiceNumber });
    expect(await row.getByTestId('portal-installment').textContent()).toBe(`Installment 2 of 3: $333.33 due ${formatDate(dates[1])}`);
    await row.getByRole('button', { name: `Pay invoice ${invoice.invoiceNumber}: Pay Now` }).click();
    const payDialog = page.getByTestId('pay-invoice-dialog');
    await payDialog.getByText('The amount is set to this installment; you may pay more, up to the balance due of $666.66.').waitFor();
    expect(await payDialog.getByLabel('Amount', { exact: true }).inputValue()).toBe('333.33');
    await payDialog.getByLabel('Amount', { exact: true }).fill('700');
    await payDialog.getByRole('button', { name: 'Continue' }).click();
    await payDialog.getByText('Amount cannot exceed the balance due of $666.66').waitFor();
    await payDialog.getByRole('button', { name: 'Cancel' }).click();
    await payDialog.waitFor({ state: 'detached' });

    const plan = await apiJson<PaymentPlan>(page, `/api/invoices/${invoice.id}/payment-plan`);
    expect(plan.next).toEqual({ number: 2, count: 3, amountDue: '333.33', dueDate: dates[1] });
    await context.close();
  });

  it('cancelling a plan asks first, then the invoice is offered a new plan', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const customer = await createCustomer(page, uniqueName('Plan Cancel'), `plan-cancel-${Date.now()}@example.com`);
    const invoice = await createSentInvoice(page, customer.id, 'Roof repair', '500.00');
    const dialog = await openPlanDialog(page, invoice.invoiceNumber);
    await dialog.getByLabel('Installments', { exact: true }).fill('2');
    await expect.poll(() => dialog.getByTestId('plan-preview-row').count()).toBe(2);
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await waitForToast(page, 'Payment plan created');
    await dialog.getByRole('button', { name: 'Cancel plan' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: `Cancel the payment plan for ${invoice.invoiceNumber}?` }).waitFor();
    await confirm.getByRole('button', { name: 'Keep plan' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await page.request.get(`/api/invoices/${invoice.id}/payment-plan`)).status()).toBe(200);
    await dialog.getByRole('button', { name: 'Cancel plan' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel plan' }).click();
    await waitForToast(page, 'Payment plan cancelled');
    // The form again, for a new plan; the server has none.
    await dialog.getByRole('button', { name: 'Create plan' }).waitFor();
    expect(await (await page.request.get(`/api/invoices/${invoice.id}/payment-plan`)).json()).toBeNull();
    await context.close();
  });
});
