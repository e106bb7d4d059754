// Recurring billing and auto-pay (docs/rules/money-and-payments.md#recurring-invoices, #auto-pay): each period invoiced
// once even after downtime and across instances; invoices to customers on auto-pay charged once, with a receipt, or
// a decline that falls back to the pay link.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Invoice } from '../../contracts/invoices';
import { periodDate, type CreateRecurringInvoiceInput, type RecurringInvoice } from '../../contracts/recurring-invoices';
import { createMailer } from '../adapters/mail/mailer';
import { openDatabase, type Database, type Db } from '../db/client';
import { customers, invoices, notifications, outbox, payments, recurringInvoices, savedPaymentMethods } from '../db/schema/index';
import { orgKit, type OrgKit } from '../features/documents/documents.test-kit';
import { createTestApp, type TestApp } from '../test/test-app';
import { wallClockAt } from '../platform/wall-clock';
import { runRecurringBilling } from './recurring-billing';

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
beforeEach(async () => {
  // The job works across organizations: schedules and auto-pay of earlier tests are cleared.
  await db.delete(recurringInvoices);
  await db.update(invoices).set({ autoPayState: null });
  await db.delete(outbox);
  a = await orgKit(t, { name: 'Green Lawns' });
});

const deps = (database: Db) => ({
  db: database,
  mailer: createMailer({ db: database, from: 'test@example.com' }),
  config: { appUrl: 'https://tradebook.test', APP_SECRET: t.config.APP_SECRET, STRIPE_API_BASE: undefined },
});
const at = (iso: string) => new Date(iso);

