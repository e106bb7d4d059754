import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appointmentReminders, appointments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAppointment, remindersOf, setUpReminders } from './reminder-test-fixtures';
import { scheduleReminders } from './schedule-reminders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const summary = (rows: Awaited<ReturnType<typeof remindersOf>>) => rows.map((r) => [r.reminderType, r.reminderTiming, r.dueAt.toISOString(), r.status]);

describe('scheduleReminders', () => {
  it('counts back from the appointment in the organization zone, across the DST change', async () => {
    // Only the clock is faked, so that the 2026-03-09 appointment is still ahead.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-15T12:00:00Z'));
    const db = t.database.db;
    const org = await t.createOrganization();
    await setUpReminders(db, org, { timeZone: 'America/Los_Angeles', settings: { defaultTiming: 24, customTimings: [48] } });
    const appt = await createAppointment(db, org, { appointmentDate: '2026-03-09T09:00:00' });

    await scheduleReminders(db, appt.id);
    // 09:00 PDT (UTC-7) on the 9th is 16:00Z; a day earlier (PST until 02:00 on the 8th) is exactly 24 hours back.
    expect(summary(await remindersOf(db, appt.id))).toEqual([
      ['email', 24, '2026-03-08T16:00:00.000Z', 'pending'],
      ['email', 48, '2026-03-07T16:00:00.000Z', 'pending'],
    ]);
  });

  it('creates one row per enabled channel and timing, leaving out channels without contact and past times', async () => {
    const db = t.database.db;
    const org = await t.createOrganization();
    await setUpReminders(db, org, { settings: { smsEnabled: true, defaultTiming: 24, customTimings: [2, 48] } });
    const withPhone = await createAppointment(db, org, { appointmentDate: '2027-01-15T09:00:00', customerPhone: '+15555550100' });
    const withoutPhone = await createAppointment(db, org, { appointmentDate: '2027-01-16T09:00:00', customerPhone: null });
    // 30 hours ahead (New York): the 48-hour reminder would already be late.
    const soon = new Date(Date.now() + 30 * 3_600_000);
    const soonWall = soon.toLocaleString('sv-SE', { timeZone: 'America/New_York' }).replace(' ', 'T').slice(0, 16);
    const close = await createAppointment(db, org, { appointmentDate: `${soonWall}:00` });

    await scheduleReminders(db, withPhone.id);
    await scheduleReminders(db, withoutPhone.id);
    await scheduleReminders(db, close.id);

    expect(summary(await remindersOf(db, withPhone.id))).toEqual([
      ['email', 2, '2027-01-15T12:00:00.000Z', 'pending'],
      ['email', 24, '2027-01-14T14:00:00.000Z', 'pending'],
      ['email', 48, '2027-01-13T14:00:00.000Z', 'pending'],
      ['sms', 2, '2027-01-15T12:00:00.000Z', 'pending'],
      ['sms', 24, '2027-01-14T14:00:00.000Z', 'pending'],
      ['sms', 48, '2027-01-13T14:00:00.000Z', 'pending'],
    ]);
    expect((await remindersOf(db, withoutPhone.id)).map((r) => r.reminderType)).toEqual(['email', 'email', 'email']);
    expect((await remindersOf(db, close.id)).map((r) => r.reminderTiming)).toEqual([2, 24]);
  });

  it('uses a day ahead by e-mail in New York time when the organization saved no settings', async () => {
    const db = t.database.db;
    const org = await t.createOrganization();
    const appt = await createAppointment(db, org, { appointmentDate: '2027-07-01T10:00:00', customerPhone: '+15555550100' });
    await scheduleReminders(db, appt.id);
    expect(summary(await remindersOf(db, appt.id))).toEqual([['email', 24, '2027-06-30T14:00:00.000Z', 'pending']]);
  });

  it('creates none when reminders are off or no channel is on', async () => {
    const db = t.database.db;
    const off = await t.createOrganization();
    await setUpReminders(db, off, { settings: { isEnabled: false, smsEnabled: true } });
    const a = await createAppointment(db, off, { appointmentDate: '2027-02-01T09:00:00', customerPhone: '+15555550100' });
    const noChannel = await t.createOrganization();
    await setUpReminders(db, noChannel, { settings: { emailEnabled: false, smsEnabled: false } });
    const b = await createAppointment(db, noChannel, { appointmentDate: '2027-02-01T09:00:00', customerPhone: '+15555550100' });
    await scheduleReminders(db, a.id);
    await scheduleReminders(db, b.id);
    expect(await remindersOf(db, a.id)).toEqual([]);
    expect(await remindersOf(db, b.id)).toEqual([]);
  });

  it('gives a cancelled appointment no reminders and drops the pending ones on cancelling, keeping those sent', async () => {
    const db = t.database.db;
    const org = await t.createOrganization();
    await setUpReminders(db, org, { settings: { defaultTiming: 24, customTimings: [48] } });
    const cancelled = await createAppointment(db, org, { appointmentDate: '2027-03-01T09:00:00', status: 'cancelled' });
    await scheduleReminders(db, cancelled.id);
    expect(await remindersOf(db, cancelled.id)).toEqual([]);

    const appt = await createAppointment(db, org, { appointmentDate: '2027-03-02T09:00:00' });
    await scheduleReminders(db, appt.id);
    const [first] = await remindersOf(db, appt.id);
    await db.update(appointmentReminders).set({ status: 'sent', sentAt: new Date() }).where(eq(appointmentReminders.id, first.id));
    await db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, appt.id));
    await scheduleReminders(db, appt.id);
    expect((await remindersOf(db, appt.id)).map((r) => [r.id, r.status])).toEqual([[first.id, 'sent']]);
  });

  it('replaces the pending rows when the appointment is rescheduled, never re-creating one already sent', async () => {
    const db = t.database.db;
    const org = await t.createOrganization();
    await setUpReminders(db, org, { timeZone: 'America/Chicago', settings: { defaultTiming: 24, customTimings: [2] } });
    const appt = await createAppointment(db, org, { appointmentDate: '2027-04-10T09:00:00' });
    await scheduleReminders(db, appt.id);
    const before = await remindersOf(db, appt.id);
    expect(summary(before)).toEqual([
      ['email', 2, '2027-04-10T12:00:00.000Z', 'pending'],
      ['email', 24, '2027-04-09T14:00:00.000Z', 'pending'],
    ]);
    // The day-ahead reminder went out and the customer then moves the appointment.
    const sent = before[1];
    await db.update(appointmentReminders).set({ status: 'sent', sentAt: new Date() }).where(eq(appointmentReminders.id, sent.id));
    await db.update(appointments).set({ appointmentDate: '2027-04-12T15:30:00' }).where(eq(appointments.id, appt.id));

    await scheduleReminders(db, appt.id);
    const after = await remindersOf(db, appt.id);
    expect(summary(after)).toEqual([
      ['email', 2, '2027-04-12T18:30:00.000Z', 'pending'],
      ['email', 24, '2027-04-09T14:00:00.000Z', 'sent'],
    ]);
    expect(after[0].id).not.toBe(before[0].id);
    expect(after[1].id).toBe(sent.id);

    // Calling again changes nothing: the rows are a function of the appointment and the settings.
    await scheduleReminders(db, appt.id);
    expect(summary(await remindersOf(db, appt.id))).toEqual(summary(after));
  });

  it('runs inside the caller transaction and ignores an appointment that no longer exists', async () => {
    const db = t.database.db;
    const org = await t.createOrganization();
    const appt = await createAppointment(db, org, { appointmentDate: '2027-05-01T09:00:00' });
    await expect(
      db.transaction(async (tx) => {
        await scheduleReminders(tx, appt.id);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await remindersOf(db, appt.id)).toEqual([]);
    await expect(scheduleReminders(db, 999_999)).resolves.toBeUndefined();
  });
});

