// My day in the browser on a phone (docs/rules/team.md#my-day): an employee's empty today, then the next day's visit
// with its map and phone links; On my way texts the customer (read from the outbox) with the arrival the card shows;
// Start runs the employee's timer on the visit's job; Complete (after a confirmation) stops it. A fresh organization
// of its own, so its day holds only this spec's visit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TimeEntry } from '../src/contracts/time-entries';
import { launchBrowser, PHONE } from './fixtures/browser';
import { outboxEntries, waitForToast } from './fixtures/documents';
import { freshOrganizationAdmin } from './fixtures/fresh-organization';
import { apiJson, postJson } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';

const TZ = 'America/Los_Angeles';
let browser: Browser;
let employee: string;
let orgName: string;
let jobId: number;
let jobNumber: string;

/** Tomorrow's date on the organization's clock. */
function tomorrowIn(timeZone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const { adminEmail } = await freshOrganizationAdmin(browser, 'My Day Crew', { firstName: 'Tess', lastName: 'Owner' });
  const tag = adminEmail.split('-admin-')[1].split('@')[0];
  orgName = `My Day Crew ${tag}`;
  employee = `my-day-eli-${tag}@example.com`;
  const { context, page } = await signedInPage(browser, adminEmail);
  const eli = await postJson<{ id: number }>(page, '/api/users', { email: employee, firstName: 'Eli', lastName: 'Field', role: 'employee' });
  const everyDay = Object.fromEntries(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [`${d}Enabled`, true]));
  // A new organization comes with schedule settings: its zone and every day open, so tomorrow can be booked.
  const settings = await apiJson<{ id: number }>(page, '/api/schedule-settings');
  const put = await page.request.put(`/api/schedule-settings/${settings.id}`, { data: { timeZone: TZ, advanceBookingDays: 60, ...everyDay } });
  if (!put.ok()) throw new Error(`PUT /api/schedule-settings answered ${put.status()}: ${await put.text()}`);
  const service = await postJson<{ id: number }>(page, '/api/services', { name: 'Furnace tune-up', duration: 60, price: '120' });
  const customer = await postJson<{ id: number }>(page, '/api/customers', {
    name: 'Pat Homeowner',
    email: `pat-${tag}@example.com`,
    phone: '5555550123',
    address: '12 Oak St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
  });
  const job = await postJson<{ id: number; orderNumber: string }>(page, '/api/work-orders', { customerId: customer.id, title: 'Furnace service' });
  jobId = job.id;
  jobNumber = job.orderNumber;
  await postJson(page, '/api/appointments', {
    customerId: customer.id,
    customerName: 'Pat Homeowner',
    customerEmail: `pat-${tag}@example.com`,
    customerPhone: '5555550123',
    serviceId: service.id,
    appointmentDate: `${tomorrowIn(TZ)}T10:00`,
    notes: 'Side gate, dog is friendly',
    workOrderId: job.id,
    assigneeIds: [eli.id],
  });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

describe('my day on a phone', () => {
  it('walks a visit: On my way texts the customer, Start runs the timer, Complete stops it', async () => {
    const { context, page } = await signedInPage(browser, employee, PHONE);
    await page.goto('/my-day');
    await page.getByTestId('page-title').filter({ hasText: 'My day' }).waitFor();
    await page.getByTestId('my-day-empty').getByText('Nothing booked for you on this day.').waitFor();

    await page.getByRole('button', { name: 'Next' }).click();
    const card = page.getByTestId('my-day-visit');
    await card.waitFor();
    expect(await card.getByTestId('visit-time').textContent()).toBe('10:00 AM – 11:00 AM');
    expect(await card.getByText('Furnace tune-up').count()).toBe(1);
    expect(await card.getByText(`${jobNumber} · Furnace service`).count()).toBe(1);
    expect(await card.getByTestId('visit-notes').textContent()).toBe('Side gate, dog is friendly');
    expect(await card.getByTestId('visit-address').getAttribute('href')).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('12 Oak St, Springfield, IL 62701')}`,
    );
    expect(await card.getByTestId('visit-phone').getAttribute('href')).toBe('tel:5555550123');
    expect(await card.getByTestId('visit-state').textContent()).toBe('Scheduled');

    // On my way: a quick pick, who is told and how, the words they get.
    await card.getByRole('button', { name: 'On my way' }).click();
    const dialog = page.getByTestId('on-my-way-dialog');
    await dialog.getByText('Pat Homeowner gets a text at (555) 555-0123.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: '20 min' }).click();
    expect(await dialog.getByLabel('Minutes to arrival').inputValue()).toBe('20');
    expect(await dialog.getByTestId('on-my-way-preview').textContent()).toMatch(new RegExp(`Eli from ${orgName} is on the way and expects to arrive around \\d{1,2}:\\d{2} (AM|PM)\\.`));
    await dialog.getByRole('button', { name: 'Tell the customer' }).click();
    await waitForToast(page, 'Customer texted');
    const state = card.getByTestId('visit-state');
    await state.filter({ hasText: /^On the way, arriving ~/ }).waitFor();
    const arrival = (await state.textContent())!.replace('On the way, arriving ~', '');
    const texts = (await outboxEntries(page)).filter((e) => e.channel === 'sms' && e.to === '+15555550123' && e.text.includes(orgName));
    expect(texts.map((e) => e.text)).toEqual([`Eli from ${orgName} is on the way and expects to arrive around ${arrival}.`]);

    // Start: the visit's job gets the employee's running timer.
    await card.getByRole('button', { name: 'Start' }).click();
    await waitForToast(page, 'Visit started');
    await state.filter({ hasText: /^Started at / }).waitFor();
    const timer = await apiJson<TimeEntry | null>(page, '/api/time-entries/active');
    expect(timer).toMatchObject({ workOrderId: jobId, isActive: true, employeeName: 'Eli Field' });
    expect(await card.getByRole('button', { name: 'On my way' }).count()).toBe(0);

    // Nothing on the phone is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Complete asks first; then the timer stops.
    await card.getByRole('button', { name: 'Complete' }).click();
    const confirm = page.getByTestId('complete-visit-dialog');
    await confirm.getByText(`Pat Homeowner is marked completed and your timer on ${jobNumber} stops.`).waitFor();
    await confirm.getByRole('button', { name: 'Complete' }).click();
    await waitForToast(page, 'Visit completed');
    await state.filter({ hasText: /^Completed at / }).waitFor();
    expect(await apiJson<TimeEntry | null>(page, '/api/time-entries/active')).toBeNull();
    expect(await card.getByRole('button').count()).toBe(0);

    // The Time Tracking screen lists the time clocked on the job.
    await page.goto('/time-tracking');
    await page.getByTestId('time-entry-card').filter({ hasText: 'Furnace service' }).first().waitFor();
    await context.close();
  });
});
