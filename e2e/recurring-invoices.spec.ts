// Recurring billing in the browser (docs/rules/money-and-payments.md#recurring-invoices): staff make a monthly schedule
// with two priced lines, see it listed with its schedule, next date and per-invoice total (the server's, equal to the
// form's preview), pause and resume it, change it, and delete it; the list fits a phone. The invoice dialog's
// Reminders section stays hidden for an invoice without reminders, and shows the timeline and the auto-pay and
// recurring lines in their words.
// A fresh organization of its own: its list holds only this spec's schedules, and its default rate prices only them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { formatDate } from '../src/contracts/format';
import type { Invoice } from '../src/contracts/invoices';
import type { InvoiceReminderTimeline } from '../src/contracts/payment-reminders';
import type { RecurringInvoice } from '../src/contracts/recurring-invoices';
import { DESKTOP, launchBrowser, PHONE } from './fixtures/browser';
import { fillLine, pickCustomer, waitForToast } from './fixtures/documents';
import { centsOf } from './fixtures/money';
import { apiJson, postJson, uniqueName } from './fixtures/records';
import { freshOrganizationAdmin } from './fixtures/fresh-organization';
import { signedInPage } from './fixtures/sessions';

let browser: Browser;
let adminEmail: string;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ adminEmail } = await freshOrganizationAdmin(browser, 'Recurring Lawns', { firstName: 'Rae', lastName: 'Recurring' }));
  const { context, page } = await signedInPage(browser, adminEmail);
  await postJson(page, '/api/tax-rates', { name: 'State', percent: '5', isDefault: true });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

/** The 15th of next month: no invoice falls due while this file runs, so the next date stays the start date. */
function fifteenthOfNextMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15)).toISOString().slice(0, 10);
}

const schedules = (page: Page) => apiJson<RecurringInvoice[]>(page, '/api/recurring-invoices?limit=100');
const rowOf = (page: Page, title: string) => page.getByTestId('recurring-invoice-row').filter({ hasText: title });
const cellText = async (row: Locator, testId: string) => ((await row.getByTestId(testId).textContent()) ?? '').trim();

