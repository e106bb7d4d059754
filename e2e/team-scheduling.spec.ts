// The team in the field, in a browser (docs/rules/team.md): online booking with "any available" spreads one slot over
// the service's performers and stops offering it once all of them hold it; with allowStaffChoice on, the visitor picks a
// person and the booking is theirs; on the Scheduling screen a service gets its performer and buffers, an appointment
// its people, the week shows their names, and one person cannot be put on two appointments at once.
// An organization of its own, so the demo organization's calendars and settings stay as other specs expect them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Appointment, ScheduleSettings, Service, Slot } from '@contracts/scheduling';
import { launchBrowser, newPage } from './fixtures/browser';
import { waitForToast } from './fixtures/documents';
import { freshOrganizationAdmin } from './fixtures/fresh-organization';
import { apiJson, dialogTitled, postJson } from './fixtures/records';
import { addDays, label12h, orgToday, pickCalendarDay, weekdayOf } from './fixtures/scheduling';
import { signedInPage } from './fixtures/sessions';

const SLOT_TAKEN = 'That time is no longer available';
const ALL_DAYS = Object.fromEntries(
  ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].flatMap((d) => [
    [`${d}Enabled`, true],
    [`${d}Start`, '09:00'],
    [`${d}End`, '17:00'],
  ]),
);

let browser: Browser;
let adminEmail: string;
let settings: ScheduleSettings;
let dana: { id: number };
let eli: { id: number };
let boiler: Service;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ adminEmail } = await freshOrganizationAdmin(browser, 'Team Plumbing', { firstName: 'Tara', lastName: 'Team' }));
  const { context, page } = await signedInPage(browser, adminEmail);
  // Every day open 9 to 5 on the demo's clock (America/Chicago), so the fixtures' orgToday is this organization's today.
  // A new organization starts with default settings; set them, or create them where it has none.
  const body = { timeZone: 'America/Chicago', advanceBookingDays: 60, ...ALL_DAYS };
  const existing = await apiJson<ScheduleSettings | null>(page, '/api/schedule-settings');
  settings = existing ? await putJson<ScheduleSettings>(page, `/api/schedule-settings/${existing.id}`, body) : await postJson<ScheduleSettings>(page, '/api/schedule-settings', body);
  dana = await postJson<{ id: number }>(page, '/api/users', { email: `dana-${stamp}@example.com`, firstName: 'Dana', lastName: 'Reyes', role: 'employee' });
  eli = await postJson<{ id: number }>(page, '/api/users', { email: `eli-${stamp}@example.com`, firstName: 'Eli', lastName: 'Stone', role: 'employee' });
  // Performed by the two of them only: the admin, also on the team, is not offered for it.
  boiler = await postJson<Service>(page, '/api/services', { name: 'Boiler service', duration: 60, price: '120', performerIds: [dana.id, eli.id] });
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

const key = () => settings.scheduleToken;

