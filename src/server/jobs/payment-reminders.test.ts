// Invoices that chase themselves (docs/rules/money-and-payments.md#payment-reminders, #late-fees): each reminder once, at
// 09:00 in the organization's zone outside its quiet hours, never once the invoice is settled; late fees once per period.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Invoice } from '../../contracts/invoices';
import type { InvoiceReminderTimeline, PaymentReminderSettingsInput } from '../../contracts/payment-reminders';
import { DEFAULT_REMINDER_STEPS } from '../../contracts/payment-reminders';
import { createMailer, type DeliveryResult, type MailMessage } from '../adapters/mail/mailer';
import { createSmsSender } from '../adapters/sms/sms-sender';
import { openDatabase, type Database, type Db } from '../db/client';
import { invoiceLateFees, invoiceReminders, notifications, outbox, paymentReminderSettings, smsOptOuts } from '../db/schema/index';
import { orgKit, type OrgKit } from '../features/documents/documents.test-kit';
import { createTestApp, type TestApp } from '../test/test-app';
import { runPaymentReminders } from './payment-reminders';

let t: TestApp;
let db: Db;
let a: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(async () => {
  await t?.close();
});
// The job works across organizations: each test starts with none set up and an empty outbox.
beforeEach(async () => {
  await db.delete(invoiceReminders);
  await db.delete(invoiceLateFees);
  await db.delete(paymentReminderSettings);
  await db.delete(outbox);
  // Each test its own organization: the job would otherwise also chase an earlier test's invoices.
  a = await orgKit(t, { name: 'Chase Plumbing' });
});

const transports = (database: Db, mailer = createMailer({ db: database, from: 'test@example.com' })) => ({
  db: database,
  mailer,
  sms: createSmsSender({ db: database }),
  appUrl: 'https://tradebook.test',
});
const at = (iso: string) => new Date(iso);