describe('settings changes re-plan the appointments already booked', () => {
  it('a new timing or time zone reaches existing appointments; cancelled ones get nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-15T12:00:00Z'));
    const db = t.database.db;
    const org = await t.createOrganization();
    await setUpReminders(db, org, { timeZone: 'America/New_York', settings: { defaultTiming: 24, customTimings: [] } });
    const appt = await createAppointment(db, org, { appointmentDate: '2026-02-10T09:00:00' });
    const cancelled = await createAppointment(db, org, { appointmentDate: '2026-02-11T09:00:00', status: 'cancelled' });
    await scheduleReminders(db, appt.id);
    const cookie = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
    const settings = (await t.call({ url: '/api/reminder-settings', cookie })).json();
    const put = await t.call({ method: 'PUT', url: `/api/reminder-settings/${settings.id}`, cookie, payload: { customTimings: [2] } });
    expect(put.statusCode).toBe(200);
    expect(summary(await remindersOf(db, appt.id))).toEqual([
      ['email', 2, '2026-02-10T12:00:00.000Z', 'pending'],
      ['email', 24, '2026-02-09T14:00:00.000Z', 'pending'],
    ]);
    expect(await remindersOf(db, cancelled.id)).toEqual([]);

    const schedule = (await t.call({ url: '/api/schedule-settings', cookie })).json();
    expect((await t.call({ method: 'PUT', url: `/api/schedule-settings/${schedule.id}`, cookie, payload: { timeZone: 'America/Los_Angeles' } })).statusCode).toBe(200);
    expect(summary(await remindersOf(db, appt.id))[0]).toEqual(['email', 2, '2026-02-10T15:00:00.000Z', 'pending']);
  });
});