async function schedule(input: Partial<CreateRecurringInvoiceInput> = {}): Promise<RecurringInvoice> {
  const res = await t.call({
    method: 'POST',
    url: '/api/recurring-invoices',
    cookie: a.admin,
    payload: {
      customerId: a.customerId,
      title: 'Lawn care plan',
      frequency: 'monthly',
      startDate: '2027-01-31',
      lineItems: [{ description: 'Monthly mowing', quantity: 4, rate: '45.00' }],
      ...input,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const made = async (id: number) =>
  (await db.select().from(invoices).where(and(eq(invoices.organizationId, a.org.id), eq(invoices.recurringInvoiceId, id))).orderBy(invoices.recurringDate));
const invoiceOf = async (id: number) => (await t.call({ url: `/api/invoices/${id}`, cookie: a.admin })).json() as Invoice;

async function saveCard(last4: string) {
  await db.update(customers).set({ autoPayEnabled: true }).where(eq(customers.id, a.customerId));
  await db.insert(savedPaymentMethods).values({
    organizationId: a.org.id,
    customerId: a.customerId,
    processor: 'test',
    providerMethodId: `tgpm_test_${last4}_${a.org.id}`,
    brand: 'visa',
    last4,
    expiryMonth: 12,
    expiryYear: 2035,
    isDefault: true,
  });
}

describe('the schedule', () => {
  it('keeps the day of the month, or the last day of a shorter month, without drifting', () => {
    const monthly = { frequency: 'monthly' as const, interval: 1, startDate: '2027-01-31' };
    expect([0, 1, 2, 3, 12, 13].map((k) => periodDate(monthly, k))).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2028-01-31', '2028-02-29']);
    expect([0, 1, 2].map((k) => periodDate({ frequency: 'weekly', interval: 2, startDate: '2027-03-08' }, k))).toEqual(['2027-03-08', '2027-03-22', '2027-04-05']);
    expect([0, 1, 4].map((k) => periodDate({ frequency: 'quarterly', interval: 1, startDate: '2027-11-30' }, k))).toEqual(['2027-11-30', '2028-02-29', '2028-11-30']);
    expect([0, 1, 4].map((k) => periodDate({ frequency: 'yearly', interval: 1, startDate: '2028-02-29' }, k))).toEqual(['2028-02-29', '2029-02-28', '2032-02-29']);
  });
});

describe('recurring invoices', () => {
  it('invoices each period once, catches up the periods it was down for, and ends after its count', async () => {
    const r = await schedule({ maxCount: 3, dueDays: 15 });
    expect(r).toMatchObject({ status: 'active', nextDate: '2027-01-31', total: '180.00', generatedCount: 0 });
    // 09:59 on Jan 30 in New York is still the 30th: nothing yet.
    expect(await runRecurringBilling(deps(db), at('2027-01-31T04:59:00Z'))).toMatchObject({ invoices: 0 });
    expect(await runRecurringBilling(deps(db), at('2027-01-31T05:00:00Z'))).toMatchObject({ invoices: 1, mailed: 1 });
    expect(await runRecurringBilling(deps(db), at('2027-01-31T18:00:00Z'))).toMatchObject({ invoices: 0 });
    // Down through February and March: both periods are billed on the next run, then the schedule has ended.
    expect(await runRecurringBilling(deps(db), at('2027-04-15T15:00:00Z'))).toMatchObject({ invoices: 2, mailed: 2 });
    expect(await runRecurringBilling(deps(db), at('2027-06-15T15:00:00Z'))).toMatchObject({ invoices: 0 });
    const rows = await made(r.id);
    expect(rows.map((i) => [i.recurringDate, i.status, i.total, i.dueDate?.toISOString().slice(0, 10)])).toEqual([
      ['2027-01-31', 'sent', '180.00', '2027-02-15'],
      ['2027-02-28', 'sent', '180.00', '2027-03-15'],
      ['2027-03-31', 'sent', '180.00', '2027-04-15'],
    ]);
    const after = (await t.call({ url: `/api/recurring-invoices/${r.id}`, cookie: a.admin })).json() as RecurringInvoice;
    expect(after).toMatchObject({ status: 'ended', nextDate: null, generatedCount: 3 });
    expect(after.invoices.map((i) => i.date)).toEqual(['2027-03-31', '2027-02-28', '2027-01-31']);
    const mail = await db.select().from(outbox);
    expect(mail).toHaveLength(3);
    expect(mail[0]).toMatchObject({ to: 'pat@example.com' });
    expect(mail[0].subject).toMatch(/^Service Bill INV-\d{5} from Green Lawns$/);
  });

  it('pauses, resumes from the next period, and leaves a draft when not to be sent', async () => {
    const r = await schedule({ frequency: 'weekly', interval: 2, startDate: '2027-03-01', sendEmail: false });
    await runRecurringBilling(deps(db), at('2027-03-01T15:00:00Z'));
    const paused = await t.call({ method: 'PUT', url: `/api/recurring-invoices/${r.id}`, cookie: a.admin, payload: { ...putBody(r), status: 'paused' } });
    expect(paused.json()).toMatchObject({ status: 'paused', nextDate: '2027-03-15' });
    expect(await runRecurringBilling(deps(db), at('2027-03-20T15:00:00Z'))).toMatchObject({ invoices: 0 });
    await t.call({ method: 'PUT', url: `/api/recurring-invoices/${r.id}`, cookie: a.admin, payload: { ...putBody(r), status: 'active' } });
    expect(await runRecurringBilling(deps(db), at('2027-03-20T15:00:00Z'))).toMatchObject({ invoices: 1, mailed: 0 });
    expect((await made(r.id)).map((i) => [i.recurringDate, i.status])).toEqual([
      ['2027-03-01', 'draft'],
      ['2027-03-15', 'draft'],
    ]);
    expect(await db.$count(outbox)).toBe(0);
  });

  it('after an edit of its dates, bills neither a period already billed nor the periods of the new dates already past', async () => {
    // Dates far ahead, so the real today is before all of them whenever this runs.
    const r = await schedule({ sendEmail: false, startDate: '2090-01-31' });
    await runRecurringBilling(deps(db), at('2090-01-31T15:00:00Z'));
    // Every 2 months from the same start: Jan 31 counts again, and the job skips it rather than billing it twice.
    const everyOther = await t.call({ method: 'PUT', url: `/api/recurring-invoices/${r.id}`, cookie: a.admin, payload: { ...putBody(r), interval: 2 } });
    expect(everyOther.json()).toMatchObject({ nextDate: '2090-01-31', generatedCount: 0 });
    expect(await runRecurringBilling(deps(db), at('2090-04-01T15:00:00Z'))).toMatchObject({ invoices: 1 });
    expect((await made(r.id)).map((i) => i.recurringDate)).toEqual(['2090-01-31', '2090-03-31']);

    // Moved to start years ago: the next period is the first one from today, and nothing past is billed.
    const moved = (await t.call({ method: 'PUT', url: `/api/recurring-invoices/${r.id}`, cookie: a.admin, payload: { ...putBody(r), startDate: '2020-01-15' } })).json() as RecurringInvoice;
    const today = wallClockAt(new Date(), 'America/New_York').slice(0, 10);
    expect(moved.nextDate! >= today).toBe(true);
    expect(moved.nextDate!.slice(8)).toBe('15');
    const now = await runRecurringBilling(deps(db), new Date());
    expect(now.invoices).toBe(moved.nextDate === today ? 1 : 0);
  });

  it('makes each period once when several app instances run at the same moment', async () => {
    const r = await schedule({ frequency: 'weekly', interval: 1, startDate: '2027-01-04' });
    const seconds: Database[] = [];
    const pgAdminUrl = inject('pgAdminUrl');
    if (t.database.kind === 'postgres' && pgAdminUrl) {
      const [{ name }] = (await t.database.query('select current_database() as name')).rows as { name: string }[];
      const url = new URL(pgAdminUrl);
      url.pathname = `/${name}`;
      for (let i = 0; i < 3; i++) seconds.push(await openDatabase({ databaseUrl: url.toString(), poolSize: 3 }));
    }
    try {
      const dbs = seconds.length > 0 ? [db, ...seconds.map((s) => s.db)] : [db, db, db, db];
      const runs = await Promise.all(dbs.map((d) => runRecurringBilling(deps(d), at('2027-03-01T15:00:00Z'))));
      // Jan 4 to Mar 1: nine Mondays.
      expect(runs.reduce((s, x) => s + x.invoices, 0)).toBe(9);
      expect((await made(r.id)).map((i) => i.recurringDate)).toEqual(Array.from({ length: 9 }, (_, k) => periodDate({ frequency: 'weekly', interval: 1, startDate: '2027-01-04' }, k)));
      expect(await db.$count(outbox)).toBe(9);
    } finally {
      for (const s of seconds) await s.close();
    }
  });

  it('refuses bad schedules by field, and another organization cannot see or change one', async () => {
    const bad = await t.call({
      method: 'POST',
      url: '/api/recurring-invoices',
      cookie: a.admin,
      payload: { customerId: a.customerId, title: 'X', frequency: 'daily', startDate: '2027-02-30', endDate: '2026-01-01', lineItems: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['frequency', 'startDate', 'lineItems']));
    const r = await schedule();
    const b = await orgKit(t);
    expect((await t.call({ url: `/api/recurring-invoices/${r.id}`, cookie: b.admin })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/recurring-invoices/${r.id}`, cookie: b.admin })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/recurring-invoices', cookie: b.admin, payload: { ...putBody(r), customerId: a.customerId } })).statusCode).toBe(400);
    expect((await t.call({ method: 'DELETE', url: `/api/recurring-invoices/${r.id}`, cookie: a.employee })).statusCode).toBe(403);
  });
});

function putBody(r: RecurringInvoice) {
  return {
    customerId: r.customerId,
    title: r.title,
    frequency: r.frequency,
    interval: r.interval,
    startDate: r.startDate,
    endDate: r.endDate,
    maxCount: r.maxCount,
    dueDays: r.dueDays,
    sendEmail: r.sendEmail,
    lineItems: r.lineItems,
  };
}

describe('auto-pay', () => {
  it('charges the saved card when the invoice is issued, once, and e-mails a receipt instead of the invoice', async () => {
    await saveCard('4242');
    const r = await schedule({ maxCount: 1 });
    const now = at('2027-01-31T15:00:00Z');
    const runs = await Promise.all([runRecurringBilling(deps(db), now), runRecurringBilling(deps(db), now)]);
    expect(runs.reduce((s, x) => s + x.charged, 0)).toBe(1);
    const [inv] = await made(r.id);
    const shown = await invoiceOf(inv.id);
    expect(shown).toMatchObject({ status: 'paid', balanceDue: '0.00', autoPayState: 'charged', autoPayNote: 'Charged $180.00 to the visa ending 4242' });
    const paid = await db.select().from(payments).where(and(eq(payments.organizationId, a.org.id), eq(payments.invoiceId, inv.id)));
    expect(paid.map((p) => [p.amount, p.method, p.processor, p.reference])).toEqual([['180.00', 'card', 'test', 'visa ending 4242']]);
    const mail = await db.select().from(outbox);
    expect(mail.map((m) => m.subject)).toEqual([`Receipt: $180.00 paid for invoice ${inv.invoiceNumber}`]);
    expect(mail[0].text).toContain('we charged $180.00 to your visa ending 4242');
    // A later run charges nothing more.
    expect(await runRecurringBilling(deps(db), at('2027-02-01T15:00:00Z'))).toMatchObject({ charged: 0 });
  });

  it('falls back to the invoice with its pay link when the card is declined, and tells billing staff', async () => {
    await saveCard('0341');
    const res = await t.call({
      method: 'POST',
      url: '/api/invoices',
      cookie: a.admin,
      payload: { customerId: a.customerId, status: 'sent', lineItems: [{ description: 'Tree removal', rate: '650.00' }] },
    });
    const id = res.json().id;
    expect((await invoiceOf(id)).autoPayState).toBe('due');
    expect(await runRecurringBilling(deps(db), at('2027-05-01T15:00:00Z'))).toMatchObject({ declined: 1 });
    expect(await invoiceOf(id)).toMatchObject({ status: 'sent', balanceDue: '650.00', autoPayState: 'declined', autoPayNote: 'Your card was declined.' });
    const [mail] = await db.select().from(outbox);
    expect(mail.text).toContain('We could not charge your visa ending 0341 for this invoice (Your card was declined.)');
    expect(mail.text).toMatch(/View and pay this service bill online: https:\/\/tradebook\.test\/customer-portal#token=/);
    const told = await db.select().from(notifications).where(and(eq(notifications.type, 'auto_pay_failed'), eq(notifications.entityId, id)));
    expect(told.length).toBeGreaterThan(0);
    expect(await db.$count(payments, and(eq(payments.organizationId, a.org.id), eq(payments.invoiceId, id)))).toBe(0);
  });

  it('lets the customer turn auto-pay on in the portal only with a saved card, and off again', async () => {
    const { createPortalLink } = await import('../features/documents/create-portal-link');
    const { token } = await createPortalLink(db, t.config, { organizationId: a.org.id, customerId: a.customerId, createdByUserId: null });
    const put = (enabled: boolean) => t.call({ method: 'PUT', url: `/api/customers/${a.customerId}/auto-pay?token=${token}`, payload: { enabled } });
    const refused = await put(true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Save a card first: auto-pay charges your saved card when an invoice is issued');
    await saveCard('4242');
    await db.update(customers).set({ autoPayEnabled: false }).where(eq(customers.id, a.customerId));
    expect((await put(true)).json()).toEqual({ autoPayEnabled: true });
    const portal = (await t.call({ url: `/api/portal?token=${token}` })).json();
    expect(portal.customer.autoPayEnabled).toBe(true);
    expect((await put(false)).json()).toEqual({ autoPayEnabled: false });
  });

  it('leaves a draft and a customer without auto-pay alone; a customer without a card gets the invoice', async () => {
    const draft = await t.call({ method: 'POST', url: '/api/invoices', cookie: a.admin, payload: { customerId: a.customerId, lineItems: [{ description: 'A', rate: 10 }] } });
    expect((await invoiceOf(draft.json().id)).autoPayState).toBeNull();
    const sent = await t.call({ method: 'POST', url: '/api/invoices', cookie: a.admin, payload: { customerId: a.customerId, status: 'sent', lineItems: [{ description: 'B', rate: 10 }] } });
    expect((await invoiceOf(sent.json().id)).autoPayState).toBeNull();
    await db.update(customers).set({ autoPayEnabled: true }).where(eq(customers.id, a.customerId));
    // A draft turned sent is issued too.
    await t.call({ method: 'PUT', url: `/api/invoices/${draft.json().id}`, cookie: a.admin, payload: { status: 'sent' } });
    expect(await runRecurringBilling(deps(db), at('2027-05-01T15:00:00Z'))).toMatchObject({ no_card: 1 });
    expect(await invoiceOf(draft.json().id)).toMatchObject({ autoPayState: 'no_card', autoPayNote: 'No saved card' });
    expect((await db.select().from(outbox))[0].text).toContain('We could not charge your card on file automatically: no saved card.');
  });
});
