// Saves PNGs of Recurring Billing (desktop 1280 and phone 390) for a visual check: the list (active, paused and ended
// schedules, the Auto-pay badge), the new schedule form with its errors and filled in (schedule preview, priced lines,
// totals), the edit dialog with the invoices made so far, and an invoice dialog's Reminders, Auto-pay and recurring
// lines: `npx tsx e2e/screenshots-recurring-invoices.ts` (into /tmp/shots-recurring, or OUT_DIR). Uses BASE_URL when
// given (a running app), else starts one with fresh demo data; the schedules and rate made here are removed at the end.
// The billing and reminder jobs run every 5 minutes and no call runs them, so the states only they reach (ended, auto-pay,
// invoices made, reminders sent) are shown by dressing up the server's own answers in the browser.
import { type Locator, type Page, type Route } from 'playwright-core';
import type { Invoice } from '@contracts/invoices';
import type { InvoiceReminderTimeline } from '@contracts/payment-reminders';
import type { RecurringInvoice } from '@contracts/recurring-invoices';
import type { TaxRate } from '@contracts/tax-rates';
import { fillLine, pickCustomer } from './fixtures/documents';
import { postJson } from './fixtures/records';
import { runScreenshots, type ShotRun } from './fixtures/screenshots';

let shots: ShotRun;
const shoot = (page: Page, name: string, fullPage = false) => shots.shoot(page, name, fullPage);

/** Scrolls the dialog so `target` sits in view, then shoots the page. */
async function shootAt(page: Page, target: Locator, name: string) {
  await target.scrollIntoViewIfNeeded();
  await shoot(page, name);
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The next 31st ahead, so the preview shows a monthly schedule keeping to the last day of shorter months. */
function nextThirtyFirst(): string {
  const now = new Date();
  for (let m = 1; ; m++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + m, 31));
    if (d.getUTCDate() === 31) return d.toISOString().slice(0, 10);
  }
}

