import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import { createMailer, type MailMessage } from '../adapters/mail/mailer';
import type { DeliveryResult } from '../adapters/mail/mailer';
import { createSmsSender } from '../adapters/sms/sms-sender';
import { openDatabase, type Database, type Db } from '../db/client';
import { appointmentReminders, appointments, notifications, outbox } from '../db/schema/index';
import { claimDueReminders } from '../features/reminders/claim-due-reminders';
import { deliverReminder, loadReminderContexts } from '../features/reminders/deliver-reminder';
import { createAppointment, remindersOf, setUpReminders } from '../features/reminders/reminder-test-fixtures';
import { scheduleReminders } from '../features/reminders/schedule-reminders';
import { createTestApp, type TestApp } from '../test/test-app';
import { runDueReminders, startReminderWorker } from './appointment-reminders';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(async () => {
  await t?.close();
});
// The job works across organizations, so each test starts with no reminders and an empty outbox.
beforeEach(async () => {
  await db.delete(appointmentReminders);
  await db.delete(outbox);
});

const outboxTransports = (database: Db) => ({ db: database, mailer: createMailer({ db: database, from: 'test@example.com' }), sms: createSmsSender({ db: database }) });

/** A mailer that fails the first `failures` sends, the way the SMTP adapter reports it, then stores like the outbox. */
function flakyMailer(failures: number, how: 'result' | 'throw' = 'result') {
  const calls: MailMessage[] = [];
  const real = createMailer({ db, from: 'test@example.com' });
  return {
    calls,
    mailer: {
      async send(m: MailMessage): Promise<DeliveryResult> {
        calls.push(m);
        if (calls.length <= failures) {
          if (how === 'throw') throw new Error('Connection refused');
          return { outboxId: 0, status: 'failed', error: '550 Mailbox unavailable' };
        }
        return real.send(m);
      },
    },
  };
}

const at = (iso: string, plusMs = 0) => new Date(new Date(iso).getTime() + plusMs);
const MINUTE = 60_000;

