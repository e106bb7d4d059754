// The staff Scheduling screen (docs/rules/scheduling.md#scheduling-screen): the Appointments week view shows the organization's week
// with its appointments; an online booking appears on its day, and editing or cancelling it there e-mails the customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './fixtures/browser';
import { waitForToast } from './fixtures/documents';
import { dialogTitled } from './fixtures/records';
import { signedInPage } from './fixtures/sessions';
import {
  addDays,
  appointmentById,
  appointmentsBetween,
  bookByApi,
  freeSlot,
  label12h,
  mailDate,
  openDayAhead,
  openSlots,
  orgToday,
  outboxMark,
  publicService,
  waitForOutbox,
  weekdayOf,
} from './fixtures/scheduling';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The Sunday that starts the week holding `date`. */
const weekStart = (date: string) => addDays(date, -weekdayOf(date));

async function openScheduling(page: Page): Promise<void> {
  await page.goto('/scheduling');
  await page.getByRole('heading', { name: 'Scheduling', level: 1 }).waitFor();
  await page.getByTestId('week-view').waitFor();
}

/** Waits until the week view shows `count` appointments (the skeletons have gone). */
async function waitForItems(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="appointment-item"]').length === n, count);
}

describe('Scheduling: the staff appointment dialog and Booking Status', () => {
  it('Booking Status is Active with services and settings; the Add Appointment dialog offers only the times free for the chosen service and people', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    await openScheduling(page);
    // The demo organization has active services and schedule settings.
    expect(await page.getByTestId('booking-status').textContent()).toBe('Active');

    const service = await publicService(page, 'Furnace tune-up');
    const date = openDayAhead(6);
    const slot = await freeSlot(page, date, service.id, 0.6);
    const stamp = Date.now().toString(36);
    const booked = await bookByApi(page, { serviceId: service.id, appointmentDate: slot.appointmentDate, customerName: `Taken Time ${stamp.toUpperCase()}`, customerEmail: `taken-${stamp}@example.com` });
    expect(booked.status()).toBe(201);
    // The online booking went to one free performer (docs/rules/team.md#online-booking): their time is what it holds.
    const [holder] = (await appointmentById(page, ((await booked.json()) as { id: number }).id)).assignees;

    await page.getByRole('button', { name: 'Add Appointment' }).click();
    const dialog = dialogTitled(page, 'Add Appointment');
    await dialog.getByLabel('Service').selectOption(String(service.id));
    await dialog.getByLabel('Date').fill(date);
    const time = dialog.getByLabel('Time', { exact: true });
    const offered = async () => (await time.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).filter(Boolean);
    // Only the booking's person on it: each of the team's chips pressed or not to match.
    const people = dialog.getByRole('group', { name: 'Assigned to' });
    await people.getByRole('button', { name: holder.name }).waitFor();
    for (const chip of await people.getByRole('button').all()) {
      const wanted = (await chip.textContent()) === holder.name;
      if ((await chip.getAttribute('aria-pressed')) !== String(wanted)) await chip.click();
    }
    // The booked time, and the starts whose visit would run into it, are left out; the day's other times stay.
    await expect.poll(async () => (await offered()).includes(slot.time)).toBe(false);
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    const options = await offered();
    expect(options.length).toBeGreaterThan(0);
    for (const t of options) {
      const overlaps = minutes(t) < minutes(slot.time) + service.duration && minutes(t) + service.duration > minutes(slot.time);
      expect(overlaps, `${t} overlaps the booking at ${slot.time}`).toBe(false);
    }
    await context.close();
  });
});

