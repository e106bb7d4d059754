// Invoice payment links (docs/rules/money-and-payments.md#payment-links): staff generate a link, a signed-out payer opens it and pays
// by card, the link is then completed and its openings counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Invoice } from '../src/contracts/invoices';
import type { PaymentAnalytics } from '../src/contracts/payment-analytics';
import type { PaymentLink } from '../src/contracts/payment-links';
import type { Payment } from '../src/contracts/payments';
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

async function linkFor(page: Parameters<typeof apiJson>[0], invoiceId: number): Promise<PaymentLink> {
  const links = await apiJson<PaymentLink[]>(page, '/api/payment-links?limit=100');
  const found = links.filter((l) => l.invoiceId === invoiceId);
  expect(found).toHaveLength(1);
  return found[0];
}

describe('invoice payment links', () => {
  it('staff generate a link; a signed-out payer sees the invoice and pays by card; the link is then completed with its clicks counted', async () => {
    const admin = await signedInPage(browser, 'admin@example.com');
    const customer = await createCustomer(admin.page, uniqueName('Link Payer'), `link-${Date.now()}@example.com`);
    const line = uniqueName('Furnace tune-up');
    const invoice: Invoice = await createSentInvoice(admin.page, customer.id, line, '318.40');

    // Generate: the picker offers the unpaid invoice; the result shows the URL.
    const a = admin.page;
    await a.goto('/payment-links');
    await a.getByRole('heading', { name: 'Payment Links', level: 1 }).waitFor();
    const generate = a.getByRole('button', { name: 'Generate Payment Link' });
    const picker = a.getByLabel('Select Invoice');
    await picker.waitFor();
    expect(await generate.isDisabled()).toBe(true);
    expect(await picker.locator(`option[value="${invoice.id}"]`).textContent()).toBe(`${invoice.invoiceNumber} - ${customer.name} - $318.40`);
    await picker.selectOption(String(invoice.id));
    await generate.click();
    await waitForToast(a, 'Invoice payment link generated successfully');
    const urlBox = a.getByLabel('Invoice payment link');
    const url = await urlBox.inputValue();
    expect(url).toMatch(new RegExp(`^${baseURL().replace(/[.]/g, '\\.')}/payment/[A-Za-z0-9_-]{16,}$`));
    const linkId = url.split('/payment/')[1];
    const created = await linkFor(a, invoice.id);
    expect(created).toMatchObject({ linkId, status: 'active', clickCount: 0, amount: '318.40', invoiceNumber: invoice.invoiceNumber });

    // Generating again while the link is valid hands out the same link.
    await generate.click();
    await waitForToast(a, 'Invoice payment link generated successfully');
    await expect.poll(() => urlBox.inputValue()).toBe(url);
    expect((await linkFor(a, invoice.id)).linkId).toBe(linkId);

    const analyticsBefore = await apiJson<PaymentAnalytics>(a, '/api/reports/payment-analytics');

    // A new browser context: no cookies, no session.
    const payer = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 800 } });
    const page = await payer.newPage();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
    await page.goto(url);
    expect(await page.getByTestId('pay-organization-name').textContent()).toBe('Demo Home Services');
    const summary = page.getByTestId('invoice-summary');
    await summary.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}` }).waitFor();
    await summary.getByText(`Billed to ${customer.name}`).waitFor();
    await summary.getByText(line).waitFor();
    expect(await page.getByTestId('balance-due').textContent()).toBe('$318.40');
    expect(await page.getByTestId('sidebar-nav').count()).toBe(0);

    await page.getByRole('button', { name: 'Continue to Pay $318.40' }).click();
    await page.getByRole('heading', { name: 'Card Details' }).waitFor();
    await payByCard(page.locator('main'), CARD_OK, 'Pay $318.40');
    const done = page.getByTestId('payment-succeeded');
    await done.getByRole('heading', { name: 'Payment Successful' }).waitFor();
    expect(await done.getByTestId('paid-amount').textContent()).toBe('$318.40');
    await done.getByText('Paid to Demo Home Services.').waitFor();

    // Opening the link again: already paid, no form.
    const again = await payer.newPage();
    await again.goto(url);
    const completed = again.getByTestId('link-completed');
    await completed.getByRole('heading', { name: 'Already Paid' }).waitFor();
    expect(await again.getByRole('button', { name: /^Continue to Pay/ }).count()).toBe(0);
    await payer.close();

    // Staff: the link is completed with two openings, the invoice is paid, the payment is booked by card.
    await expect.poll(async () => (await linkFor(a, invoice.id)).status).toBe('completed');
    expect((await linkFor(a, invoice.id)).clickCount).toBe(2);
    expect(await getInvoice(a, invoice.id)).toMatchObject({ status: 'paid', balanceDue: '0.00' });
    const payments = await apiJson<Payment[]>(a, `/api/payments?q=${invoice.invoiceNumber}`);
    expect(payments.map((p) => [p.invoiceId, p.amount, p.method])).toEqual([[invoice.id, '318.40', 'credit_card']]);

    // Payment analytics: the anonymous link payment is counted apart from the success rate of staff and portal payments.
    const analyticsAfter = await apiJson<PaymentAnalytics>(a, '/api/reports/payment-analytics');
    expect(analyticsAfter.successRate).toEqual(analyticsBefore.successRate);
    const linkAttempts = analyticsAfter.publicLinkAttempts;
    expect(linkAttempts).toEqual({ succeeded: analyticsBefore.publicLinkAttempts.succeeded + 1, attempted: analyticsBefore.publicLinkAttempts.attempted + 1 });
    await a.goto('/payment-analytics');
    expect(await a.getByTestId('payment-success-rate-note').textContent()).toBe(`Public link attempts: ${linkAttempts.succeeded.toLocaleString('en-US')} of ${linkAttempts.attempted.toLocaleString('en-US')} succeeded`);

    await a.goto('/payment-links');
    const row = a.getByTestId('payment-link-row').filter({ has: a.getByRole('cell', { name: invoice.invoiceNumber, exact: true }) });
    await row.waitFor();
    expect(await row.locator('[data-status]').getAttribute('data-status')).toBe('completed');
    expect(await row.getByText('Completed', { exact: true }).count()).toBe(1);
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[2]).toBe('2');
    expect(cells[5]).toBe('$318.40');
    // Paid: no longer offered for a new link.
    await a.getByLabel('Select Invoice').locator('option').nth(1).waitFor({ state: 'attached' });
    expect(await a.getByLabel('Select Invoice').locator(`option[value="${invoice.id}"]`).count()).toBe(0);
    await admin.context.close();
  });

  it("Pay Now on the organization's home page takes a signed-out visitor to the generic pay page in the same tab, no blank tab", async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    const opened: string[] = [];
    context.on('page', (p) => opened.push(p.url()));
    await page.goto('/org/demo');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/generic-payment-links') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    expect([200, 201]).toContain((await answer).status());
    await page.waitForURL(/\/payment\/[A-Za-z0-9_-]{16,}$/);
    // The generic link's page: any amount, with the payer's name and what it is for.
    await page.getByLabel('Amount').waitFor();
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor();
    expect(opened).toEqual([]);
    expect(context.pages()).toHaveLength(1);
    expect(await page.getByText('Not signed in').count()).toBe(0);
    await context.close();
  });

  it('an unknown link shows Payment Link Not Found to a signed-out visitor', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    await page.goto('/payment/no-such-link-0000000000');
    await page.getByTestId('link-not-found').getByRole('heading', { name: 'Payment Link Not Found' }).waitFor();
    await context.close();
  });
});
