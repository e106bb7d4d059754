// The money figures agree on every screen, and Send Reminders asks once and sends once
// (docs/decisions/017-money-figures.md). A fresh organization of its own (Healthcare words), so the demo data
// other specs read is left as it was.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { DashboardStatsWithFinancials } from '../src/contracts/dashboard';
import { formatMoney, fromCents, toCents } from '../src/contracts/money';
import type { PaymentAnalytics } from '../src/contracts/payment-analytics';
import { launchBrowser } from './fixtures/browser';
import { createCustomer, outboxEntries } from './fixtures/documents';
import { apiJson } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

const DAY = 86_400_000;
const dateAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

let browser: Browser;
let adminEmail: string;
const customerEmails: string[] = [];
/** What the invoices made below leave owed, in cents, worked out from what was invoiced and paid. */
let owedCents = 0;

async function postJson<T>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.post(url, { data });
  if (!response.ok()) throw new Error(`POST ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function sentInvoice(page: Page, customerId: number, rate: string, dueDaysAgo: number): Promise<{ id: number }> {
  owedCents += toCents(rate);
  return postJson(page, '/api/invoices', { customerId, status: 'sent', dueDate: dateAgo(dueDaysAgo), lineItems: [{ description: 'Visit', quantity: 1, rate }] });
}

beforeAll(async () => {
  browser = await launchBrowser();
  const tag = randomUUID().slice(0, 8);
  adminEmail = `money-admin-${tag}@example.com`;
  const superUser = await signedInPage(browser, 'super@example.com');
  const org = await postJson<{ id: number }>(superUser.page, '/api/organizations', { name: `Money Clinic ${tag}`, industry: 'Healthcare', email: 'clinic@example.com' });
  await postJson(superUser.page, '/api/users', { email: adminEmail, firstName: 'Mona', lastName: 'Figures', role: 'org_admin', organizationId: org.id });
  await superUser.context.close();

  const { context, page } = await signedInPage(browser, adminEmail);
  for (let k = 0; k < 3; k++) {
    const email = `money-patient-${k}-${tag}@example.com`;
    customerEmails.push(email);
    const c = await createCustomer(page, `Patient ${k} ${tag}`, email);
    const first = await sentInvoice(page, c.id, '100.00', 10);
    if (k === 0) {
      // A partial payment: only the balance is owed.
      await postJson(page, '/api/payments', { invoiceId: first.id, amount: '40.00', method: 'cash' });
      owedCents -= 4000;
      await sentInvoice(page, c.id, '50.00', 45);
      // A draft is not owed yet.
      await postJson(page, '/api/invoices', { customerId: c.id, status: 'draft', lineItems: [{ description: 'Draft', quantity: 1, rate: '999.00' }] });
    }
  }
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

const textOf = async (page: Page, testId: string) => {
  const el = page.getByTestId(testId);
  await el.waitFor();
  return ((await el.textContent()) ?? '').trim();
};

describe('money figures', () => {
  it('the dashboard and payment analytics show the same balance due, and say what they count', async () => {
    const { context, page } = await signedInPage(browser, adminEmail);
    const owed = formatMoney(fromCents(owedCents));
    await page.goto('/');
    const stats = await apiJson<DashboardStatsWithFinancials>(page, '/api/dashboard/stats');
    expect(stats.pendingInvoices.total).toBe(fromCents(owedCents));
    expect(await textOf(page, 'stat-pending-invoices-value')).toBe(owed);
    const pending = await textOf(page, 'stat-pending-invoices');
    // The organization's words (Healthcare: Medical Bills, Patients), and what the figure counts.
    expect(pending).toContain('Pending Medical Bills');
    expect(pending).toContain('Balance due on 4 unpaid medical bills');
    expect(await textOf(page, 'stat-total-customers')).toContain('Total Patients');
    const actions = page.getByTestId('quick-actions');
    await actions.getByRole('button', { name: 'Create Medical Bill' }).waitFor();
    await actions.getByRole('button', { name: 'Add Patient' }).waitFor();

    await page.goto('/payment-analytics');
    expect(await textOf(page, 'outstanding-balance-value')).toBe(owed);
    expect(await textOf(page, 'outstanding-balance')).toContain('Balance due on 4 unpaid medical bills');
    // The aging buckets add up to the same balance, the partly paid invoice at what is left on it.
    let agingCents = 0;
    for (const bucket of ['current', 'days30', 'days60', 'days90', 'over90']) agingCents += toCents((await textOf(page, `aging-${bucket}-value`)).replace(/[$,]/g, ''));
    expect(agingCents).toBe(owedCents);
    expect(await textOf(page, 'aging-days30-value')).toBe(formatMoney('50.00'));
    expect(await textOf(page, 'overdue-amount-value')).toBe(formatMoney('50.00'));
    await context.close();
  });

  it('Send Reminders names its count, asks once, sends once on a double click, and the toast says how many', async () => {
    const { context, page } = await signedInPage(browser, adminEmail);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/payment-analytics/send-reminders')) posts.push(r.url());
    });
    await page.goto('/payment-analytics');
    const figures = await apiJson<PaymentAnalytics>(page, '/api/reports/payment-analytics');
    expect(figures.recommended.reminders).toEqual({ ready: 3, recent: 0, withoutEmail: 0 });

    const row = page.getByTestId('action-send-reminders');
    // In the organization's words: Patients, Medical Bills.
    await row.getByText('3 patients have overdue medical bills. Email each one a payment reminder.').waitFor();
    await row.getByRole('button', { name: 'Send Reminders (3)' }).click();
    const dialog = page.getByTestId('confirm-send-reminders');
    await dialog.getByRole('heading', { name: 'Send payment reminders?' }).waitFor();
    expect(await dialog.textContent()).toContain('3 patients with overdue medical bills will each get one email listing them, with a link to pay.');
    await dialog.getByRole('button', { name: 'Send 3 reminders' }).dblclick();

    await page.getByText('Sent 3 reminders.', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(posts).toHaveLength(1);
    const reminders = (await outboxEntries(page)).filter((e) => customerEmails.includes(e.to) && (e.subject ?? '').startsWith('Payment reminder'));
    expect(reminders.map((e) => e.to).sort()).toEqual([...customerEmails].sort());
    // Each carries the pay link of what it lists.
    for (const e of reminders) expect(e.text).toMatch(/Pay online: http:\/\/\S+\/payment\/\S+/);

    // Nothing is left to send within 24 hours: the button says so and stays off.
    const again = row.getByRole('button', { name: 'Send Reminders (0)' });
    await again.waitFor();
    expect(await again.isDisabled()).toBe(true);
    await row.getByText('3 reminded within the last 24 hours.').waitFor();
    await context.close();
  });
});
