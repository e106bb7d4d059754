// Refunding a payment in the browser (docs/rules/money-and-payments.md#refunds).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Payment } from '../src/contracts/payments';
import { launchBrowser } from './fixtures/browser';
import { signedInPage } from './fixtures/sessions';
import { uniqueName } from './fixtures/records';
import { createCustomer, waitForToast } from './fixtures/documents';
import { createSentInvoice, getInvoice } from './fixtures/money';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('refunds', () => {
  it('an admin refunds part of a card payment: over the payment is refused, then the refund shows and the invoice owes it again', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const customer = await createCustomer(page, uniqueName('Refund Customer'), `refund-${Date.now()}@example.com`);
    const invoice = await createSentInvoice(page, customer.id, 'Drain cleaning', '180.00');
    // Paid by card through the test gateway, as the portal or the Process Payment dialog would.
    const intent = await (await page.request.post('/api/create-payment-intent', { data: { invoiceId: invoice.id, amount: '180.00', paymentType: 'card' } })).json();
    const confirmed = await page.request.post('/api/payment-intents/confirm', { data: { clientSecret: intent.clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } } });
    expect(confirmed.status()).toBe(200);
    expect((await getInvoice(page, invoice.id)).status).toBe('paid');

    await page.goto(`/payments?q=${encodeURIComponent(invoice.invoiceNumber)}`);
    await page.getByRole('button', { name: `Refund payment of $180.00 for ${invoice.invoiceNumber}` }).click();
    const dialog = page.getByTestId('refund-dialog');
    await dialog.getByText('Up to $180.00 can be refunded').waitFor();
    await dialog.getByText('The test gateway returns it (Test mode).').waitFor();
    await dialog.getByLabel('Amount').fill('180.01');
    await dialog.getByLabel('Reason').fill('Second visit was not needed');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.getByText('The refund cannot be more than $180.00, what is left of this payment').waitFor();
    await dialog.getByLabel('Amount').fill('45.00');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await waitForToast(page, 'Refund issued');
    await dialog.waitFor({ state: 'detached' });

    const rows = page.getByTestId('payment-row');
    await rows.filter({ hasText: '-$45.00' }).waitFor();
    await rows.getByTestId('payment-refunded').filter({ hasText: '$45.00 refunded' }).waitFor();
    expect(await getInvoice(page, invoice.id)).toMatchObject({ status: 'sent', amountPaid: '135.00', balanceDue: '45.00' });
    const listed = await (await page.request.get(`/api/payments?invoiceId=${invoice.id}`)).json() as Payment[];
    expect(listed.map((p) => p.amount).sort()).toEqual(['-45.00', '180.00']);
    await context.close();
  });
});
