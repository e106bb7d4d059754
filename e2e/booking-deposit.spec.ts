// A deposit to hold an online booking (docs/rules/scheduling.md#holding-a-booking): an organization of this test's own
// (its schedule settings exist from the start) asks for 25% in the Settings dialog; a customer on a phone books, sees
// the deposit on the service, pays it on the payment step with the test gateway's card form while the time is held,
// and gets the confirmation (one e-mail, with the deposit); staff see the booking awaiting its deposit on the calendar,
// then paid, with the deposit in its dialog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ScheduleSettings } from '@contracts/scheduling';
import { launchBrowser, newPage, PHONE } from './fixtures/browser';
import { outboxEntries, waitForToast } from './fixtures/documents';
import { freshOrganizationAdmin } from './fixtures/fresh-organization';
import { apiJson, dialogTitled, postJson } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';
import { addDays, label12h, pickCalendarDay, waitForOutbox, weekdayOf } from './fixtures/scheduling';

const TIME_ZONE = 'America/New_York';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Today on the new organization's wall clock (the settings' default zone). */
function today(): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** A weekday (open by default) at least three days ahead. */
function openWeekday(): string {
  let date = addDays(today(), 3);
  while (weekdayOf(date) === 0 || weekdayOf(date) === 6) date = addDays(date, 1);
  return date;
}

const weekStart = (date: string) => addDays(date, -weekdayOf(date));

async function openWeekOf(page: Page, date: string): Promise<void> {
  await page.goto('/scheduling');
  await page.getByTestId('week-view').waitFor();
  const weeks = Math.round((Date.parse(weekStart(date)) - Date.parse(weekStart(today()))) / (7 * 86_400_000));
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByTestId(`day-${date}`).waitFor();
}

describe('A deposit holds an online booking', () => {
  it('the organization turns it on, a customer on a phone pays it with the test card, and staff see the booking and its deposit', async () => {
    const { adminEmail } = await freshOrganizationAdmin(browser, 'Deposit Books', { firstName: 'Dana', lastName: 'Deposit' });
    const staff = await signedInPage(browser, adminEmail);
    await postJson(staff.page, '/api/services', { name: 'Boiler service', duration: 60, price: '80' });

    // The Settings dialog: a deposit of 25% (the default percent) holds online bookings.
    await staff.page.goto('/scheduling');
    await staff.page.getByRole('tab', { name: 'Settings' }).click();
    const summary = staff.page.getByTestId('settings-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('To hold an online bookingNothing');
    await staff.page.getByRole('button', { name: 'Update Settings' }).click();
    const dialog = dialogTitled(staff.page, 'Update Settings');
    await dialog.getByLabel('To hold an online booking').selectOption('deposit');
    expect(await dialog.getByLabel('Deposit (% of price)').inputValue()).toBe('25');
    await dialog.getByRole('button', { name: 'Update Settings' }).click();
    await waitForToast(staff.page, 'Schedule settings updated successfully');
    expect(await summary.textContent()).toContain('To hold an online bookingA 25% deposit');
    const settings = await apiJson<ScheduleSettings>(staff.page, '/api/schedule-settings');
    expect(settings).toMatchObject({ bookingHold: 'deposit', bookingDepositPercent: 25 });

    // A customer books on a phone: the service says what holds it, the payment step holds the time meanwhile.
    const customer = await newPage(browser, PHONE);
    const page = customer.page;
    const date = openWeekday();
    const email = `deposit-${Date.now().toString(36)}@example.com`;
    await page.goto(`/schedule/${settings.scheduleToken}`);
    const serviceButton = page.getByRole('button', { name: /^Boiler service/ });
    await serviceButton.waitFor();
    expect(await serviceButton.textContent()).toContain('Deposit $20.00 to book');
    expect(await page.getByRole('navigation', { name: 'Booking progress' }).textContent()).toContain('Payment');
    await serviceButton.click();
    await page.getByRole('heading', { name: 'Select a date' }).waitFor();
    await pickCalendarDay(page, date);
    await page.getByRole('group', { name: 'Available times' }).getByRole('button', { name: label12h('10:00'), exact: true }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Pat Deposit');
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByRole('textbox', { name: /^Phone/ }).fill('(555) 201-4477');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('heading', { name: 'Pay deposit $20.00' }).waitFor();
    expect(await page.getByTestId('hold-timer').textContent()).toMatch(/We're holding this time for 15 minutes\. 1[45]:\d\d left/);
    // No overflow sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Meanwhile staff see the booking waiting for its deposit; nobody has been e-mailed.
    await openWeekOf(staff.page, date);
    const item = staff.page.getByTestId(`day-${date}`).getByTestId('appointment-item').filter({ hasText: 'Pat Deposit' });
    await item.waitFor();
    expect(await item.textContent()).toContain('Awaiting deposit');
    expect((await outboxEntries(staff.page)).filter((e) => e.to === email)).toEqual([]);

    // The test gateway's card form.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay deposit $20.00' }).click();
    await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
    expect(await page.getByTestId('booking-hold-given').textContent()).toBe('Deposit paid: $20.00');
    const [mail] = await waitForOutbox(staff.page, 0, (e) => e.to === email);
    expect(mail.subject).toContain('Appointment confirmed: Boiler service');
    expect(mail.text).toContain('Deposit paid: $20.00');
    await customer.context.close();

    // Staff: the booking stands with its deposit, on the calendar and in its dialog.
    await openWeekOf(staff.page, date);
    await item.filter({ hasText: 'Scheduled' }).waitFor();
    expect(await item.getByTestId('appointment-hold').textContent()).toBe('Deposit paid $20.00');
    await item.getByRole('button', { name: 'Edit appointment with Pat Deposit' }).click();
    const edit = dialogTitled(staff.page, 'Edit Appointment');
    const panel = edit.getByTestId('appointment-hold-panel');
    await panel.waitFor();
    expect(await panel.textContent()).toMatch(/^Deposit paid \$20\.00 on \w{3} \d{1,2}, \d{4} · Payment #\d+$/);
    expect((await outboxEntries(staff.page)).filter((e) => e.to === email)).toHaveLength(1);
    await staff.context.close();
  });
});