describe('runDueReminders', () => {
  it('sends the due reminders with the templates filled, by e-mail and SMS, once each', async () => {
    const org = await t.createOrganization({ name: 'Acme Lawns' });
    await setUpReminders(db, org, {
      timeZone: 'America/Los_Angeles',
      settings: {
        smsEnabled: true,
        defaultTiming: 24,
        customTimings: [2],
        emailTemplate: 'Hi {{customerName}}, your {{serviceName}} with {{organizationName}} is on {{appointmentDate}} at {{appointmentTime}}.',
        smsTemplate: '{organizationName}: {serviceName} {appointmentDate} {appointmentTime}. Reply STOP to opt out.',
      },
    });
    const appt = await createAppointment(db, org, { appointmentDate: '2027-11-21T09:00:00', customerPhone: '+15555550123' });
    await scheduleReminders(db, appt.id);

    // 24 hours before 09:00 PST (UTC-8): only the day-ahead pair is due.
    const deps = outboxTransports(db);
    expect(await runDueReminders(deps, at('2027-11-20T16:59:59Z'))).toMatchObject({ claimed: 0 });
    expect(await runDueReminders(deps, at('2027-11-20T17:00:00Z'))).toEqual({ claimed: 2, sent: 2, retrying: 0, failed: 0, dropped: 0, skipped: 0 });
    const sent = await db.select().from(outbox).orderBy(outbox.channel);
    expect(sent.map((m) => ({ channel: m.channel, to: m.to, subject: m.subject, text: m.text, organizationId: m.organizationId }))).toEqual([
      {
        channel: 'email',
        to: 'zoe@example.com',
        subject: 'Appointment reminder from Acme Lawns',
        text: "Hi Zoë O'Brien, your Lawn care with Acme Lawns is on Nov 21, 2027 at 9:00 AM.",
        organizationId: org.id,
      },
      { channel: 'sms', to: '+15555550123', subject: null, text: 'Acme Lawns: Lawn care Nov 21, 2027 9:00 AM. Reply STOP to opt out.', organizationId: org.id },
    ]);
    const rows = await remindersOf(db, appt.id);
    expect(rows.map((r) => [r.reminderType, r.reminderTiming, r.status, r.attempts, r.lockedUntil])).toEqual([
      ['email', 2, 'pending', 0, null],
      ['email', 24, 'sent', 0, null],
      ['sms', 2, 'pending', 0, null],
      ['sms', 24, 'sent', 0, null],
    ]);
    expect(rows[1].sentAt).toBeInstanceOf(Date);

    // Never again, even long after; the 2-hour pair goes when it is due.
    expect(await runDueReminders(deps, at('2027-11-21T15:00:00Z'))).toMatchObject({ claimed: 2, sent: 2 });
    expect(await runDueReminders(deps, at('2027-11-22T00:00:00Z'))).toMatchObject({ claimed: 0 });
    expect(await db.$count(outbox)).toBe(4);
  });

  it('sends each reminder exactly once when two workers run at the same time', async () => {
    const org = await t.createOrganization();
    await setUpReminders(db, org, { settings: { smsEnabled: true, defaultTiming: 24, customTimings: [48] } });
    for (let day = 1; day <= 6; day++) {
      const appt = await createAppointment(db, org, { appointmentDate: `2027-08-0${day}T09:00:00`, customerPhone: `+1555555010${day}`, customerEmail: `c${day}@example.com` });
      await scheduleReminders(db, appt.id);
    }
    const total = await db.$count(appointmentReminders);
    expect(total).toBe(24);

    // On PostgreSQL the second worker has its own connection pool, like another app instance.
    let second: Database | null = null;
    const pgAdminUrl = inject('pgAdminUrl');
    if (t.database.kind === 'postgres' && pgAdminUrl) {
      const [{ name }] = (await t.database.query('select current_database() as name')).rows as { name: string }[];
      const url = new URL(pgAdminUrl);
      url.pathname = `/${name}`;
      second = await openDatabase({ databaseUrl: url.toString(), poolSize: 3 });
    }
    expect(second === null).toBe(t.database.kind === 'pglite');
    try {
      const now = at('2027-08-10T00:00:00Z');
      const drain = async (database: Db) => {
        const deps = outboxTransports(database);
        let sent = 0;
        for (;;) {
          const r = await runDueReminders(deps, now, 5);
          sent += r.sent;
          if (r.claimed === 0) return sent;
        }
      };
      const [a, b] = await Promise.all([drain(db), drain(second?.db ?? db)]);
      expect(a + b).toBe(total);
      const messages = await db.select({ channel: outbox.channel, to: outbox.to }).from(outbox);
      expect(messages).toHaveLength(total);
      // Each (recipient, channel) got its two timings, no more.
      const perRecipient = new Map<string, number>();
      for (const m of messages) perRecipient.set(`${m.channel} ${m.to}`, (perRecipient.get(`${m.channel} ${m.to}`) ?? 0) + 1);
      expect([...perRecipient.values()]).toEqual(Array(12).fill(2));
      expect(await db.$count(appointmentReminders, eq(appointmentReminders.status, 'sent'))).toBe(total);
    } finally {
      await second?.close();
    }
  });

  it('retries a failed send and records the attempts, sending once when the transport recovers', async () => {
    const org = await t.createOrganization();
    await setUpReminders(db, org, { settings: { defaultTiming: 24 } });
    const appt = await createAppointment(db, org, { appointmentDate: '2027-09-10T09:00:00' });
    await scheduleReminders(db, appt.id);
    const flaky = flakyMailer(2);
    const deps = { db, mailer: flaky.mailer, sms: createSmsSender({ db }) };
    const due = at('2027-09-09T13:00:00Z');

    expect(await runDueReminders(deps, due)).toMatchObject({ claimed: 1, retrying: 1 });
    const [afterOne] = await remindersOf(db, appt.id);
    expect(afterOne).toMatchObject({ status: 'pending', attempts: 1, failureReason: '550 Mailbox unavailable', lockedUntil: null, sentAt: null });
    expect(await runDueReminders(deps, at('2027-09-09T13:01:00Z'))).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await runDueReminders(deps, at('2027-09-09T13:02:00Z'))).toMatchObject({ claimed: 1, sent: 1 });
    expect(await runDueReminders(deps, at('2027-09-09T13:03:00Z'))).toMatchObject({ claimed: 0 });

    const [row] = await remindersOf(db, appt.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lockedUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(flaky.calls).toHaveLength(3);
    expect(await db.$count(outbox)).toBe(1);
    expect(await db.$count(notifications, eq(notifications.type, 'reminder_failed'))).toBe(0);
  });

  it('marks a reminder failed after the third failure and tells the staff who manage appointments', async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    const admin = await t.createUser({ organizationId: org.id, role: 'org_admin' });
    const manager = await t.createUser({ organizationId: org.id, role: 'manager' });
    const employee = await t.createUser({ organizationId: org.id, role: 'employee' });
    const outsider = await t.createUser({ organizationId: other.id, role: 'org_admin' });
    await setUpReminders(db, org, { settings: { defaultTiming: 24 } });
    const appt = await createAppointment(db, org, { appointmentDate: '2027-10-05T14:00:00' });
    await scheduleReminders(db, appt.id);
    const flaky = flakyMailer(10, 'throw');
    const deps = { db, mailer: flaky.mailer, sms: createSmsSender({ db }) };

    expect(await runDueReminders(deps, at('2027-10-04T18:00:00Z'))).toMatchObject({ retrying: 1 });
    expect(await runDueReminders(deps, at('2027-10-04T18:01:00Z'))).toMatchObject({ retrying: 1 });
    expect(await db.$count(notifications, eq(notifications.type, 'reminder_failed'))).toBe(0);
    expect(await runDueReminders(deps, at('2027-10-04T18:02:00Z'))).toMatchObject({ failed: 1 });
    expect(await runDueReminders(deps, at('2027-10-04T19:00:00Z'))).toMatchObject({ claimed: 0 });
    expect(flaky.calls).toHaveLength(3);

    const [row] = await remindersOf(db, appt.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, failureReason: 'Connection refused', sentAt: null, lockedUntil: null });
    const bell = await db.select().from(notifications).where(eq(notifications.type, 'reminder_failed'));
    expect(bell.map((n) => n.userId).sort()).toEqual([admin.id, manager.id].sort());
    expect(bell[0]).toMatchObject({
      organizationId: org.id,
      title: "Reminder to Zoë O'Brien could not be sent",
      body: 'The email reminder for Oct 5, 2027 at 2:00 PM failed 3 times: Connection refused',
      link: '/scheduling',
      entityType: 'appointment_reminder',
      entityId: row.id,
    });
    for (const u of [employee, outsider]) {
      const res = await t.call({ url: '/api/notifications/unread-count', cookie: await t.cookieFor(u.id) });
      expect(res.json()).toEqual({ count: 0 });
    }
    expect((await t.call({ url: '/api/notifications/unread-count', cookie: await t.cookieFor(manager.id) })).json()).toEqual({ count: 1 });
  });

  it('retries the rows of a worker killed after claiming them once the claim has lapsed', async () => {
    const org = await t.createOrganization();
    await setUpReminders(db, org, { settings: { defaultTiming: 24 } });
    const appt = await createAppointment(db, org, { appointmentDate: '2027-12-01T09:00:00' });
    await scheduleReminders(db, appt.id);
    const now = at('2027-11-30T14:00:00Z');

    // The "killed" worker claimed the row and never came back.
    expect(await claimDueReminders(db, now, 50)).toHaveLength(1);
    const [locked] = await remindersOf(db, appt.id);
    expect(locked).toMatchObject({ status: 'pending', attempts: 0 });
    expect(locked.lockedUntil?.toISOString()).toBe('2027-11-30T14:02:00.000Z');

    const deps = outboxTransports(db);
    expect(await runDueReminders(deps, at('2027-11-30T14:00:00Z', MINUTE))).toMatchObject({ claimed: 0 });
    expect(await db.$count(outbox)).toBe(0);
    expect(await runDueReminders(deps, at('2027-11-30T14:00:00Z', 2 * MINUTE + 1000))).toMatchObject({ claimed: 1, sent: 1 });
    expect(await db.$count(outbox)).toBe(1);
    const [row] = await remindersOf(db, appt.id);
    expect(row).toMatchObject({ status: 'sent', lockedUntil: null, attempts: 0 });
  });

  it('leaves a row to the worker that took it over when a slow batch outlasted its claim', async () => {
    const org = await t.createOrganization();
    await setUpReminders(db, org, { settings: { defaultTiming: 24 } });
    const appt = await createAppointment(db, org, { appointmentDate: '2027-12-02T09:00:00' });
    await scheduleReminders(db, appt.id);
    const now = at('2027-12-01T14:00:00Z');
    const [slow] = await claimDueReminders(db, now, 50);
    // The slow worker is still busy with earlier rows when its claim lapses and another worker takes the row.
    const [other] = await claimDueReminders(db, at('2027-12-01T14:00:00Z', 3 * MINUTE), 50);
    expect(other.id).toBe(slow.id);

    const contexts = await loadReminderContexts(db, [slow.id]);
    const transports = outboxTransports(db);
    expect(await deliverReminder(db, transports, slow, contexts.get(slow.id), at('2027-12-01T14:00:00Z', 4 * MINUTE))).toBe('skipped');
    expect(await db.$count(outbox)).toBe(0);
    expect(await deliverReminder(db, transports, other, contexts.get(other.id), at('2027-12-01T14:00:00Z', 4 * MINUTE))).toBe('sent');
    expect(await db.$count(outbox)).toBe(1);
  });

  it('drops, unsent, a due reminder whose appointment was cancelled or whose channel was turned off', async () => {
    const org = await t.createOrganization();
    await setUpReminders(db, org, { settings: { smsEnabled: true, defaultTiming: 24 } });
    const appt = await createAppointment(db, org, { appointmentDate: '2027-06-10T09:00:00', customerPhone: '+15555550100' });
    const kept = await createAppointment(db, org, { appointmentDate: '2027-06-10T11:00:00' });
    await scheduleReminders(db, appt.id);
    await scheduleReminders(db, kept.id);
    // Cancelled without the appointments feature rescheduling (or racing it).
    await db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, appt.id));

    expect(await runDueReminders(outboxTransports(db), at('2027-06-10T00:00:00Z'))).toEqual({ claimed: 3, sent: 1, retrying: 0, failed: 0, dropped: 2, skipped: 0 });
    expect(await remindersOf(db, appt.id)).toEqual([]);
    expect(await db.select({ to: outbox.to }).from(outbox)).toEqual([{ to: 'zoe@example.com' }]);
    expect(await db.$count(appointmentReminders, and(eq(appointmentReminders.appointmentId, kept.id), eq(appointmentReminders.status, 'sent')))).toBe(1);
  });
});

describe('startReminderWorker', () => {
  it('runs on its interval and stops cleanly', async () => {
    const org = await t.createOrganization();
    await setUpReminders(db, org, { settings: { defaultTiming: 24 } });
    // Due as soon as it exists: the appointment is 23 hours away.
    const soon = new Date(Date.now() + 23 * 3_600_000).toLocaleString('sv-SE', { timeZone: 'America/New_York' }).replace(' ', 'T').slice(0, 16);
    const appt = await createAppointment(db, org, { appointmentDate: `${soon}:00` });
    await db.insert(appointmentReminders).values({ organizationId: org.id, appointmentId: appt.id, reminderType: 'email', reminderTiming: 24, dueAt: new Date(Date.now() - MINUTE) });

    const errors: unknown[] = [];
    const stop = startReminderWorker({ ...outboxTransports(db), onError: (e) => errors.push(e) }, 50);
    for (let i = 0; i < 100 && (await db.$count(outbox)) === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await stop();
    expect(errors).toEqual([]);
    expect(await db.$count(outbox)).toBe(1);
    expect((await remindersOf(db, appt.id))[0]).toMatchObject({ status: 'sent' });
  });
});
