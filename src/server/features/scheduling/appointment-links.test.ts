// Rescheduling and cancelling from the e-mail link (docs/rules/scheduling.md#changing-by-link): the organization's
// allowCancellation and cancellationHours decide, staff hear of it, the calendar invitation is updated or cancelled.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addDays, todayIn } from '../../platform/wall-clock';
import { bookingOrg, icsField, icsOf, nextWeekday, watchMail, type BookingOrg } from './scheduling.test-kit';

const TZ = 'America/Los_Angeles';
let t: TestApp;
let org: BookingOrg;
let mail: ReturnType<typeof watchMail>;

beforeAll(async () => {
  t = await createTestApp();
  org = await bookingOrg(t, { cancellationHours: 24 });
  mail = watchMail(t);
});
afterAll(async () => {
  mail?.stop();
  await t?.close();
});

let n = 0;
/** Books online and answers the link token from the confirmation e-mail. */
async function bookWithLink(when: string, key = org.slug, serviceId = org.serviceId): Promise<{ id: number; token: string; email: string }> {
  const email = `link${++n}@example.com`;
  const res = await t.call({ method: 'POST', url: `/api/public/schedule-by-slug/${key}/book`, payload: { customerName: 'Robin Link', customerEmail: email, serviceId, appointmentDate: when } });
  expect(res.statusCode, res.body).toBe(201);
  const [confirmation] = await mail.sentTo(email);
  const url = /Reschedule or cancel: (\S+)/.exec(confirmation.text ?? '')?.[1];
  expect(url).toMatch(/\/appointment\/[A-Za-z0-9_-]{43}$/);
  expect(confirmation.html).toContain(url!);
  return { id: res.json().id, token: url!.split('/').pop()!, email };
}

const page = (token: string) => t.call({ url: `/api/public/appointments/${token}` });

describe('the link in the confirmation', () => {
  it('shows the appointment and lets the customer move it to another offered time, once staff and calendar know', async () => {
    const day = nextWeekday(TZ, 2, addDays(todayIn(TZ), 5));
    const { id, token, email } = await bookWithLink(`${day}T10:00:00`);
    const shown = await page(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      appointment: { appointmentDate: `${day}T10:00:00`, serviceName: 'Tune-up', status: 'scheduled', staffName: 'Test U.' },
      canChange: true,
      reason: null,
      cancellationHours: 24,
    });
    const moved = await t.call({ method: 'POST', url: `/api/public/appointments/${token}/reschedule`, payload: { appointmentDate: `${day}T14:00:00` } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().appointment.appointmentDate).toBe(`${day}T14:00:00`);
    // The old time is free again, the new one is taken.
    const slots = (await t.call({ url: `/api/public/slots-by-slug/${org.slug}?date=${day}&serviceId=${org.serviceId}` })).json().map((s: { time: string }) => s.time);
    expect(slots).toContain('10:00');
    expect(slots).not.toContain('14:00');
    // The customer gets the updated invitation (same UID, higher SEQUENCE) and a fresh link.
    const [, updated] = await mail.sentTo(email, 2);
    expect(updated.subject).toContain('Appointment updated');
    expect(icsField(icsOf(updated), 'UID')).toBe(icsField(icsOf((await mail.sentTo(email))[0]), 'UID'));
    expect(Number(icsField(icsOf(updated), 'SEQUENCE'))).toBeGreaterThan(0);
    expect(updated.text).toMatch(/Reschedule or cancel: \S+/);
    // Staff hear of it.
    const bell = await t.database.db.select().from(notifications).where(and(eq(notifications.entityId, id), eq(notifications.type, 'booking_changed')));
    expect(bell.map((b) => b.userId)).toContain(org.managerId);
    expect(bell[0].title).toBe('Appointment moved by the customer');
  });

  it('cancels, sends the calendar cancellation, and then offers nothing more', async () => {
    const day = nextWeekday(TZ, 3, addDays(todayIn(TZ), 5));
    const { token, email } = await bookWithLink(`${day}T09:00:00`);
    const cancelled = await t.call({ method: 'POST', url: `/api/public/appointments/${token}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ appointment: { status: 'cancelled' }, canChange: false, reason: 'This appointment has been cancelled' });
    const [, cancelMail] = await mail.sentTo(email, 2);
    expect(icsField(icsOf(cancelMail), 'METHOD')).toBe('CANCEL');
    expect(cancelMail.text).not.toContain('Reschedule or cancel');
    const again = await t.call({ method: 'POST', url: `/api/public/appointments/${token}/cancel` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This appointment has been cancelled');
    // The time is free for the next customer.
    const slots = (await t.call({ url: `/api/public/slots-by-slug/${org.slug}?date=${day}&serviceId=${org.serviceId}` })).json().map((s: { time: string }) => s.time);
    expect(slots).toContain('09:00');
  });

  it('follows allowCancellation and cancellationHours, and refuses a time not offered or taken', async () => {
    const strict = await bookingOrg(t, { cancellationHours: 168, advanceBookingDays: 365 });
    const soon = addDays(todayIn(TZ), 3);
    const { token } = await bookWithLink(`${soon}T10:00:00`, strict.slug, strict.serviceId);
    const shown = (await page(token)).json();
    expect(shown).toMatchObject({ canChange: false, reason: 'Changes are not taken online within 168 hours of the appointment' });
    const late = await t.call({ method: 'POST', url: `/api/public/appointments/${token}/cancel` });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Changes are not taken online within 168 hours of the appointment');

    const off = await bookingOrg(t, { allowCancellation: false });
    const later = addDays(todayIn(TZ), 20);
    const offLink = await bookWithLink(`${later}T10:00:00`, off.slug, off.serviceId);
    expect((await page(offLink.token)).json()).toMatchObject({ canChange: false, reason: 'Changes are taken by phone or e-mail' });
    expect((await t.call({ method: 'POST', url: `/api/public/appointments/${offLink.token}/reschedule`, payload: { appointmentDate: `${later}T13:00:00` } })).statusCode).toBe(409);

    const day = nextWeekday(TZ, 4, addDays(todayIn(TZ), 5));
    const mine = await bookWithLink(`${day}T10:00:00`);
    await bookWithLink(`${day}T13:00:00`);
    const taken = await t.call({ method: 'POST', url: `/api/public/appointments/${mine.token}/reschedule`, payload: { appointmentDate: `${day}T13:30:00` } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('That time is no longer available');
    const odd = await t.call({ method: 'POST', url: `/api/public/appointments/${mine.token}/reschedule`, payload: { appointmentDate: `${day}T13:07:00` } });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().issues).toEqual([{ path: 'appointmentDate', message: 'Please choose one of the offered times' }]);
    // Moving by half an hour overlaps its own old time: that is no obstacle.
    const nudged = await t.call({ method: "POST", url: `/api/public/appointments/${mine.token}/reschedule`, payload: { appointmentDate: `${day}T10:30:00` } });
    expect(nudged.statusCode, nudged.body).toBe(200);
    expect((await page('x'.repeat(43))).statusCode).toBe(404);
  });
});
