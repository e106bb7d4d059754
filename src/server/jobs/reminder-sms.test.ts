// Reminder SMS as the provider receives them: E.164 numbers (as Messaging sends them), and the default text
// ends with the opt-out words carriers expect.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type MailMessage } from '../adapters/mail/mailer';
import { toE164 } from '../adapters/sms/e164';
import { createSmsSender } from '../adapters/sms/sms-sender';
import type { Db } from '../db/client';
import { appointmentReminders, notifications, outbox, smsOptOuts } from '../db/schema/index';
import { DEFAULT_SMS_TEMPLATE } from '../features/reminders/reminder-message';
import { createAppointment, remindersOf, setUpReminders } from '../features/reminders/reminder-test-fixtures';
import { scheduleReminders } from '../features/reminders/schedule-reminders';
import { createTestApp, type TestApp } from '../test/test-app';
import { runDueReminders } from './appointment-reminders';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  // The job works across organizations: start from no reminders and an empty outbox.
  await db.delete(appointmentReminders);
  await db.delete(outbox);
});
afterAll(async () => {
  await t?.close();
});

describe('reminder SMS', () => {
  it('goes to the E.164 number with the default text ending "Reply STOP to opt out"', async () => {
    expect(DEFAULT_SMS_TEMPLATE.endsWith('Reply STOP to opt out.')).toBe(true);
    const org = await t.createOrganization({ name: 'Acme Lawns' });
    await setUpReminders(db, org, { timeZone: 'America/Los_Angeles', settings: { emailEnabled: false, smsEnabled: true, defaultTiming: 24 } });
    // Stored as the booking form keeps it: the digits the customer typed, "(555) 555-0123".
    const ten = await createAppointment(db, org, { appointmentDate: '2027-11-21T09:00:00', customerPhone: '5555550123' });
    const eleven = await createAppointment(db, org, { appointmentDate: '2027-11-21T11:00:00', customerPhone: '15555550124' });
    const bad = await createAppointment(db, org, { appointmentDate: '2027-11-21T13:00:00', customerPhone: '12345' });
    for (const a of [ten, eleven, bad]) await scheduleReminders(db, a.id);

    const deps = { db, mailer: createMailer({ db, from: 'test@example.com' }), sms: createSmsSender({ db }) };
    const run = await runDueReminders(deps, new Date('2027-11-20T21:30:00Z'));
    expect(run).toMatchObject({ claimed: 3, sent: 2 });
    const sms = await db.select().from(outbox).orderBy(outbox.to);
    expect(sms.map((m) => [m.channel, m.to])).toEqual([
      ['sms', '+15555550123'],
      ['sms', '+15555550124'],
    ]);
    for (const m of sms) expect(m.text).toMatch(/^Reminder: Lawn care with Acme Lawns on Nov 21, 2027 at \d+:00 (AM|PM)\. Reply STOP to opt out\.$/);
    // A number no SMS can reach is not handed to the provider; the reminder records why.
    const [failed] = await remindersOf(db, bad.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.failureReason).toMatch(/Not a phone number SMS can reach/);
  });

  it('a reminder text to a number that answered STOP is not sent, not retried and rings no bell (docs/rules/messaging.md#sms-opt-outs)', async () => {
    // The job works across organizations: the first test's unreachable number must not be claimed here.
    await db.delete(appointmentReminders);
    const org = await t.createOrganization({ name: 'Acme Hedges' });
    await setUpReminders(db, org, { timeZone: 'America/Los_Angeles', settings: { emailEnabled: false, smsEnabled: true, defaultTiming: 24 } });
    await db.insert(smsOptOuts).values({ phone: '+15555550131', keyword: 'STOP' });
    const appt = await createAppointment(db, org, { appointmentDate: '2027-12-02T09:00:00', customerPhone: '5555550131' });
    await scheduleReminders(db, appt.id);
    const deps = { db, mailer: createMailer({ db, from: 'test@example.com' }), sms: createSmsSender({ db }) };
    expect(await runDueReminders(deps, new Date('2027-12-01T17:30:00Z'))).toMatchObject({ claimed: 1, failed: 1, sent: 0, retrying: 0 });
    const [reminder] = await remindersOf(db, appt.id);
    expect(reminder).toMatchObject({ status: 'failed', failureReason: 'Not sent: the recipient opted out of text messages (replied STOP)' });
    expect(await runDueReminders(deps, new Date('2027-12-01T18:30:00Z'))).toMatchObject({ claimed: 0 });
    expect((await db.select().from(outbox).where(eq(outbox.to, '+15555550131'))).map((m) => m.status)).toEqual(['opted_out']);
    expect(await db.select().from(notifications).where(eq(notifications.organizationId, org.id))).toEqual([]);
  });

  it('reminder e-mails come from the organization by name, with replies to its address', async () => {
    const org = await t.createOrganization({ name: 'Acme Gardens', email: 'hello@gardens.example' });
    await setUpReminders(db, org, { timeZone: 'America/Los_Angeles', settings: { emailEnabled: true, smsEnabled: false, defaultTiming: 24 } });
    const appt = await createAppointment(db, org, { appointmentDate: '2028-03-01T09:00:00', customerEmail: 'zoe@gardens.example' });
    await scheduleReminders(db, appt.id);
    const real = createMailer({ db, from: 'Tradebook <no-reply@tradebook.test>' });
    const sent: MailMessage[] = [];
    const mailer = { send: (m: MailMessage) => (sent.push(m), real.send(m)) };
    await runDueReminders({ db, mailer, sms: createSmsSender({ db }) }, new Date('2028-02-29T17:30:00Z'));
    expect(sent.filter((m) => m.to === 'zoe@gardens.example')).toEqual([
      expect.objectContaining({ subject: 'Appointment reminder from Acme Gardens', fromName: 'Acme Gardens', replyTo: 'hello@gardens.example' }),
    ]);
  });

  it('toE164: ten digits are +1, eleven starting with 1 gain a +, international numbers keep theirs', () => {
    expect(toE164('(555) 555-0123')).toBe('+15555550123');
    expect(toE164('5555550123')).toBe('+15555550123');
    expect(toE164('1-555-555-0123')).toBe('+15555550123');
    expect(toE164('+44 20 7946 0018')).toBe('+442079460018');
    expect(toE164('+15555550123')).toBe('+15555550123');
    for (const bad of ['', null, '12345', '555-0123', '+0123456789', '+1234567', '25555550123']) expect(toE164(bad)).toBeNull();
  });
});
