// Repeating visits on the Scheduling screen (docs/rules/scheduling.md#repeating-visits): a weekly visit booked in the
// appointment dialog, then moved from its second visit on, then cancelled from its third on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Appointment } from '@contracts/scheduling';
import type { StaffMember } from '@contracts/team';
import type { WorkOrder } from '@contracts/work-orders';
import { launchBrowser, PHONE } from './fixtures/browser';
import { waitForToast } from './fixtures/documents';
import { apiJson, dialogTitled, postJson } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';
import { addDays, appointmentsBetween, label12h, openDayAhead, orgToday, publicService, weekdayOf } from './fixtures/scheduling';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const weekStart = (date: string) => addDays(date, -weekdayOf(date));

async function offeredTimes(page: Page): Promise<string[]> {
  const time = dialogTitled(page, /Appointment$/).getByLabel('Time', { exact: true });
  await page.waitForLoadState('networkidle');
  return (await time.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).filter(Boolean);
}

/** Opens the week holding `date` on the Appointments tab. */
async function showWeekOf(page: Page, date: string): Promise<void> {
  await page.goto('/scheduling');
  await page.getByTestId('week-view').waitFor();
  const weeks = Math.round((Date.parse(weekStart(date)) - Date.parse(weekStart(orgToday()))) / (7 * 86_400_000));
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByTestId(`day-${date}`).waitFor();
}