async function customer(page: Page, name: string) {
  return postJson<{ id: number; name: string }>(page, '/api/customers', { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com` });
}

async function makeSchedules(page: Page, rate: TaxRate): Promise<RecurringInvoice[]> {
  const lawn = await customer(page, 'Harper Landscaping Co');
  const pool = await customer(page, 'Morgan Ellis');
  const office = await customer(page, 'Bright Dental Office Group LLC');
  const lines = (rows: [string, number, string][]) => rows.map(([description, quantity, r]) => ({ description, quantity, rate: r, taxRateIds: [rate.id] }));
  return [
    await postJson<RecurringInvoice>(page, '/api/recurring-invoices', {
      customerId: lawn.id,
      title: 'Lawn care, weekly visits',
      frequency: 'weekly',
      interval: 2,
      startDate: day(3),
      lineItems: lines([['Mowing and edging', 1, '65.00'], ['Leaf blowing', 1, '20.00']]),
    }),
    await postJson<RecurringInvoice>(page, '/api/recurring-invoices', {
      customerId: pool.id,
      title: 'Pool maintenance contract',
      frequency: 'monthly',
      interval: 1,
      startDate: day(20),
      maxCount: 12,
      discountType: 'percent',
      discountValue: '10',
      lineItems: lines([['Chemical balance and cleaning', 4, '45.00'], ['Filter check', 1, '30.00']]),
    }),
    await postJson<RecurringInvoice>(page, '/api/recurring-invoices', {
      customerId: office.id,
      title: 'HVAC service agreement for the downtown clinic and its two satellite offices',
      frequency: 'quarterly',
      startDate: day(45),
      lineItems: lines([['Quarterly inspection', 3, '180.00']]),
    }),
  ];
}

/** The states only the jobs reach, dressed onto the real answers: auto-pay, paused, ended, invoices made. */
function dressed(r: RecurringInvoice, index: number): RecurringInvoice {
  if (index === 0) {
    return {
      ...r,
      autoPay: true,
      generatedCount: 3,
      invoices: [
        { id: 9001, invoiceNumber: 'INV-00131', date: day(-4), status: 'paid', total: r.total },
        { id: 9002, invoiceNumber: 'INV-00118', date: day(-18), status: 'paid', total: r.total },
        { id: 9003, invoiceNumber: 'INV-00104', date: day(-32), status: 'overdue', total: r.total },
      ],
    };
  }
  if (index === 1) return { ...r, status: 'paused' };
  return { ...r, status: 'ended', nextDate: null };
}

async function dressAnswers(page: Page, ids: number[]) {
  const dress = async (route: Route) => {
    const answer = await route.fetch();
    const body: unknown = await answer.json();
    const one = (r: RecurringInvoice) => (ids.includes(r.id) ? dressed(r, ids.indexOf(r.id)) : r);
    await route.fulfill({ response: answer, json: Array.isArray(body) ? (body as RecurringInvoice[]).map(one) : one(body as RecurringInvoice) });
  };
  await page.route('**/api/recurring-invoices?*', dress);
  await page.route('**/api/recurring-invoices/*', (route) => (route.request().method() === 'GET' ? dress(route) : route.fallback()));
}

async function listAt(page: Page, suffix: string) {
  await page.goto('/recurring-invoices');
  await page.getByTestId(suffix === 'phone' ? 'recurring-invoice-card' : 'recurring-invoice-row').first().waitFor();
  await shoot(page, `recurring-list-${suffix}`, suffix === 'phone');
}

async function newFormAt(page: Page, suffix: string) {
  await page.goto('/recurring-invoices');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('recurring-invoice-dialog');
  await dialog.getByRole('button', { name: 'Create Recurring Invoice' }).click();
  await dialog.getByText('Please select a customer').waitFor();
  await shoot(page, `recurring-new-errors-${suffix}`);
  const c = await customer(page, `Jordan Reyes ${suffix}`);
  await pickCustomer(dialog, c.name);
  await dialog.getByLabel('Title').fill('Monthly cleaning');
  await dialog.getByLabel('First Invoice').fill(nextThirtyFirst());
  await dialog.getByLabel('After a number of invoices').check();
  await dialog.getByLabel('Number of invoices', { exact: true }).fill('6');
  await fillLine(dialog, 1, { description: 'Deep clean, 3 bedrooms', quantity: '1', rate: '180' });
  await dialog.getByLabel('Line 1 discount', { exact: true }).fill('10');
  await dialog.getByRole('button', { name: 'Add line' }).click();
  await fillLine(dialog, 2, { description: 'Window washing', quantity: '12', rate: '6.5' });
  await dialog.getByLabel('Discount', { exact: true }).fill('5');
  await shoot(page, `recurring-new-top-${suffix}`);
  await shootAt(page, dialog.getByTestId('recurring-preview'), `recurring-new-schedule-${suffix}`);
  await shootAt(page, dialog.getByTestId('recurring-totals'), `recurring-new-totals-${suffix}`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function editAt(page: Page, schedule: RecurringInvoice, suffix: string) {
  await page.goto(`/recurring-invoices?open=${schedule.id}`);
  const dialog = page.getByTestId('recurring-invoice-dialog');
  await dialog.getByRole('heading', { name: 'Edit Recurring Invoice' }).waitFor();
  await shoot(page, `recurring-edit-top-${suffix}`);
  await shootAt(page, dialog.getByTestId('recurring-history'), `recurring-edit-history-${suffix}`);
  await page.keyboard.press('Escape');
}

async function invoiceAt(page: Page, suffix: string) {
  const c = await customer(page, `Avery Chen ${suffix}`);
  const invoice = await postJson<Invoice>(page, '/api/invoices', {
    customerId: c.id,
    status: 'sent',
    dueDate: day(-9),
    lineItems: [{ description: 'Lawn care, weekly visits', quantity: 1, rate: '85.00' }],
  });
  const timeline: InvoiceReminderTimeline = {
    reminders: [
      { id: 1, days: -3, channel: 'email', status: 'sent', dueAt: `${day(-12)}T14:00:00.000Z`, sentAt: `${day(-12)}T14:00:04.000Z`, recipient: 'avery.chen@example.com', note: null, attempts: 1 },
      { id: 2, days: 0, channel: 'sms', status: 'skipped', dueAt: `${day(-9)}T14:00:00.000Z`, sentAt: null, recipient: null, note: 'No mobile number to text', attempts: 0 },
      { id: 3, days: 7, channel: 'email', status: 'failed', dueAt: `${day(-2)}T14:00:00.000Z`, sentAt: null, recipient: 'avery.chen@example.com', note: 'The mail server refused the message: mailbox unavailable', attempts: 3 },
      { id: 4, days: 14, channel: 'email', status: 'pending', dueAt: `${day(5)}T14:00:00.000Z`, sentAt: null, recipient: null, note: null, attempts: 0 },
    ],
    lateFees: [{ id: 1, period: 1, amount: '12.75', createdAt: `${day(-1)}T14:00:00.000Z` }],
  };
  await page.route(`**/api/invoices/${invoice.id}/reminders`, (route) => route.fulfill({ json: timeline }));
  await page.route(`**/api/invoices/${invoice.id}`, async (route) => {
    const answer = await route.fetch();
    const body = { ...((await answer.json()) as Invoice), autoPayState: 'declined', autoPayNote: 'Your card was declined.', recurringInvoiceId: 1, recurringDate: day(-23) };
    await route.fulfill({ response: answer, json: body });
  });
  await page.goto(`/invoices?open=${invoice.id}`);
  const dialog = page.getByTestId('invoice-dialog');
  await dialog.getByTestId('invoice-reminders').waitFor();
  await shootAt(page, dialog.getByTestId('invoice-origin'), `invoice-origin-${suffix}`);
  await shootAt(page, dialog.getByTestId('invoice-reminders'), `invoice-reminders-${suffix}`);
  await page.keyboard.press('Escape');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
}

runScreenshots('/tmp/shots-recurring', async (run) => {
  shots = run;
  let rate: TaxRate | null = null;
  let made: RecurringInvoice[] = [];
  await run.atBothWidths(async (page, suffix, _viewport, first) => {
    if (first) {
      rate = await postJson<TaxRate>(page, '/api/tax-rates', { name: 'State', percent: '6.25', isDefault: true });
      made = await makeSchedules(page, rate);
    }
    await dressAnswers(page, made.map((m) => m.id));
    await listAt(page, suffix);
    await newFormAt(page, suffix);
    await editAt(page, made[0], suffix);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await invoiceAt(page, suffix);
    if (suffix === 'phone') {
      // A BASE_URL app is someone's: the schedules go, and new documents start without the rate.
      for (const m of made) await page.request.delete(`/api/recurring-invoices/${m.id}`);
      if (rate) await page.request.put(`/api/tax-rates/${rate.id}`, { data: { archived: true, isDefault: false } });
    }
  });
});
