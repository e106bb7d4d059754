// A customer pays an invoice in their portal with the built-in test gateway (docs/rules/customer-portal.md#portal-screen), and
// staff see it everywhere money shows: invoices, payments, payment analytics and the dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Customer } from '../src/contracts/customers';
import type { DashboardStatsWithFinancials } from '../src/contracts/dashboard';
import type { Invoice } from '../src/contracts/invoices';
import type { PaymentAnalytics } from '../src/contracts/payment-analytics';
import type { PortalResponse } from '../src/contracts/customer-portal';
import { formatMoney, fromCents, toCents } from '../src/contracts/money';
import { launchBrowser } from './fixtures/browser';
import { waitForToast } from './fixtures/documents';
import { CARD_DECLINED, CARD_OK, centsOf, createSentInvoice, customerNamed, DECLINED_MESSAGE, getInvoice, payByCard, paymentCount } from './fixtures/money';
import { apiJson, dialogTitled, uniqueName } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
let casey: Customer;

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await signedInPage(browser, 'admin@example.com');
  casey = await customerNamed(page, 'Casey Customer');
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

async function openPortal(page: Page): Promise<void> {
  await page.goto('/customer-portal');
  expect(await page.getByTestId('portal-greeting').textContent()).toBe('Welcome, Casey Customer');
}

const portalRow = (page: Page, number: string): Locator => page.getByTestId('portal-invoice-row').filter({ has: page.getByRole('cell', { name: number, exact: true }) });
const historyRows = (page: Page, number: string): Locator =>
  page.getByTestId('portal-payment-row').filter({ has: page.getByRole('cell', { name: number, exact: true }) });

async function summaryValue(page: Page, title: string): Promise<number> {
  const card = page.getByTestId('portal-summary').locator('div', { has: page.getByText(title, { exact: true }) }).last();
  return centsOf((await card.textContent()) ?? '');
}

