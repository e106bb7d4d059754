// The Payments screen (docs/rules/money-and-payments.md#payment-form): Process Payment by card or bank transfer through the built-in
// test gateway, and Record Payment for money received by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import type { Payment } from '../src/contracts/payments';
import { launchBrowser } from './fixtures/browser';
import { createCustomer, waitForToast } from './fixtures/documents';
import { CARD_OK, createSentInvoice, getInvoice, payByCard, paymentCount } from './fixtures/money';
import { apiJson, dialogTitled, uniqueName } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openPayments(page: Page): Promise<void> {
  await page.goto('/payments');
  await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
  await page.getByTestId('payment-row').first().waitFor();
}

function searchPayments(page: Page, text: string) {
  return page.getByRole('searchbox', { name: 'Search payments' }).fill(text);
}

/** Every request that would start a payment. */
function watchIntents(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/create-payment-intent')) seen.push(r);
  });
  return seen;
}

describe('Process Payment', () => {
  it('a bank transfer with an 8-digit routing number is refused before anything starts; 110000000 then pays', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const before = await paymentCount(page);
    await openPayments(page);
    const intents = watchIntents(page);

    await page.getByRole('button', { name: 'Process Payment' }).click();
    const dialog = dialogTitled(page, 'Process Payment');
    await dialog.getByRole('tab', { name: 'Bank Transfer' }).click();
    expect(await dialog.getByRole('tab', { name: 'Bank Transfer' }).getAttribute('aria-selected')).toBe('true');
    const payer = uniqueName('Bank Walkin');
    await dialog.getByLabel('Amount').fill('58.20');
    await dialog.getByLabel('Customer Name').fill(payer);
    await dialog.getByLabel('Description').fill('Water heater flush');
    await dialog.getByLabel('Routing Number').fill('12345678');
    await dialog.getByLabel('Account Number').fill('000123456789');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    await waitForToast(page, 'Invalid Routing Number');
    await dialog.locator('#process-routing-error').getByText('Routing number must be exactly 9 digits', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Routing Number').getAttribute('aria-invalid')).toBe('true');
    // Still the first step: no intent was asked for and nothing was booked.
    expect(await dialog.getByTestId('pay-with-intent').count()).toBe(0);
    await page.waitForTimeout(300);
    expect(intents).toHaveLength(0);
    expect(await paymentCount(page)).toBe(before);

    // The test bank's routing number goes through to the confirm step, then pays.
    await dialog.getByLabel('Routing Number').fill('110000000');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const pay = dialog.getByTestId('pay-with-intent');
    await pay.getByText('Test mode', { exact: true }).waitFor();
    await pay.getByText(/Bank transfer from account ending 6789 \(routing 110000000\)/).waitFor();
    expect(intents).toHaveLength(1);
    await pay.getByRole('button', { name: 'Pay $58.20' }).click();
    await waitForToast(page, 'Payment Successful');
    await dialog.waitFor({ state: 'detached' });

    await searchPayments(page, payer);
    const row = page.getByTestId('payment-row').filter({ hasText: payer });
    await row.waitFor();
    expect(await row.textContent()).toContain('$58.20');
    expect(await row.textContent()).toContain('Bank Transfer');
    expect(await paymentCount(page)).toBe(before + 1);
    await context.close();
  });

  it('a walk-in card payment (no invoice) needs a name and description, then pays with 4242 and is listed', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const before = await paymentCount(page);
    await openPayments(page);
    await page.getByRole('button', { name: 'Process Payment' }).click();
    const dialog = dialogTitled(page, 'Process Payment');
    expect(await dialog.getByRole('tab', { name: 'Credit Card' }).getAttribute('aria-selected')).toBe('true');
    expect(await dialog.getByLabel('Invoice (optional)').inputValue()).toBe('');

    // Empty: the amount and the walk-in fields are required.
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.locator('#process-amount-error').getByText('Amount is required').waitFor();
    const both = 'When no invoice is selected, customer name and description are required';
    await dialog.locator('#process-name-error').getByText(both).waitFor();
    await dialog.locator('#process-description-error').getByText(both).waitFor();

    const payer = uniqueName('Card Walkin');
    const description = uniqueName('Replacement filter');
    await dialog.getByLabel('Amount').fill('42.17');
    await dialog.getByLabel('Customer Name').fill(payer);
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // The pay step: test gateway badge and the card form.
    await dialog.getByText('$42.17 by card', { exact: true }).waitFor();
    await payByCard(dialog, CARD_OK, 'Pay $42.17');
    await waitForToast(page, 'Payment Successful');
    await dialog.waitFor({ state: 'detached' });

    await searchPayments(page, payer);
    const row = page.getByTestId('payment-row').filter({ hasText: payer });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('$42.17');
    expect(text).toContain('Credit Card');
    expect(text).toContain(description);
    expect(await paymentCount(page)).toBe(before + 1);
    const [saved] = await apiJson<Payment[]>(page, `/api/payments?q=${encodeURIComponent(payer)}`);
    expect(saved).toMatchObject({ invoiceId: null, customerName: payer, description, amount: '42.17', method: 'credit_card', processor: 'test', status: 'completed' });
    await context.close();
  });
});

describe('Record Payment', () => {
  it('records a check by hand for an unpaid invoice: the amount starts at the balance, the row is listed and the invoice is paid', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const customer = await createCustomer(page, uniqueName('Record Payer'), `record-${Date.now()}@example.com`);
    const invoice = await createSentInvoice(page, customer.id, 'Sump pump install', '260.75');
    const before = await paymentCount(page);
    await openPayments(page);

    await page.getByRole('button', { name: 'Record Payment' }).click();
    const dialog = dialogTitled(page, 'Record Payment');
    // Without an invoice nothing is sent.
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await dialog.getByText('Please select an invoice').waitFor();

    const picker = dialog.getByLabel('Invoice');
    await picker.locator(`option[value="${invoice.id}"]`).waitFor({ state: 'attached' });
    expect(await picker.locator(`option[value="${invoice.id}"]`).textContent()).toBe(`${invoice.invoiceNumber} - ${customer.name} - $260.75 due`);
    await picker.selectOption(String(invoice.id));
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('260.75');
    await dialog.getByLabel('Method').selectOption({ label: 'Check' });
    const reference = `CHK-${Date.now()}`;
    await dialog.getByLabel('Reference').fill(reference);
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await waitForToast(page, 'Payment recorded successfully');
    await dialog.waitFor({ state: 'detached' });

    await searchPayments(page, invoice.invoiceNumber);
    const row = page.getByTestId('payment-row').filter({ has: page.getByRole('cell', { name: invoice.invoiceNumber, exact: true }) });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(customer.name);
    expect(text).toContain('$260.75');
    expect(text).toContain('Check');
    expect(text).toContain(reference);
    expect(await paymentCount(page)).toBe(before + 1);
    expect(await getInvoice(page, invoice.id)).toMatchObject({ status: 'paid', balanceDue: '0.00', amountPaid: '260.75' });

    // A paid invoice is no longer offered.
    await page.getByRole('button', { name: 'Record Payment' }).click();
    await dialog.getByLabel('Invoice').locator('option').nth(1).waitFor({ state: 'attached' });
    expect(await dialog.getByLabel('Invoice').locator(`option[value="${invoice.id}"]`).count()).toBe(0);
    await context.close();
  });
});