describe('Scheduling: repeating visits', () => {
  it('books a weekly visit three times, moves the second and later ones, and cancels from the third on', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const service = await publicService(page, 'Plumbing inspection');
    // Past the demo's fortnight of bookings, on a weekday the organization is open (Mon-Fri in the demo).
    let first = openDayAhead(45);
    while (weekdayOf(first) === 6) first = addDays(first, 1);
    const name = `Weekly Visit ${Date.now().toString(36).toUpperCase()}`;

    await page.goto('/scheduling');
    await page.getByTestId('week-view').waitFor();
    await page.getByRole('button', { name: 'Add Appointment' }).click();
    const add = dialogTitled(page, 'Add Appointment');
    await add.getByLabel('Customer Name').fill(name);
    await add.getByLabel('Customer Email').fill(`weekly-${Date.now().toString(36)}@example.com`);
    await add.getByLabel('Service').selectOption(String(service.id));
    await add.getByLabel('Date').fill(first);
    const times = await offeredTimes(page);
    expect(times.length).toBeGreaterThan(2);
    const time = times[0];
    await add.getByLabel('Time', { exact: true }).selectOption(time);
    const fields = add.getByTestId('repeat-fields');
    await fields.getByLabel('Repeat', { exact: true }).selectOption({ label: `Weekly on ${WEEKDAYS[weekdayOf(first)]}` });
    await fields.getByLabel('Ends').selectOption('after');
    // Out of range first: the form says so before anything is sent.
    await fields.getByLabel('Visits in all').fill('1');
    await add.getByRole('button', { name: 'Add Appointment' }).click();
    await add.getByText('Between 2 and 200 visits').waitFor();
    await fields.getByLabel('Visits in all').fill('3');
    await add.getByRole('button', { name: 'Add Appointment' }).click();
    await waitForToast(page, 'Appointment created successfully');
    await add.waitFor({ state: 'detached' });

    const mine = async () => (await appointmentsBetween(page, first, addDays(first, 28))).filter((a) => a.customerName === name).sort((a, b) => a.appointmentDate.localeCompare(b.appointmentDate));
    const booked = await mine();
    expect(booked.map((a) => a.appointmentDate)).toEqual([0, 7, 14].map((d) => `${addDays(first, d)}T${time}:00`));
    const summary = `Weekly on ${WEEKDAYS[weekdayOf(first)]}, 3 visits`;
    expect(booked.every((a) => a.series?.summary === summary)).toBe(true);

    // The second visit: its card says it repeats; moved with the ones after it.
    const second = addDays(first, 7);
    await showWeekOf(page, second);
    const card = page.getByTestId(`day-${second}`).getByTestId('appointment-item').filter({ hasText: name });
    expect(await card.getByTestId('appointment-series').textContent()).toBe(summary);
    await card.getByRole('button', { name: `Edit appointment with ${name}` }).click();
    const edit = dialogTitled(page, 'Edit Appointment');
    expect(await edit.getByTestId('series-summary').textContent()).toBe(summary);
    await edit.getByLabel('Apply changes to').selectOption('following');
    const later = (await offeredTimes(page)).find((t) => t >= addMinutesLabel(time, 120));
    if (!later) throw new Error(`no time two hours after ${time} on ${second}`);
    await edit.getByLabel('Time', { exact: true }).selectOption(later);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await waitForToast(page, 'Appointment updated successfully');
    await edit.waitFor({ state: 'detached' });
    await page.getByTestId(`day-${second}`).getByTestId('appointment-item').filter({ hasText: name }).filter({ hasText: label12h(later) }).waitFor();
    expect((await mine()).map((a) => a.appointmentDate)).toEqual([`${first}T${time}:00`, `${second}T${later}:00`, `${addDays(first, 14)}T${later}:00`]);

    // The third: cancelled with any after it, confirmed first.
    const third = addDays(first, 14);
    await page.getByRole('button', { name: 'Next week' }).click();
    const thirdCard = page.getByTestId(`day-${third}`).getByTestId('appointment-item').filter({ hasText: name });
    await thirdCard.getByRole('button', { name: `Edit appointment with ${name}` }).click();
    await dialogTitled(page, 'Edit Appointment').getByRole('button', { name: 'Cancel This and Following' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('every later one', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel Visits' }).click();
    await waitForToast(page, 'Appointment cancelled successfully');
    await thirdCard.getByText('Cancelled', { exact: true }).waitFor();
    expect((await mine()).map((a) => a.status)).toEqual(['scheduled', 'scheduled', 'cancelled']);
    await context.close();
  });

  it('makes a job’s visits repeat from the job’s dialog on a phone, each visit the job’s, its crew going', async () => {
    const { context, page } = await signedInPage(browser, 'manager@example.com', PHONE);
    const team = await apiJson<StaffMember[]>(page, '/api/team');
    const evan = team.find((m) => m.email === 'employee@example.com')!;
    const [customer] = await apiJson<{ id: number }[]>(page, '/api/customers?limit=1');
    const title = `Office cleaning ${Date.now().toString(36).toUpperCase()}`;
    const job = await postJson<WorkOrder>(page, '/api/work-orders', { customerId: customer.id, title, estimatedHours: '1', assigneeIds: [evan.id] });
    // Far past the demo's bookings, on a weekday, in the team's hours.
    let first = openDayAhead(70);
    while (weekdayOf(first) === 0 || weekdayOf(first) === 6) first = addDays(first, 1);

    await page.goto(`/work-orders?open=${job.id}`);
    const section = page.getByTestId('work-order-dialog').getByTestId('job-visits-section');
    await section.getByText('No visits on the calendar').waitFor();
    await section.getByRole('button', { name: 'Schedule visit' }).click();
    const dialog = page.getByTestId('schedule-visit-dialog');
    await dialog.getByLabel('Date').fill(first);
    await dialog.getByLabel('Time').selectOption('10:00');
    // Evan, the job's crew, goes unless taken off.
    expect(await dialog.getByRole('button', { name: evan.name }).getAttribute('aria-pressed')).toBe('true');
    const picker = dialog.getByTestId('repeat-picker');
    await picker.getByLabel('Repeat', { exact: true }).selectOption({ label: `Weekly on ${WEEKDAYS[weekdayOf(first)]}` });
    await picker.getByLabel('Ends').selectOption('after');
    await picker.getByLabel('Visits in all').fill('201');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await dialog.getByText('Between 2 and 200 visits').waitFor();
    await picker.getByLabel('Visits in all').fill('4');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    const summary = `Weekly on ${WEEKDAYS[weekdayOf(first)]}, 4 visits`;
    await waitForToast(page, `Visits scheduled: ${summary}`);
    await dialog.waitFor({ state: 'detached' });
    await section.getByTestId('job-visits-series').getByText(summary).waitFor();
    expect(await section.getByTestId('job-visits-list').getByRole('listitem').count()).toBe(4);

    const visits = await apiJson<Appointment[]>(page, `/api/appointments?workOrderId=${job.id}`);
    expect(visits.map((v) => [v.appointmentDate, v.duration, v.assignees.map((a) => a.id)])).toEqual([0, 7, 14, 21].map((d) => [`${addDays(first, d)}T10:00:00`, 60, [evan.id]]));
    await context.close();
  });
});

/** 'HH:MM' plus minutes (same day). */
function addMinutesLabel(hhmm: string, minutes: number): string {
  const total = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