async function putJson<T>(page: Page, url: string, data: unknown): Promise<T> {
  const response = await page.request.put(url, { data });
  if (!response.ok()) throw new Error(`PUT ${url} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function publicSlots(page: Page, date: string, serviceId: number, staffId?: number): Promise<Slot[]> {
  return apiJson<Slot[]>(page, `/api/public/slots-by-slug/${key()}?date=${date}&serviceId=${serviceId}${staffId ? `&staffId=${staffId}` : ''}`);
}

async function appointmentsOn(page: Page, date: string): Promise<Appointment[]> {
  return apiJson<Appointment[]>(page, `/api/appointments?from=${date}&to=${date}`);
}

/** A signed-out visit of the booking page up to the chosen day (the service step, then the calendar). */
async function visitUpToDay(page: Page, date: string): Promise<void> {
  await page.goto(`/schedule/${key()}`);
  await page.getByRole('heading', { name: 'Book Online', level: 1 }).waitFor();
  await page.getByRole('button', { name: /^Boiler service/ }).click();
  await page.getByRole('heading', { name: 'Select a date' }).waitFor();
  await pickCalendarDay(page, date);
}

/** The day's offered times once they have loaded. */
async function offeredTimes(page: Page): Promise<string[]> {
  const times = page.getByRole('group', { name: 'Available times' }).or(page.getByText(/^No available times/));
  await times.first().waitFor();
  await page.waitForLoadState('networkidle');
  return page.getByRole('group', { name: 'Available times' }).getByRole('button').allTextContents();
}

async function bookTime(page: Page, time: string, name: string, email: string): Promise<void> {
  await page.getByRole('group', { name: 'Available times' }).getByRole('button', { name: label12h(time), exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
}

describe('Online booking with a team', () => {
  it('"any available" books one slot once per performer, each to a different person, then no longer offers it', async () => {
    const admin = await signedInPage(browser, adminEmail);
    const date = addDays(orgToday(), 3);
    const slots = await publicSlots(admin.page, date, boiler.id);
    const slot = slots[Math.floor(slots.length / 2)];
    const emails = [`any-one-${stamp}@example.com`, `any-two-${stamp}@example.com`];

    for (const [i, email] of emails.entries()) {
      const visit = await newPage(browser);
      await visitUpToDay(visit.page, date);
      // Choosing a person is off: the step shows no "With" choice.
      expect(await visit.page.getByRole('group', { name: 'With' }).count()).toBe(0);
      expect(await offeredTimes(visit.page)).toContain(label12h(slot.time));
      await bookTime(visit.page, slot.time, `Visitor ${i + 1}`, email);
      await visit.context.close();
    }

    // A third visitor is no longer offered the time: both performers hold it.
    const third = await newPage(browser);
    await visitUpToDay(third.page, date);
    const times = await offeredTimes(third.page);
    expect(times.length).toBeGreaterThan(0);
    expect(times).not.toContain(label12h(slot.time));
    await third.context.close();

    // Two people hold the same minutes: each booking went to a different performer.
    const booked = (await appointmentsOn(admin.page, date)).filter((a) => emails.includes(a.customerEmail));
    expect(booked).toHaveLength(2);
    for (const a of booked) {
      expect(a.appointmentDate).toBe(`${date}T${slot.time}:00`);
      expect(a.assignees).toHaveLength(1);
    }
    const people = booked.map((a) => a.assignees[0].id).sort((x, y) => x - y);
    expect(people).toEqual([dana.id, eli.id].sort((x, y) => x - y));
    await admin.context.close();
  });

  it('with "Let customers choose a person" on, the visitor picks a person: the times are theirs and so is the booking', async () => {
    const admin = await signedInPage(browser, adminEmail);
    expect((await putJson<ScheduleSettings>(admin.page, `/api/schedule-settings/${settings.id}`, { allowStaffChoice: true })).allowStaffChoice).toBe(true);
    const date = addDays(orgToday(), 4);
    const email = `chosen-${stamp}@example.com`;

    const visit = await newPage(browser);
    await visitUpToDay(visit.page, date);
    const withChoice = visit.page.getByRole('group', { name: 'With' });
    await withChoice.waitFor();
    // "Any available" first and chosen; then the performers as first name and initial, the admin (no performer) left out.
    expect(await withChoice.getByRole('radio').evaluateAll((rs) => rs.map((r) => r.parentElement?.textContent))).toEqual(['Any available', 'Dana R.', 'Eli S.']);
    expect(await withChoice.getByRole('radio', { name: 'Any available' }).isChecked()).toBe(true);

    // Choosing Eli asks for Eli's times.
    const asked = visit.page.waitForRequest((r) => r.url().includes('/api/public/slots-by-slug/') && r.url().includes(`staffId=${eli.id}`));
    // The radios are drawn as pills: the visitor taps the label.
    await withChoice.getByText('Eli S.', { exact: true }).click();
    await asked;
    expect(await withChoice.getByRole('radio', { name: 'Eli S.' }).isChecked()).toBe(true);
    const times = await offeredTimes(visit.page);
    expect(times.length).toBeGreaterThan(0);
    const slot = (await publicSlots(visit.page, date, boiler.id, eli.id))[1];
    await bookTimeWithSummary(visit.page, slot.time, email);

    const [mine] = (await appointmentsOn(admin.page, date)).filter((a) => a.customerEmail === email);
    expect(mine.assignees).toEqual([{ id: eli.id, name: 'Eli Stone' }]);
    // That time is now Eli's: no longer offered with Eli, still with Dana.
    expect((await publicSlots(visit.page, date, boiler.id, eli.id)).map((s) => s.time)).not.toContain(slot.time);
    expect((await publicSlots(visit.page, date, boiler.id, dana.id)).map((s) => s.time)).toContain(slot.time);
    await visit.context.close();
    await admin.context.close();
  });
});

/** Books `time` and checks the summary and the confirmation name the chosen person. */
async function bookTimeWithSummary(page: Page, time: string, email: string): Promise<void> {
  await page.getByRole('group', { name: 'Available times' }).getByRole('button', { name: label12h(time), exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Your details' }).waitFor();
  expect(await page.getByRole('complementary', { name: 'Your booking' }).textContent()).toContain('With Eli S.');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Chooser Visitor');
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
  await page.getByText('With Eli S.', { exact: true }).waitFor();
}

describe('Scheduling screen with a team', () => {
  it('a service gets a performer and buffers, appointments their people; the week names them and one person cannot hold two at once', async () => {
    const { context, page } = await signedInPage(browser, adminEmail);
    const date = addDays(orgToday(), 5);
    await page.goto('/scheduling');
    await page.getByRole('heading', { name: 'Scheduling', level: 1 }).waitFor();

    // A service performed by Dana, kept 15 minutes before and after.
    await page.getByRole('tab', { name: 'Services' }).click();
    await page.getByRole('button', { name: 'Add Service' }).click();
    const serviceDialog = dialogTitled(page, 'Add Service');
    await serviceDialog.getByLabel('Service Name').fill('Water heater flush');
    await serviceDialog.getByLabel('Duration (minutes)').fill('60');
    const performers = serviceDialog.getByRole('group', { name: 'Who performs it' });
    await performers.getByRole('button', { name: 'Dana Reyes' }).click();
    expect(await performers.getByRole('button', { name: 'Dana Reyes' }).getAttribute('aria-pressed')).toBe('true');
    await serviceDialog.getByLabel('Buffer before (minutes)').fill('15');
    await serviceDialog.getByLabel('Buffer after (minutes)').fill('15');
    await serviceDialog.getByRole('button', { name: 'Add Service' }).click();
    await waitForToast(page, 'Service created successfully');
    const flush = (await apiJson<Service[]>(page, '/api/services')).find((s) => s.name === 'Water heater flush');
    expect(flush).toMatchObject({ performerIds: [dana.id], bufferBefore: 15, bufferAfter: 15, duration: 60 });

    // An appointment for Dana at 10:00 (held 9:45 to 11:15 with the buffers).
    await page.getByRole('tab', { name: 'Appointments' }).click();
    const customer = `Harper Flush ${stamp.toUpperCase()}`;
    const dialog = await openAddAppointment(page, customer, flush!.id, date);
    const assigned = dialog.getByRole('group', { name: 'Assigned to' });
    // A new appointment starts with the signed-in admin, who is on the team.
    await expect.poll(() => assigned.getByRole('button', { name: 'Tara Team' }).getAttribute('aria-pressed')).toBe('true');
    await assigned.getByRole('button', { name: 'Tara Team' }).click();
    await assigned.getByRole('button', { name: 'Dana Reyes' }).click();
    await dialog.getByLabel('Time', { exact: true }).selectOption('10:00');
    await dialog.getByRole('button', { name: 'Add Appointment' }).click();
    await waitForToast(page, 'Appointment created successfully');
    await dialog.waitFor({ state: 'detached' });

    // The week shows Dana on the card.
    const weeksAhead = Math.round((Date.parse(addDays(date, -weekdayOf(date))) - Date.parse(addDays(orgToday(), -weekdayOf(orgToday())))) / (7 * 86_400_000));
    for (let i = 0; i < weeksAhead; i++) await page.getByRole('button', { name: 'Next week' }).click();
    const card = page.getByTestId(`day-${date}`).getByTestId('appointment-item').filter({ hasText: customer });
    await card.waitFor();
    expect(await card.getByTestId('appointment-assignees').textContent()).toBe('Assigned to Dana Reyes');

    // Another flush for Dana (held 15 minutes either side too) cannot start before 11:30: the day opens at 9:00, whose
    // hold from 8:45 to 10:15 runs into hers. For Eli 10:00 is free.
    const second = `Quinn Overlap ${stamp.toUpperCase()}`;
    const again = await openAddAppointment(page, second, flush!.id, date);
    const people = again.getByRole('group', { name: 'Assigned to' });
    await expect.poll(() => people.getByRole('button', { name: 'Tara Team' }).getAttribute('aria-pressed')).toBe('true');
    await people.getByRole('button', { name: 'Tara Team' }).click();
    await people.getByRole('button', { name: 'Dana Reyes' }).click();
    const time = again.getByLabel('Time', { exact: true });
    const offered = async () => (await time.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).filter(Boolean);
    await expect.poll(async () => (await offered()).includes('10:00')).toBe(false);
    expect((await offered())[0]).toBe('11:30');
    for (const taken of ['09:00', '09:30', '10:00', '11:00', '11:15']) expect(await offered()).not.toContain(taken);
    await people.getByRole('button', { name: 'Dana Reyes' }).click();
    await people.getByRole('button', { name: 'Eli Stone' }).click();
    await expect.poll(async () => (await offered()).includes('10:00')).toBe(true);
    await time.selectOption('10:00');
    await again.getByRole('button', { name: 'Add Appointment' }).click();
    await waitForToast(page, 'Appointment created successfully');
    await again.waitFor({ state: 'detached' });
    const eliCard = page.getByTestId(`day-${date}`).getByTestId('appointment-item').filter({ hasText: second });
    await eliCard.getByText('Eli Stone').waitFor();

    // Adding Dana to Eli's 10:00 would put her on two appointments at once: refused, and said so.
    await eliCard.getByRole('button', { name: `Edit appointment with ${second}` }).click();
    const edit = dialogTitled(page, 'Edit Appointment');
    const editPeople = edit.getByRole('group', { name: 'Assigned to' });
    expect(await editPeople.getByRole('button', { name: 'Eli Stone' }).getAttribute('aria-pressed')).toBe('true');
    await editPeople.getByRole('button', { name: 'Dana Reyes' }).click();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await waitForToast(page, 'Failed to update appointment');
    await edit.getByText(SLOT_TAKEN, { exact: true }).waitFor();
    const kept = (await appointmentsOn(page, date)).find((a) => a.customerName === second);
    expect(kept?.assignees).toEqual([{ id: eli.id, name: 'Eli Stone' }]);
    await context.close();
  });
});

async function openAddAppointment(page: Page, customer: string, serviceId: number, date: string) {
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const dialog = dialogTitled(page, 'Add Appointment');
  await dialog.getByLabel('Customer Name').fill(customer);
  await dialog.getByLabel('Customer Email').fill(`${customer.toLowerCase().replace(/\W+/g, '.')}@example.com`);
  await dialog.getByLabel('Service').selectOption(String(serviceId));
  await dialog.getByLabel('Date').fill(date);
  return dialog;
}