describe('Scheduling: Appointments week view', () => {
  it("shows this week's days from Sunday with today marked and every seeded appointment on its day", async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const today = orgToday();
    const sunday = weekStart(today);
    const expected = await appointmentsBetween(page, sunday, addDays(sunday, 6));
    expect(expected.length).toBeGreaterThan(0);
    await openScheduling(page);
    await waitForItems(page, expected.length);

    for (let i = 0; i < 7; i++) await page.getByTestId(`day-${addDays(sunday, i)}`).waitFor();
    expect(await page.getByTestId(`day-${today}`).getAttribute('aria-current')).toBe('date');
    for (const a of expected) {
      const [date, time] = [a.appointmentDate.slice(0, 10), a.appointmentDate.slice(11, 16)];
      const item = page.getByTestId(`day-${date}`).getByTestId('appointment-item').filter({ hasText: a.customerName ?? a.customerEmail }).filter({ hasText: label12h(time) });
      expect(await item.count(), `${a.customerName} at ${a.appointmentDate}`).toBeGreaterThan(0);
    }
    // Sunday is closed in the demo: nothing is booked on it.
    expect(await page.getByTestId(`day-${sunday}`).getByTestId('appointment-item').count()).toBe(0);
    await context.close();
  });

  it('an online booking appears on its day; editing its time and cancelling it each e-mail the customer', async () => {
    const { context, page } = await signedInPage(browser, 'admin@example.com');
    const service = await publicService(page, 'Furnace tune-up');
    const date = openDayAhead(5);
    const slot = await freeSlot(page, date, service.id, 0.1);
    const name = `Morgan Week ${Date.now().toString(36).toUpperCase()}`;
    const email = `week-${Date.now().toString(36)}@example.com`;
    const response = await bookByApi(page, { serviceId: service.id, appointmentDate: slot.appointmentDate, customerName: name, customerEmail: email });
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: number };

    await openScheduling(page);
    const weeksAhead = Math.round((Date.parse(weekStart(date)) - Date.parse(weekStart(orgToday()))) / (7 * 86_400_000));
    for (let i = 0; i < weeksAhead; i++) await page.getByRole('button', { name: 'Next week' }).click();
    const day = page.getByTestId(`day-${date}`);
    const item = day.getByTestId('appointment-item').filter({ hasText: name });
    await item.waitFor();
    expect(await item.textContent()).toContain(label12h(slot.time));
    expect(await item.textContent()).toContain('Furnace tune-up');

    // Move it to another time that day free for the person it was booked with, and offered online too.
    let mark = await outboxMark(page);
    await item.getByRole('button', { name: `Edit appointment with ${name}` }).click();
    const dialog = dialogTitled(page, 'Edit Appointment');
    expect(await dialog.getByLabel('Time', { exact: true }).inputValue()).toBe(slot.time);
    await page.waitForLoadState('networkidle');
    const choices = (await dialog.getByLabel('Time', { exact: true }).locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).filter(Boolean);
    const online = (await openSlots(page, date, service.id)).map((s) => s.time);
    const other = choices.find((t) => online.includes(t) && Math.abs(Number(t.slice(0, 2)) - Number(slot.time.slice(0, 2))) >= 2);
    if (!other) throw new Error(`No other free time on ${date}`);
    await dialog.getByLabel('Time', { exact: true }).selectOption(other);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await waitForToast(page, 'Appointment updated successfully');
    await dialog.waitFor({ state: 'detached' });
    await day.getByTestId('appointment-item').filter({ hasText: name }).filter({ hasText: label12h(other) }).waitFor();
    expect(await appointmentById(page, id)).toMatchObject({ appointmentDate: `${date}T${other}:00`, status: 'scheduled' });
    const [updated] = await waitForOutbox(page, mark, (e) => e.channel === 'email' && e.to === email);
    expect(updated.subject).toBe(`Appointment updated: Furnace tune-up on ${mailDate(date)} at ${label12h(other)}`);

    // Cancel it: confirmed first, then listed as cancelled and mailed.
    mark = await outboxMark(page);
    await item.getByRole('button', { name: `Edit appointment with ${name}` }).click();
    await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`Cancel ${name}'s appointment?`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel Appointment' }).click();
    await waitForToast(page, 'Appointment cancelled successfully');
    await dialog.waitFor({ state: 'detached' });
    await item.getByText('Cancelled', { exact: true }).waitFor();
    expect((await appointmentById(page, id)).status).toBe('cancelled');
    const [cancelled] = await waitForOutbox(page, mark, (e) => e.channel === 'email' && e.to === email);
    expect(cancelled.subject).toBe(`Appointment cancelled: Furnace tune-up on ${mailDate(date)} at ${label12h(other)}`);
    // The freed time is offered online again.
    expect((await openSlots(page, date, service.id)).map((s) => s.time)).toContain(other);
    await context.close();
  });
});