async function chooseAction(page: Page, title: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('recurring billing', () => {
  const title = uniqueName('Lawn care');
  const startDate = fifteenthOfNextMonth();

  it('makes a monthly schedule of two lines whose listed total is the one the form showed', async () => {
    const { context, page } = await signedInPage(browser, adminEmail);
    const customer = await postJson<{ id: number; name: string }>(page, '/api/customers', { name: uniqueName('Green Acres'), email: `acres-${Date.now()}@example.com` });
    await page.goto('/recurring-invoices');
    await page.getByTestId('recurring-invoices-empty').waitFor();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByTestId('recurring-invoice-dialog');
    await dialog.getByRole('heading', { name: 'New Recurring Invoice' }).waitFor();

    // Nothing filled in: the contract's messages.
    await dialog.getByRole('button', { name: 'Create Recurring Invoice' }).click();
    await dialog.getByText('Please select a customer').waitFor();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByText('Add at least one line').waitFor();

    await pickCustomer(dialog, customer.name);
    await dialog.getByLabel('Title').fill(title);
    expect(await dialog.getByLabel('Frequency').inputValue()).toBe('monthly');
    await dialog.getByLabel('First Invoice').fill(startDate);
    await fillLine(dialog, 1, { description: 'Mowing', quantity: '2', rate: '40' });
    await dialog.getByRole('button', { name: 'Add line' }).click();
    await fillLine(dialog, 2, { description: 'Hedge trimming', quantity: '1', rate: '25' });
    // By hand: 2 x 40.00 + 25.00 = 105.00; State 5 % = 5.25; 110.25 per invoice.
    await expect.poll(async () => centsOf((await dialog.getByTestId('recurring-total').textContent()) ?? '')).toBe(11025);
    expect(await dialog.getByTestId('recurring-preview').textContent()).toContain(`Every month on the 15th: next on ${formatDate(startDate)}`);
    expect(await dialog.getByLabel('E-mail each invoice to the customer').isChecked()).toBe(true);

    await dialog.getByRole('button', { name: 'Create Recurring Invoice' }).click();
    await waitForToast(page, 'Recurring invoice created');
    await dialog.waitFor({ state: 'detached' });

    const row = rowOf(page, title);
    await row.waitFor();
    expect(await cellText(row, 'recurring-schedule')).toBe('Every month on the 15th');
    expect(await cellText(row, 'recurring-next-date')).toBe(formatDate(startDate));
    expect(await cellText(row, 'recurring-total')).toBe('$110.25');
    expect(await row.getByText('Active', { exact: true }).count()).toBe(1);
    expect(await row.getByText(customer.name).count()).toBe(1);

    const [saved] = (await schedules(page)).filter((s) => s.title === title);
    expect(saved).toMatchObject({ frequency: 'monthly', interval: 1, startDate, nextDate: startDate, total: '110.25', status: 'active', dueDays: 30, sendEmail: true, endDate: null, maxCount: null });
    expect(saved.lineItems.map((l) => [l.description, l.quantity, l.rate, l.taxRateIds.length])).toEqual([
      ['Mowing', '2.00', '40.00', 1],
      ['Hedge trimming', '1.00', '25.00', 1],
    ]);
    await context.close();
  });

  it('pauses and resumes it from its actions', async () => {
    const { context, page } = await signedInPage(browser, adminEmail);
    await page.goto('/recurring-invoices');
    const row = rowOf(page, title);
    await row.waitFor();
    await chooseAction(page, title, 'Pause');
    await waitForToast(page, `Paused "${title}"`);
    await row.getByText('Paused', { exact: true }).waitFor();
    expect((await schedules(page)).find((s) => s.title === title)?.status).toBe('paused');

    await chooseAction(page, title, 'Resume');
    await waitForToast(page, `Resumed "${title}"`);
    await row.getByText('Active', { exact: true }).waitFor();
    const resumed = (await schedules(page)).find((s) => s.title === title);
    expect(resumed).toMatchObject({ status: 'active', nextDate: startDate, total: '110.25' });
    await context.close();
  });

  it('edits it: every 2 months, a new rate, ending after 6 invoices; no invoice made yet', async () => {
    const { context, page } = await signedInPage(browser, adminEmail);
    await page.goto('/recurring-invoices');
    await rowOf(page, title).getByRole('button', { name: title, exact: true }).click();
    const dialog = page.getByTestId('recurring-invoice-dialog');
    await dialog.getByRole('heading', { name: 'Edit Recurring Invoice' }).waitFor();
    expect(await dialog.getByLabel('Title').inputValue()).toBe(title);
    expect(await dialog.getByLabel('Line 2 rate').inputValue()).toBe('25.00');
    expect(await dialog.getByTestId('recurring-history-empty').textContent()).toBe(`None yet. The first is made on ${formatDate(startDate)}.`);

    await dialog.getByLabel('Every', { exact: true }).fill('2');
    await dialog.getByLabel('Line 2 rate').fill('35');
    await dialog.getByLabel('After a number of invoices').check();
    await dialog.getByLabel('Number of invoices', { exact: true }).fill('6');
    // 2 x 40.00 + 35.00 = 115.00; 5 % = 5.75; 120.75.
    await expect.poll(async () => centsOf((await dialog.getByTestId('recurring-total').textContent()) ?? '')).toBe(12075);
    expect(await dialog.getByTestId('recurring-preview').textContent()).toContain('Every 2 months on the 15th');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await waitForToast(page, 'Recurring invoice updated');
    await dialog.waitFor({ state: 'detached' });

    const row = rowOf(page, title);
    await expect.poll(() => cellText(row, 'recurring-schedule')).toBe('Every 2 months on the 15th');
    expect(await cellText(row, 'recurring-total')).toBe('$120.75');
    const saved = (await schedules(page)).find((s) => s.title === title);
    expect(saved).toMatchObject({ interval: 2, maxCount: 6, endDate: null, total: '120.75', status: 'active' });
    await context.close();
  });

  it('lists it as a card on a phone, without sideways scrolling', async () => {
    const { context, page } = await signedInPage(browser, adminEmail, PHONE);
    await page.goto('/recurring-invoices');
    const card = page.getByTestId('recurring-invoice-card').filter({ hasText: title });
    await card.waitFor();
    expect(await cellText(card, 'recurring-schedule')).toBe('Every 2 months on the 15th');
    expect(await cellText(card, 'recurring-next-date')).toBe(`Next ${formatDate(startDate)}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await card.getByRole('button', { name: title, exact: true }).click();
    const dialog = page.getByTestId('recurring-invoice-dialog');
    await dialog.getByRole('heading', { name: 'Edit Recurring Invoice' }).waitFor();
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await context.close();
  });

  it('deletes it after a confirmation', async () => {
    const { context, page } = await signedInPage(browser, adminEmail, DESKTOP);
    await page.goto('/recurring-invoices');
    await rowOf(page, title).waitFor();
    const id = (await schedules(page)).find((s) => s.title === title)!.id;
    await chooseAction(page, title, 'Delete');
    const confirm = page.getByTestId('confirm-delete-dialog');
    await confirm.getByText(`"${title}"`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await waitForToast(page, 'Recurring invoice deleted');
    await page.getByTestId('recurring-invoices-empty').waitFor();
    expect((await page.request.get(`/api/recurring-invoices/${id}`)).status()).toBe(404);
    await context.close();
  });
});

describe("the invoice dialog's reminders, auto-pay and recurring lines", () => {
  async function sentInvoice(page: Page): Promise<Invoice> {
    const customer = await postJson<{ id: number }>(page, '/api/customers', { name: uniqueName('Reminded'), email: `reminded-${Date.now()}@example.com` });
    const dueDate = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    return postJson<Invoice>(page, '/api/invoices', { customerId: customer.id, status: 'sent', dueDate, lineItems: [{ description: 'Spring clean-up', quantity: 1, rate: '200' }] });
  }

  /** Opens the invoice's dialog and waits for its reminders answer. */
  async function openInvoice(page: Page, invoice: Invoice): Promise<Locator> {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/invoices/${invoice.id}/reminders`);
    await page.goto(`/invoices?open=${invoice.id}`);
    const dialog = page.getByTestId('invoice-dialog');
    await dialog.getByText('Amounts are locked').waitFor();
    await answered;
    return dialog;
  }

  it('hides the section for a sent invoice without reminders or late fees, and says nothing of auto-pay or recurring billing', async () => {
    const { context, page } = await signedInPage(browser, adminEmail);
    const invoice = await sentInvoice(page);
    expect(invoice).toMatchObject({ recurringInvoiceId: null, autoPayState: null });
    expect(await apiJson<InvoiceReminderTimeline>(page, `/api/invoices/${invoice.id}/reminders`)).toEqual({ reminders: [], lateFees: [] });
    const dialog = await openInvoice(page, invoice);
    expect(await dialog.getByTestId('invoice-reminders').count()).toBe(0);
    expect(await dialog.getByTestId('invoice-origin').count()).toBe(0);
    await context.close();
  });

  // The reminder job runs 5 seconds after the app starts and then every 5 minutes, and the test app has no hook to run
  // it, nor an API that charges auto-pay on demand: these answers stand in for the job's rows (the server's timeline and
  // auto-pay are covered by its own tests); what is checked here is the dialog's words for them.
  it('lists each reminder, the late fees, the auto-pay outcome and the recurring period in their words', async () => {
    const { context, page } = await signedInPage(browser, adminEmail);
    const invoice = await sentInvoice(page);
    const timeline: InvoiceReminderTimeline = {
      reminders: [
        { id: 1, days: -3, channel: 'email', status: 'sent', dueAt: '2025-05-12T13:00:00.000Z', sentAt: '2025-05-12T13:00:05.000Z', recipient: 'pat@example.com', note: null, attempts: 1 },
        { id: 2, days: 0, channel: 'sms', status: 'skipped', dueAt: '2025-05-15T13:00:00.000Z', sentAt: null, recipient: null, note: 'No mobile number', attempts: 0 },
        { id: 3, days: 7, channel: 'email', status: 'failed', dueAt: '2025-05-22T13:00:00.000Z', sentAt: null, recipient: 'pat@example.com', note: 'Mailbox unavailable', attempts: 3 },
        { id: 4, days: 14, channel: 'email', status: 'pending', dueAt: '2025-05-29T13:00:00.000Z', sentAt: null, recipient: null, note: null, attempts: 0 },
      ],
      lateFees: [{ id: 9, period: 1, amount: '15.00', createdAt: '2025-05-25T09:00:00.000Z' }],
    };
    await page.route(`**/api/invoices/${invoice.id}/reminders`, (route) => route.fulfill({ json: timeline }));
    await page.route(`**/api/invoices/${invoice.id}`, async (route) => {
      const answer = await route.fetch();
      const body = { ...((await answer.json()) as Invoice), autoPayState: 'declined', autoPayNote: 'Your card was declined.', recurringInvoiceId: 77, recurringDate: '2025-05-15' };
      await route.fulfill({ response: answer, json: body });
    });
    const dialog = await openInvoice(page, invoice);
    const section = dialog.getByTestId('invoice-reminders');
    await section.waitFor();
    const rows = await section.getByTestId('invoice-reminder').allInnerTexts();
    expect(rows.map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
      '3 days before the due date · E-mail Sent to pat@example.com on May 12, 2025',
      'On the due date · Text Skipped: No mobile number',
      '7 days after the due date · E-mail Failed: Mailbox unavailable',
      '14 days after the due date · E-mail Scheduled for May 29, 2025',
    ]);
    expect((await section.getByTestId('invoice-late-fee').innerText()).replace(/\s+/g, ' ').trim()).toBe('Late fee · added May 25, 2025 $15.00');
    expect((await dialog.getByTestId('invoice-auto-pay').innerText()).trim()).toBe('Auto-pay: Declined: Your card was declined.');
    expect((await dialog.getByTestId('invoice-recurring').innerText()).trim()).toBe('From recurring billing, period of May 15, 2025');
    expect(await dialog.getByRole('link', { name: 'recurring billing' }).getAttribute('href')).toBe('/recurring-invoices?open=77');
    await context.close();
  });
});