const settings = (over: Partial<PaymentReminderSettingsInput> = {}): PaymentReminderSettingsInput => ({
  enabled: true,
  steps: DEFAULT_REMINDER_STEPS.map((s) => ({ ...s })),
  emailSubject: 'Invoice {invoiceNumber}: {amountDue} {dueWhen}',
  emailBody: 'Hello {customerName}, invoice {invoiceNumber} for {amountDue} is {dueWhen}. Pay here: {payLink}',
  smsBody: '{organizationName}: {invoiceNumber} {amountDue} {dueWhen}. Pay: {payLink} Reply STOP to opt out.',
  quietHoursStart: null,
  quietHoursEnd: null,
  lateFeeType: 'none',
  lateFeeValue: null,
  lateFeeRecurrence: 'once',
  lateFeeGraceDays: 0,
  ...over,
});
const save = async (body: PaymentReminderSettingsInput, kit = a) => {
  const res = await t.call({ method: 'PUT', url: '/api/payment-reminders/settings', cookie: kit.admin, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function sentInvoice(dueDate: string, rate = '200.00', kit = a): Promise<Invoice> {
  const res = await t.call({
    method: 'POST',
    url: '/api/invoices',
    cookie: kit.admin,
    payload: { customerId: kit.customerId, status: 'sent', dueDate, lineItems: [{ description: 'Boiler service', rate }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const timeline = async (id: number) => (await t.call({ url: `/api/invoices/${id}/reminders`, cookie: a.admin })).json() as InvoiceReminderTimeline;
const invoice = async (id: number) => (await t.call({ url: `/api/invoices/${id}`, cookie: a.admin })).json() as Invoice;

describe('payment reminders', () => {
  it('sends each step at 09:00 in the organization zone, once, with the pay link; steps it missed are skipped, not sent late', async () => {
    await save(settings());
    const inv = await sentInvoice('2027-03-10');
    const deps = transports(db);
    // 3 days before, 09:00 EST (UTC-5).
    expect(await runPaymentReminders(deps, at('2027-03-07T13:59:00Z'))).toMatchObject({ claimed: 0 });
    expect(await runPaymentReminders(deps, at('2027-03-07T14:00:00Z'))).toMatchObject({ planned: 1, claimed: 1, sent: 1 });
    expect(await runPaymentReminders(deps, at('2027-03-07T15:00:00Z'))).toMatchObject({ planned: 0, claimed: 0 });
    const [mail] = await db.select().from(outbox);
    expect(mail).toMatchObject({ channel: 'email', to: 'pat@example.com', subject: `Invoice ${inv.invoiceNumber}: $200.00 due in 3 days` });
    expect(mail.text).toMatch(/Pay here: https:\/\/tradebook\.test\/payment\/[\w-]{32}$/);

    // After the clocks go forward on March 14, 09:00 EDT is 13:00 UTC: the 7-day step goes, the due-date one it missed is skipped.
    expect(await runPaymentReminders(deps, at('2027-03-17T13:00:00Z'))).toMatchObject({ planned: 1, sent: 1 });
    const last = (await db.select().from(outbox).orderBy(outbox.id)).at(-1)!;
    expect(last.subject).toBe(`Invoice ${inv.invoiceNumber}: $200.00 7 days overdue`);
    expect((await timeline(inv.id)).reminders.map((r) => [r.days, r.channel, r.status, r.note])).toEqual([
      [-3, 'email', 'sent', null],
      [0, 'email', 'skipped', 'A later reminder went instead'],
      [7, 'email', 'sent', null],
    ]);
  });

  it('never sends once the invoice is paid, voided or credited, even a reminder already written', async () => {
    await save(settings({ steps: [{ days: 0, enabled: true, email: true, sms: false }] }));
    const voided = await sentInvoice('2027-04-01');
    const paid = await sentInvoice('2027-04-01');
    const due = at('2027-04-01T13:00:00Z');
    const { planPaymentReminders } = await import('../features/payment-reminders/plan-payment-reminders');
    expect(await planPaymentReminders(db, due)).toMatchObject({ planned: 2 });
    await t.call({ method: 'POST', url: `/api/invoices/${voided.id}/void`, cookie: a.admin, payload: { reason: 'Billed twice' } });
    const payment = await t.call({ method: 'POST', url: '/api/payments', cookie: a.admin, payload: { invoiceId: paid.id, amount: '200.00', paymentMethod: 'check' } });
    expect(payment.statusCode, payment.body).toBe(201);
    expect(await runPaymentReminders(transports(db), due)).toMatchObject({ claimed: 2, sent: 0, skipped: 2 });
    expect(await db.$count(outbox)).toBe(0);
    expect((await timeline(voided.id)).reminders[0]).toMatchObject({ status: 'skipped', note: 'The invoice was voided' });
    expect((await timeline(paid.id)).reminders[0]).toMatchObject({ status: 'skipped', note: 'Paid before it was due to go out' });
  });

  it('waits out the quiet hours in the organization zone, and texts as well as e-mails', async () => {
    await save(settings({ steps: [{ days: 0, enabled: true, email: true, sms: true }], quietHoursStart: '21:00', quietHoursEnd: '10:30' }));
    await t.call({ method: 'PUT', url: `/api/customers/${a.customerId}`, cookie: a.admin, payload: { phone: '(217) 555-0142' } });
    const inv = await sentInvoice('2027-05-03');
    const deps = transports(db);
    // 09:00 EDT is inside 21:00-10:30: both wait until 10:30 EDT (14:30 UTC).
    expect(await runPaymentReminders(deps, at('2027-05-03T13:00:00Z'))).toMatchObject({ claimed: 2, deferred: 2, sent: 0 });
    expect((await timeline(inv.id)).reminders.map((r) => [r.status, r.dueAt, r.attempts])).toEqual([
      ['pending', '2027-05-03T14:30:00.000Z', 0],
      ['pending', '2027-05-03T14:30:00.000Z', 0],
    ]);
    expect(await runPaymentReminders(deps, at('2027-05-03T14:29:00Z'))).toMatchObject({ claimed: 0 });
    expect(await runPaymentReminders(deps, at('2027-05-03T14:30:00Z'))).toMatchObject({ claimed: 2, sent: 2 });
    const sms = await db.select().from(outbox).where(eq(outbox.channel, 'sms'));
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ to: '+12175550142' });
    expect(sms[0].text).toMatch(new RegExp(`^Chase Plumbing: ${inv.invoiceNumber} \\$200\\.00 due today\\. Pay: https://tradebook\\.test/payment/[\\w-]{32} Reply STOP to opt out\\.$`));
    await t.call({ method: 'PUT', url: `/api/customers/${a.customerId}`, cookie: a.admin, payload: { phone: null } });
  });

  it('skips the text to a number that answered STOP, never retried, and still e-mails (docs/rules/messaging.md#sms-opt-outs)', async () => {
    await save(settings({ steps: [{ days: 0, enabled: true, email: true, sms: true }] }));
    await t.call({ method: 'PUT', url: `/api/customers/${a.customerId}`, cookie: a.admin, payload: { phone: '(217) 555-0143' } });
    await db.insert(smsOptOuts).values({ phone: '+12175550143', keyword: 'STOP' }).onConflictDoNothing();
    const inv = await sentInvoice('2027-05-04');
    const deps = transports(db);
    expect(await runPaymentReminders(deps, at('2027-05-04T13:00:00Z'))).toMatchObject({ claimed: 2, sent: 1, skipped: 1, retrying: 0 });
    expect((await timeline(inv.id)).reminders.map((r) => [r.channel, r.status, r.note])).toEqual(
      expect.arrayContaining([
        ['email', 'sent', null],
        ['sms', 'skipped', 'The customer opted out of text messages (replied STOP)'],
      ]),
    );
    expect(await runPaymentReminders(deps, at('2027-05-04T13:30:00Z'))).toMatchObject({ claimed: 0 });
    expect((await db.select().from(outbox).where(eq(outbox.channel, 'sms'))).map((m) => m.status)).toEqual(['opted_out']);
    await db.delete(smsOptOuts);
    await t.call({ method: 'PUT', url: `/api/customers/${a.customerId}`, cookie: a.admin, payload: { phone: null } });
  });

  it('retries a refused send twice more, then gives up and tells billing staff; an interrupted send is never sent again', async () => {
    await save(settings({ steps: [{ days: 1, enabled: true, email: true, sms: false }] }));
    const inv = await sentInvoice('2027-06-01');
    const calls: MailMessage[] = [];
    const refusing = { async send(m: MailMessage): Promise<DeliveryResult> {
      calls.push(m);
      return { outboxId: 0, status: 'failed', error: '550 Mailbox unavailable' };
    } };
    const deps = transports(db, { transport: 'smtp', ...refusing } as ReturnType<typeof createMailer>);
    expect(await runPaymentReminders(deps, at('2027-06-02T13:00:00Z'))).toMatchObject({ retrying: 1 });
    expect(await runPaymentReminders(deps, at('2027-06-02T13:05:00Z'))).toMatchObject({ claimed: 0 });
    expect(await runPaymentReminders(deps, at('2027-06-02T13:10:00Z'))).toMatchObject({ retrying: 1 });
    expect(await runPaymentReminders(deps, at('2027-06-02T13:20:00Z'))).toMatchObject({ failed: 1 });
    expect(calls).toHaveLength(3);
    expect((await timeline(inv.id)).reminders[0]).toMatchObject({ status: 'failed', attempts: 3, note: '550 Mailbox unavailable' });
    const told = await db.select().from(notifications).where(and(eq(notifications.type, 'reminder_failed'), eq(notifications.entityId, inv.id)));
    expect(told.length).toBeGreaterThan(0);

    // A worker that stopped after claiming leaves the row `sending`: once its claim lapses it is failed, not sent.
    const other = await sentInvoice('2027-06-01');
    await db.insert(invoiceReminders).values({
      organizationId: a.org.id,
      invoiceId: other.id,
      days: 1,
      channel: 'email',
      status: 'sending',
      dueAt: at('2027-06-02T13:00:00Z'),
      attempts: 1,
      lockedUntil: at('2027-06-02T13:02:00Z'),
    });
    expect(await runPaymentReminders(transports(db), at('2027-06-02T13:03:00Z'))).toMatchObject({ interrupted: 1, sent: 0 });
    expect((await timeline(other.id)).reminders[0]).toMatchObject({ status: 'failed' });
    expect(await db.$count(outbox)).toBe(0);
  });
});

describe('late fees', () => {
  it('adds a fixed fee once after the grace days, as a line of its own', async () => {
    await save(settings({ enabled: false, lateFeeType: 'fixed', lateFeeValue: '25.00', lateFeeGraceDays: 5 }));
    const inv = await sentInvoice('2027-07-01');
    const deps = transports(db);
    expect(await runPaymentReminders(deps, at('2027-07-06T15:00:00Z'))).toMatchObject({ lateFees: 0 });
    expect(await runPaymentReminders(deps, at('2027-07-07T15:00:00Z'))).toMatchObject({ lateFees: 1 });
    expect(await runPaymentReminders(deps, at('2027-09-07T15:00:00Z'))).toMatchObject({ lateFees: 0 });
    const after = await invoice(inv.id);
    expect(after).toMatchObject({ subtotal: '225.00', total: '225.00', balanceDue: '225.00' });
    expect(after.lineItems.map((l) => [l.description, l.amount])).toEqual([
      ['Boiler service', '200.00'],
      ['Late fee', '25.00'],
    ]);
    expect((await timeline(inv.id)).lateFees.map((f) => [f.period, f.amount])).toEqual([[1, '25.00']]);
  });

  it('adds a percent fee each month on what is owed then, catching up months it missed, each once', async () => {
    await save(settings({ enabled: false, lateFeeType: 'percent', lateFeeValue: '1.5', lateFeeRecurrence: 'monthly', lateFeeGraceDays: 10 }));
    const inv = await sentInvoice('2027-08-01', '1000.00');
    // 11 days late: month 1 (1.5 % of 1000 = 15.00); 71 days late: months 2 and 3 (of 1015.00, then of 1030.23).
    expect(await runPaymentReminders(transports(db), at('2027-08-12T15:00:00Z'))).toMatchObject({ lateFees: 1 });
    expect(await runPaymentReminders(transports(db), at('2027-10-11T15:00:00Z'))).toMatchObject({ lateFees: 2 });
    expect((await timeline(inv.id)).lateFees.map((f) => [f.period, f.amount])).toEqual([
      [1, '15.00'],
      [2, '15.23'],
      [3, '15.45'],
    ]);
    expect((await invoice(inv.id)).total).toBe('1045.68');
  });
});

describe('several app instances at once', () => {
  it('send every reminder and add every late fee exactly once', async () => {
    await save(settings({ steps: [{ days: 2, enabled: true, email: true, sms: false }], lateFeeType: 'fixed', lateFeeValue: '10.00', lateFeeGraceDays: 1 }));
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await sentInvoice('2027-09-01', `${100 + i}.00`)).id);
    // On PostgreSQL each instance has its own connection pool, like another app server.
    const seconds: Database[] = [];
    const pgAdminUrl = inject('pgAdminUrl');
    if (t.database.kind === 'postgres' && pgAdminUrl) {
      const [{ name }] = (await t.database.query('select current_database() as name')).rows as { name: string }[];
      const url = new URL(pgAdminUrl);
      url.pathname = `/${name}`;
      for (let i = 0; i < 3; i++) seconds.push(await openDatabase({ databaseUrl: url.toString(), poolSize: 3 }));
    }
    try {
      const now = at('2027-09-03T14:00:00Z');
      const dbs = seconds.length > 0 ? [db, ...seconds.map((s) => s.db)] : [db, db, db, db];
      const runs = await Promise.all(dbs.map((d) => runPaymentReminders(transports(d), now)));
      expect(runs.reduce((s, r) => s + r.sent, 0)).toBe(12);
      expect(runs.reduce((s, r) => s + r.lateFees, 0)).toBe(12);
      const mails = await db.select({ to: outbox.to, subject: outbox.subject }).from(outbox);
      expect(mails).toHaveLength(12);
      expect(new Set(mails.map((m) => m.subject)).size).toBe(12);
      for (const id of ids) {
        const inv = await invoice(id);
        expect(inv.lineItems.filter((l) => l.description === 'Late fee')).toHaveLength(1);
      }
    } finally {
      for (const s of seconds) await s.close();
    }
  });
});

describe('settings', () => {
  it('answers the defaults until saved, off; only the organization admin saves them, and bad entries are named by field', async () => {
    const fresh = await orgKit(t);
    const defaults = (await t.call({ url: '/api/payment-reminders/settings', cookie: fresh.manager })).json();
    expect(defaults).toMatchObject({ enabled: false, lateFeeType: 'none', timeZone: 'America/New_York', steps: DEFAULT_REMINDER_STEPS });
    expect((await t.call({ method: 'PUT', url: '/api/payment-reminders/settings', cookie: fresh.manager, payload: settings() })).statusCode).toBe(403);
    const bad = await t.call({
      method: 'PUT',
      url: '/api/payment-reminders/settings',
      cookie: fresh.admin,
      payload: settings({
        steps: [
          { days: 7, enabled: true, email: true, sms: false },
          { days: 7, enabled: true, email: false, sms: false },
        ],
        quietHoursStart: '21:00',
        lateFeeType: 'percent',
        lateFeeValue: '150',
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'steps.1.days', message: 'Each reminder needs its own day' },
        { path: 'steps.1.email', message: 'Choose e-mail, text message or both' },
        { path: 'quietHoursEnd', message: 'Set both ends of the quiet hours, or neither' },
        { path: 'lateFeeValue', message: 'A percent late fee is at most 100' },
      ]),
    );
    const saved = await save(settings({ steps: [{ days: 14, enabled: true, email: true, sms: false }, { days: -2, enabled: false, email: true, sms: false }] }), fresh);
    expect(saved.steps.map((s: { days: number }) => s.days)).toEqual([-2, 14]);
  });
});

describe('what reminders collected', () => {
  it('counts payments received after a reminder went out, the reminders sent and the late fees, in Payment Analytics', async () => {
    const now = new Date();
    const dueDay = new Date(now.getTime() - 8 * 86_400_000).toISOString().slice(0, 10);
    await save(settings({ steps: [{ days: 7, enabled: true, email: true, sms: false }], lateFeeType: 'fixed', lateFeeValue: '20.00', lateFeeGraceDays: 5 }));
    const reminded = await sentInvoice(dueDay, '300.00');
    const quiet = await sentInvoice(dueDay, '100.00');
    // The quiet one is paid before the job runs: no reminder goes to it, and its payment is not counted.
    await t.call({ method: 'POST', url: '/api/payments', cookie: a.admin, payload: { invoiceId: quiet.id, amount: '100.00', paymentMethod: 'check' } });
    expect(await runPaymentReminders(transports(db), now)).toMatchObject({ sent: 1, lateFees: 1 });
    const pay = await t.call({ method: 'POST', url: '/api/payments', cookie: a.admin, payload: { invoiceId: reminded.id, amount: '320.00', paymentMethod: 'card' } });
    expect(pay.statusCode, pay.body).toBe(201);
    const figures = (await t.call({ url: '/api/reports/payment-analytics', cookie: a.admin })).json();
    expect(figures.reminderResults).toEqual({
      collected: { total: '320.00', count: 1 },
      remindersSent: 1,
      lateFees: { total: '20.00', count: 1 },
      autoPay: { total: '0.00', count: 0 },
    });
  });
});
