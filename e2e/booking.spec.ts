// Public booking (docs/rules/scheduling.md#booking-wizard): the /schedule/{slug} wizard books a visitor's appointment at the
// organization's wall-clock time, mails the confirmation, and refuses a slot someone took meanwhile; /services/{slug}
// leads into the wizard with its service chosen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './fixtures/browser';
import { outboxEntries, waitForToast } from './fixtures/documents';
import { signedInPage } from './fixtures/sessions';
import {
  appointmentsBetween,
  bookByApi,
  DEMO_SERVICES,
  freeSlot,
  label12h,
  mailDate,
  openDayAhead,
  openSlots,
  outboxMark,
  pickCalendarDay,
  publicService,
  publicServices,
  SLOT_TAKEN,
  waitForOutbox,
} from './fixtures/scheduling';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const uniqueEmail = (who: string) => `${who}-${Date.now().toString(36)}@example.com`;

async function openWizard(page: Page, query = ''): Promise<void> {
  await page.goto(`/schedule/demo${query}`);
  await page.getByRole('heading', { name: 'Book Online', level: 1 }).waitFor();
}

function currentStep(page: Page) {
  return page.getByRole('navigation', { name: 'Booking progress' }).locator('[aria-current="step"]');
}

/** Service, day and time chosen, then Continue (on to the details step). */
async function chooseSlot(page: Page, serviceName: string, date: string, time: string, waitForDetails = true): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${serviceName}`) }).click();
  await page.getByRole('heading', { name: 'Select a date' }).waitFor();
  await pickCalendarDay(page, date);
  await page.getByRole('group', { name: 'Available times' }).getByRole('button', { name: label12h(time), exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  if (waitForDetails) await page.getByRole('heading', { name: 'Your details' }).waitFor();
}

async function fillDetails(page: Page, name: string, email: string, phone: string): Promise<void> {
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('textbox', { name: /^Phone/ }).fill(phone);
}

describe('Booking wizard', () => {
  it('books a slot a few days ahead at its wall-clock time, mails the confirmation, and, once every performer holds it, refuses the same slot to a second visitor and to the API', async () => {
    const first = await newPage(browser);
    const second = await newPage(browser);
    const admin = await signedInPage(browser, 'admin@example.com');
    const serviceName = 'Drain cleaning';
    const service = await publicService(first.page, serviceName);
    const date = openDayAhead(3);
    const slot = await freeSlot(first.page, date, service.id);
    const email = uniqueEmail('booker');
    const rivalEmail = uniqueEmail('rival');
    const mark = await outboxMark(first.page);

    // Both visitors reach the details step with the same slot still on offer.
    await openWizard(first.page);
    expect(await currentStep(first.page).textContent()).toContain('Service');
    await chooseSlot(first.page, serviceName, date, slot.time);
    await fillDetails(first.page, 'Taylor Booker', email, '(555) 201-4477');
    await openWizard(second.page);
    await chooseSlot(second.page, serviceName, date, slot.time);
    await fillDetails(second.page, 'Riley Rival', rivalEmail, '555-201-9911');

    const summary = first.page.getByRole('complementary', { name: 'Your booking' });
    expect(await summary.textContent()).toContain(serviceName);
    expect(await summary.textContent()).toContain(label12h(slot.time));

    await first.page.getByRole('button', { name: 'Confirm Booking' }).click();
    await waitForToast(first.page, 'Appointment booked successfully!');
    await first.page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
    await first.page.getByText(`A confirmation email is on its way to ${email}.`).waitFor();
    expect(await currentStep(first.page).textContent()).toContain('Confirmation');

    // The confirmation e-mail names the service and the wall-clock time, and carries the calendar invitation.
    const [mail] = await waitForOutbox(first.page, mark, (e) => e.channel === 'email' && e.to === email);
    expect(mail.subject).toBe(`Appointment confirmed: ${serviceName} on ${mailDate(date)} at ${label12h(slot.time)}`);
    expect(mail.text).toContain('Hello Taylor Booker,');
    expect(mail.text).toContain(`When: ${mailDate(date)} at ${label12h(slot.time)} (America/Chicago)`);
    expect(mail.text).toContain('The attached calendar file adds it to your calendar.');
    expect(mail.attachments).toEqual([{ filename: 'appointment.ics', contentType: expect.stringContaining('text/calendar') }]);
    // The outbox page names the attachment under the subject.
    const outboxView = await newPage(browser);
    await outboxView.page.goto('/dev/outbox');
    const outboxRow = outboxView.page.getByTestId('outbox-row').filter({ hasText: email }).first();
    await outboxRow.getByRole('list', { name: 'Attachments' }).getByText('appointment.ics', { exact: true }).waitFor();
    await outboxView.context.close();

    // The staff see it at the chosen wall-clock time.
    const booked = (await appointmentsBetween(admin.page, date, date)).filter((a) => a.customerEmail === email);
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      appointmentDate: `${date}T${slot.time}:00`,
      serviceId: service.id,
      serviceName,
      customerName: 'Taylor Booker',
      customerPhone: '5552014477',
      duration: service.duration,
      status: 'scheduled',
      source: 'online',
    });

    // A slot is booked once per free performer (docs/rules/team.md#online-booking): the demo team's others take it too,
    // until nobody who performs the service is left free then.
    let fillers = 0;
    for (; fillers < 10; fillers++) {
      const filler = await bookByApi(first.page, { serviceId: service.id, appointmentDate: slot.appointmentDate, customerName: 'Team Filler', customerEmail: uniqueEmail(`filler${fillers}`) });
      if (filler.status() === 409) break;
      expect(filler.status()).toBe(201);
    }
    expect(fillers).toBeLessThan(10);

    // The second visitor's confirm is refused: back to the times with the reason, the slot no longer offered.
    await second.page.getByRole('button', { name: 'Confirm Booking' }).click();
    await waitForToast(second.page, 'Booking failed');
    await second.page.getByRole('alert').filter({ hasText: SLOT_TAKEN }).waitFor();
    await second.page.getByText('Someone booked that time just before you. Please choose another time.').waitFor();
    expect(await currentStep(second.page).textContent()).toContain('Date & Time');
    const times = second.page.getByRole('group', { name: 'Available times' });
    await times.waitFor();
    await second.page.waitForLoadState('networkidle');
    expect(await times.getByRole('button', { name: label12h(slot.time), exact: true }).count()).toBe(0);
    expect((await openSlots(second.page, date, service.id)).map((s) => s.time)).not.toContain(slot.time);

    // The API gives the same answer.
    const again = await bookByApi(second.page, { serviceId: service.id, appointmentDate: slot.appointmentDate, customerName: 'Riley Rival', customerEmail: rivalEmail });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(SLOT_TAKEN);

    // Nothing was booked or mailed for the rival.
    expect((await appointmentsBetween(admin.page, date, date)).filter((a) => a.customerEmail === rivalEmail)).toHaveLength(0);
    await second.page.waitForTimeout(500);
    expect((await outboxEntries(first.page)).filter((e) => e.id > mark && e.to === rivalEmail)).toHaveLength(0);

    await first.context.close();
    await second.context.close();
    await admin.context.close();
  });

  it('shows the required-field messages before anything is sent', async () => {
    const { context, page } = await newPage(browser);
    const service = await publicService(page, 'Plumbing inspection');
    const date = openDayAhead(4);
    const slot = await freeSlot(page, date, service.id, 0.25);
    await openWizard(page);
    await chooseSlot(page, 'Plumbing inspection', date, slot.time);
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/book')) posted++;
    });
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.locator('#booking-details-customerName-error').getByText('Name is required').waitFor();
    await page.locator('#booking-details-customerEmail-error').getByText('Valid email is required').waitFor();
    expect(await page.getByRole('textbox', { name: /^Name/ }).getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(300);
    expect(posted).toBe(0);
    await context.close();
  });
});

describe('Booking wizard: Continue', () => {
  it('Continue to the details step submits nothing, even with details kept from a booking just made', async () => {
    const { context, page } = await newPage(browser);
    const service = await publicService(page, 'Free estimate visit');
    const date = openDayAhead(6);
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/book')) posted++;
    });
    await openWizard(page);

    // A fresh visitor: the details step opens clean, without "required" errors.
    const first = await freeSlot(page, date, service.id, 0.3);
    await chooseSlot(page, 'Free estimate visit', date, first.time);
    await page.waitForTimeout(300);
    expect(await page.getByText('Name is required').count()).toBe(0);
    expect(posted).toBe(0);
    await fillDetails(page, 'Casey Twice', uniqueEmail('twice'), '555-201-3030');
    await page.getByRole('button', { name: 'Confirm Booking' }).click();
    await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
    expect(posted).toBe(1);

    // Book another: the kept details must still be shown for confirming, not sent by Continue.
    await page.getByRole('button', { name: 'Book another appointment' }).click();
    const second = await freeSlot(page, date, service.id, 0.7);
    await chooseSlot(page, 'Free estimate visit', date, second.time, false);
    await page.waitForTimeout(500);
    expect(posted).toBe(1);
    expect(await currentStep(page).textContent()).toContain('Details');
    expect(await page.getByRole('button', { name: 'Confirm Booking' }).isVisible()).toBe(true);
    await context.close();
  });
});

describe('Services page', () => {
  it('/services/demo lists the active services and Book Now opens the wizard with that service chosen', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/services/demo');
    await page.getByRole('heading', { name: 'Our Services', level: 1 }).waitFor();
    const listed = await publicServices(page);
    // Every seeded active service; other specs of the run may have added their own to the demo organization.
    expect(listed.map((s) => s.name)).toEqual(expect.arrayContaining([...DEMO_SERVICES]));
    for (const s of listed) await page.getByRole('link', { name: `Book Now: ${s.name}` }).waitFor();
    const furnace = listed.find((s) => s.name === 'Furnace tune-up')!;
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Book Now: Furnace tune-up' }) });
    expect(await card.textContent()).toContain('90 minutes');
    expect(await card.textContent()).toContain('$159.00');

    await page.getByRole('link', { name: 'Book Now: Furnace tune-up' }).click();
    await page.waitForURL((url) => url.pathname === '/schedule/demo' && url.searchParams.get('service') === String(furnace.id));
    await page.getByRole('heading', { name: 'Select a date' }).waitFor();
    expect(await currentStep(page).textContent()).toContain('Date & Time');
    // Back shows the service step with Furnace tune-up pressed.
    await page.getByRole('button', { name: 'Back' }).click();
    const chosen = page.getByRole('button', { name: /^Furnace tune-up/ });
    expect(await chosen.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: /^Drain cleaning/ }).getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });
});