describe('paying in the customer portal', () => {
  it('the customer pays their sent invoice by card; it is paid in the portal, the invoices, the payments and every total', async () => {
    const admin = await signedInPage(browser, 'admin@example.com');
    // Casey's seeded sent invoice: the oldest sent one (the other specs make their own for other customers).
    const sent = await apiJson<Invoice[]>(admin.page, `/api/invoices?customerId=${casey.id}&status=sent&limit=100`);
    // Should another spec ever pay it first, pay one made here instead.
    const invoice = sent.sort((a, b) => a.id - b.id)[0] ?? (await createSentInvoice(admin.page, casey.id, uniqueName('Drain cleaning'), '245.60'));
    const balance = toCents(invoice.balanceDue);
    expect(balance).toBeGreaterThan(0);
    const paymentsBefore = await paymentCount(admin.page);
    const analyticsBefore = await apiJson<PaymentAnalytics>(admin.page, '/api/reports/payment-analytics');
    const dashboardBefore = await apiJson<DashboardStatsWithFinancials>(admin.page, '/api/dashboard/stats');
    expect(dashboardBefore.financials).toBe(true);

    const { context, page } = await signedInPage(browser, 'customer@example.com');
    await openPortal(page);
    const row = portalRow(page, invoice.invoiceNumber);
    expect(await row.locator('[data-status]').getAttribute('data-status')).toMatch(/^(sent|overdue)$/);
    const paidBefore = await summaryValue(page, 'Total Paid');
    const outstandingBefore = await summaryValue(page, 'Outstanding Balance');
    expect(await historyRows(page, invoice.invoiceNumber).count()).toBe(0);

    const payNow = row.getByRole('button', { name: `Pay invoice ${invoice.invoiceNumber}` });
    expect((await payNow.textContent())?.trim()).toBe('Pay Now');
    await payNow.click();
    const dialog = dialogTitled(page, 'Pay Invoice');
    await dialog.getByText(`Invoice ${invoice.invoiceNumber} · Balance due ${formatMoney(invoice.balanceDue)}`).waitFor();
    await payByCard(dialog, CARD_OK, `Pay ${formatMoney(invoice.balanceDue)}`);
    await waitForToast(page, 'Payment Successful');
    await page.getByText('Thank you for your payment!', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The portal reloads: the invoice reads Paid, has no Pay Now, and shows in Payment History.
    await row.locator('[data-status="paid"]').waitFor();
    expect(await row.getByText('Paid', { exact: true }).count()).toBe(1);
    expect(await row.getByRole('button', { name: /^Pay invoice/ }).count()).toBe(0);
    const history = historyRows(page, invoice.invoiceNumber);
    await history.waitFor();
    expect(await history.textContent()).toContain(formatMoney(invoice.balanceDue));
    expect(await history.textContent()).toContain('Credit Card');
    await expect.poll(() => summaryValue(page, 'Total Paid')).toBe(paidBefore + balance);
    expect(await summaryValue(page, 'Outstanding Balance')).toBe(outstandingBefore - balance);
    const portal = await apiJson<PortalResponse>(page, '/api/portal');
    expect(portal.invoices.find((i) => i.id === invoice.id)?.status).toBe('paid');
    await context.close();

    // Staff: the invoice is paid in Service Bills.
    const a = admin.page;
    expect((await getInvoice(a, invoice.id)).status).toBe('paid');
    await a.goto('/invoices');
    await a.getByRole('searchbox', { name: /^Search by number/ }).fill(invoice.invoiceNumber);
    const invoiceRow = a.locator(`[data-testid="invoice-row"][data-number="${invoice.invoiceNumber}"]`);
    await invoiceRow.locator('[data-status="paid"]').waitFor();
    expect(await invoiceRow.getByText('Paid', { exact: true }).count()).toBe(1);

    // The payment is listed, by card, for the balance.
    expect(await paymentCount(a)).toBe(paymentsBefore + 1);
    await a.goto('/payments');
    await a.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await a.getByRole('searchbox', { name: 'Search payments' }).fill(invoice.invoiceNumber);
    const paymentRow = a.getByTestId('payment-row').filter({ has: a.getByRole('cell', { name: invoice.invoiceNumber, exact: true }) });
    await paymentRow.waitFor();
    expect(await paymentRow.count()).toBe(1);
    const paymentText = (await paymentRow.textContent()) ?? '';
    expect(paymentText).toContain('Casey Customer');
    expect(paymentText).toContain(formatMoney(invoice.balanceDue));
    expect(paymentText).toContain('Credit Card');

    // Payment analytics: the outstanding balance (balances due of owed invoices) drops by what was paid.
    const analyticsAfter = await apiJson<PaymentAnalytics>(a, '/api/reports/payment-analytics');
    expect(toCents(analyticsAfter.outstandingBalance.total)).toBe(toCents(analyticsBefore.outstandingBalance.total) - toCents(invoice.balanceDue));
    expect(analyticsAfter.outstandingBalance.count).toBe(analyticsBefore.outstandingBalance.count - 1);
    await a.goto('/payment-analytics');
    expect(await a.getByTestId('outstanding-balance-value').textContent()).toBe(formatMoney(analyticsAfter.outstandingBalance.total));
    for (const id of ['overdue-amount', 'avg-payment-time', 'payment-success-rate']) expect((await a.getByTestId(`${id}-value`).textContent())?.trim()).not.toBe('');
    await a.getByTestId('aging-current').waitFor();

    // Dashboard: this month's revenue grows by the payment, pending invoices shrink by the invoice.
    const dashboardAfter = await apiJson<DashboardStatsWithFinancials>(a, '/api/dashboard/stats');
    expect(dashboardAfter.financials).toBe(true);
    expect(toCents(dashboardAfter.monthlyRevenue)).toBe(toCents(dashboardBefore.monthlyRevenue) + balance);
    // Pending is the same balance-due figure as Outstanding (docs/decisions/017-money-figures.md).
    expect(toCents(dashboardAfter.pendingInvoices.total)).toBe(toCents(dashboardBefore.pendingInvoices.total) - balance);
    await a.goto('/');
    await a.getByTestId('stat-monthly-revenue').waitFor();
    expect(await a.getByTestId('stat-monthly-revenue-value').textContent()).toBe(formatMoney(fromCents(toCents(dashboardBefore.monthlyRevenue) + balance)));
    expect(await a.getByTestId('stat-pending-invoices-value').textContent()).toBe(formatMoney(dashboardAfter.pendingInvoices.total));
    await admin.context.close();
  });

  it('a declined card shows the decline and records nothing; another card in the same dialog then pays', async () => {
    const admin = await signedInPage(browser, 'admin@example.com');
    const invoice = await createSentInvoice(admin.page, casey.id, uniqueName('Gutter cleaning'), '123.45');
    expect(invoice).toMatchObject({ status: 'sent', total: '123.45', balanceDue: '123.45' });
    const paymentsBefore = await paymentCount(admin.page);

    const { context, page } = await signedInPage(browser, 'customer@example.com');
    await openPortal(page);
    const row = portalRow(page, invoice.invoiceNumber);
    await row.getByRole('button', { name: `Pay invoice ${invoice.invoiceNumber}` }).click();
    const dialog = dialogTitled(page, 'Pay Invoice');
    await payByCard(dialog, CARD_DECLINED, 'Pay $123.45');
    await dialog.getByRole('alert').getByText(DECLINED_MESSAGE, { exact: true }).waitFor();
    await waitForToast(page, 'Payment Failed');

    // Nothing booked: no payment, the invoice still sent with its whole balance, nothing in the history.
    expect(await paymentCount(admin.page)).toBe(paymentsBefore);
    expect(await getInvoice(admin.page, invoice.id)).toMatchObject({ status: 'sent', balanceDue: '123.45', amountPaid: '0.00' });
    expect((await apiJson<PortalResponse>(page, '/api/portal')).payments.some((p) => p.invoiceNumber === invoice.invoiceNumber)).toBe(false);

    // The dialog stays open for another card.
    await dialog.getByLabel('Card number').fill(CARD_OK);
    await dialog.getByRole('button', { name: 'Pay $123.45' }).click();
    await waitForToast(page, 'Payment Successful');
    await dialog.waitFor({ state: 'detached' });
    await row.locator('[data-status="paid"]').waitFor();
    await historyRows(page, invoice.invoiceNumber).waitFor();
    expect(await paymentCount(admin.page)).toBe(paymentsBefore + 1);
    expect((await getInvoice(admin.page, invoice.id)).status).toBe('paid');
    await context.close();
    await admin.context.close();
  });

  it("a draft invoice is not shown in the customer's portal", async () => {
    const admin = await signedInPage(browser, 'admin@example.com');
    const response = await admin.page.request.post('/api/invoices', {
      data: { customerId: casey.id, status: 'draft', lineItems: [{ description: uniqueName('Draft quote'), quantity: 1, rate: '77.00' }] },
    });
    expect(response.ok()).toBe(true);
    const draft = (await response.json()) as Invoice;
    await admin.context.close();

    const { context, page } = await signedInPage(browser, 'customer@example.com');
    await openPortal(page);
    await page.getByTestId('portal-invoice-row').first().waitFor();
    expect(await portalRow(page, draft.invoiceNumber).count()).toBe(0);
    expect((await apiJson<PortalResponse>(page, '/api/portal')).invoices.some((i) => i.id === draft.id)).toBe(false);
    await context.close();
  });
});
