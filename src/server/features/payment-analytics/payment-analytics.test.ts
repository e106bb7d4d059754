import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, customers, invoices, messageDeliveries, messages, outbox, paymentAttempts, paymentReminders, payments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { agingBucketOf } from './aging-sql';
import { oneDecimal } from './get-payment-analytics';

const DAY = 86_400_000;
const HOUR = 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Role = 'org_admin' | 'manager' | 'employee' | 'customer';
async function orgWithPeople() {
  const org = await t.createOrganization({ name: `Acme ${randomUUID().slice(0, 6)}`, email: 'office@acme.test' });
  const cookies = {} as Record<Role, string>;
  for (const role of ['org_admin', 'manager', 'employee', 'customer'] as Role[]) {
    cookies[role] = await t.cookieFor((await t.createUser({ role, organizationId: org.id })).id);
  }
  return { org, cookies };
}

async function customer(organizationId: number, values: Partial<typeof customers.$inferInsert> = {}) {
  const [c] = await t.database.db
    .insert(customers)
    .values({ organizationId, name: `Customer ${randomUUID().slice(0, 6)}`, ...values })
    .returning();
  return c;
}

let invoiceNo = 0;
async function invoice(organizationId: number, customerId: number, values: Partial<typeof invoices.$inferInsert> = {}) {
  const [i] = await t.database.db
    .insert(invoices)
    .values({ organizationId, customerId, invoiceNumber: `INV-T${String(++invoiceNo).padStart(4, '0')}`, status: 'sent', total: '100.00', ...values })
    .returning();
  return i;
}

async function payment(organizationId: number, invoiceId: number, amount: string, status = 'completed') {
  await t.database.db.insert(payments).values({ organizationId, invoiceId, amount, status });
}

async function attempt(organizationId: number, status: string, ageDays: number, paymentType: 'card' | 'bank' = 'card', source: 'staff' | 'portal' | null = null) {
  await t.database.db.insert(paymentAttempts).values({
    organizationId,
    amount: '10.00',
    paymentType,
    processor: 'test',
    status,
    idempotencyKey: randomUUID(),
    createdAt: new Date(Date.now() - ageDays * DAY),
    source,
  });
}

const ago = (days: number, extraMs = HOUR) => new Date(Date.now() - days * DAY - extraMs);
const get = (url: string, cookie?: string) => t.call({ url, cookie });
const post = (url: string, cookie: string, payload: object = {}) => t.call({ method: 'POST', url, cookie, payload });

describe('aging buckets', () => {
  it('puts 0-30 days in current and each further 30 days in the next bucket, over 120 last', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 120, 121, 5000].map(agingBucketOf)).toEqual([
      'current',
      'current',
      'current',
      'days30',
      'days30',
      'days60',
      'days60',
      'days90',
      'days90',
      'over90',
      'over90',
    ]);
  });

  it('rounds display figures to one decimal half away from zero', () => {
    expect(oneDecimal(22.45)).toBe(22.5);
    expect(oneDecimal(-2.45)).toBe(-2.5);
    expect(oneDecimal(-0.04)).toBe(0);
    expect(oneDecimal(28.3 - 30.8)).toBe(-2.5);
  });
});

describe('GET /api/reports/aging', () => {
  let org: { id: number };
  let cookies: Record<Role, string>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ org, cookies } = await orgWithPeople());
    const c = await customer(org.id, { name: 'Zoë Müller' });
    const mk = async (key: string, values: Partial<typeof invoices.$inferInsert>) => {
      ids[key] = (await invoice(org.id, c.id, values)).id;
    };
    await mk('future', { dueDate: new Date(Date.now() + 5 * DAY) });
    await mk('noDue', { dueDate: null, total: '12.34' });
    await mk('d30', { dueDate: ago(30), status: 'overdue' });
    await mk('d31', { dueDate: ago(31) });
    await mk('d60', { dueDate: ago(60) });
    await mk('d61', { dueDate: ago(61) });
    await mk('d90', { dueDate: ago(90) });
    await mk('d91', { dueDate: ago(91), status: 'overdue' });
    await mk('d120', { dueDate: ago(120) });
    await mk('d121', { dueDate: ago(121), total: '1000.10' });
    await mk('draft', { dueDate: ago(200), status: 'draft' });
    await mk('paid', { dueDate: ago(200), status: 'paid', paidDate: ago(1) });
    // Partly paid: only completed payments count against the balance.
    await payment(org.id, ids.d121, '333.37');
    await payment(org.id, ids.d121, '0.03');
    await payment(org.id, ids.d121, '500.00', 'failed');
    // Another organization's overdue invoice stays out.
    const other = await t.createOrganization();
    ids.other = (await invoice(other.id, (await customer(other.id)).id, { dueDate: ago(45) })).id;
  });

  it('buckets unpaid invoices by whole days past due, with the balance after completed payments', async () => {
    const res = await get('/api/reports/aging', cookies.manager);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const bucketIds = (k: string) => body[k].map((i: { id: number }) => i.id);
    // Oldest due date first; no due date last.
    expect(bucketIds('current')).toEqual([ids.d30, ids.future, ids.noDue]);
    expect(bucketIds('days30')).toEqual([ids.d60, ids.d31]);
    expect(bucketIds('days60')).toEqual([ids.d90, ids.d61]);
    expect(bucketIds('days90')).toEqual([ids.d120, ids.d91]);
    expect(bucketIds('over90')).toEqual([ids.d121]);
    expect(body.over90[0]).toEqual({
      id: ids.d121,
      invoiceNumber: expect.stringMatching(/^INV-T\d{4}$/),
      customerId: expect.any(Number),
      customerName: 'Zoë Müller',
      status: 'sent',
      total: '1000.10',
      balanceDue: '666.70',
      dueDate: expect.stringMatching(/Z$/),
      daysOverdue: 121,
    });
    const noDue = body.current.find((i: { id: number }) => i.id === ids.noDue);
    expect(noDue).toMatchObject({ total: '12.34', balanceDue: '12.34', dueDate: null, daysOverdue: 0 });
    expect(body.current.find((i: { id: number }) => i.id === ids.future).daysOverdue).toBe(0);
    expect(body.current.find((i: { id: number }) => i.id === ids.d30)).toMatchObject({ status: 'overdue', daysOverdue: 30 });
  });

  it('is for staff who see financials: org admin and manager yes, employee and customer no', async () => {
    expect((await get('/api/reports/aging', cookies.org_admin)).statusCode).toBe(200);
    expect((await get('/api/reports/aging', cookies.employee)).statusCode).toBe(403);
    expect((await get('/api/reports/aging', cookies.customer)).statusCode).toBe(403);
    expect((await get('/api/reports/aging')).statusCode).toBe(401);
  });

  it('lets a super user see every organization or narrow to one', async () => {
    const su = await t.cookieFor((await t.createUser({ role: 'super_user', organizationId: null })).id);
    const all = (await get('/api/reports/aging', su)).json();
    expect(all.days30.map((i: { id: number }) => i.id)).toContain(ids.other);
    const one = (await get(`/api/reports/aging?organizationId=${org.id}`, su)).json();
    expect(one.days30.map((i: { id: number }) => i.id)).toEqual([ids.d60, ids.d31]);
    const bad = await get('/api/reports/aging?organizationId=abc', su);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('organizationId');
  });
});

describe('GET /api/reports/aging: exact totals and paged lists', () => {
  let cookie: string;
  const days30: number[] = [];
  const over90: number[] = [];

  beforeAll(async () => {
    const { org, cookies } = await orgWithPeople();
    cookie = cookies.manager;
    const c = await customer(org.id);
    // 31-60: seven owed, oldest due first 37 days ago; one partly paid, one covered by payments (owes nothing).
    for (let k = 0; k < 7; k++) days30.unshift((await invoice(org.id, c.id, { dueDate: ago(31 + k), total: `${10 + k}.05` })).id);
    await payment(org.id, days30[0], '4.00');
    await payment(org.id, days30[0], '9.99', 'failed');
    const covered = await invoice(org.id, c.id, { dueDate: ago(40), total: '50.00' });
    await payment(org.id, covered.id, '50.00');
    // Over 120: 27 owed of 1.00 each, more than one default page.
    const rows = Array.from({ length: 27 }, (_, k) => ({
      organizationId: org.id,
      customerId: c.id,
      invoiceNumber: `INV-P${String(++invoiceNo).padStart(4, '0')}`,
      status: 'overdue',
      total: '1.00',
      dueDate: ago(200 + k),
    }));
    const made = await t.database.db.insert(invoices).values(rows).returning({ id: invoices.id });
    over90.push(...made.map((m) => m.id).reverse());
  });

  it('counts and sums every bucket exactly in totals, however few invoices the lists hold', async () => {
    const expected = {
      current: { count: 0, total: '0.00', balanceDue: '0.00' },
      // 10.05 + 11.05 + ... + 16.05 = 91.35; 4.00 paid on the oldest.
      days30: { count: 7, total: '91.35', balanceDue: '87.35' },
      days60: { count: 0, total: '0.00', balanceDue: '0.00' },
      days90: { count: 0, total: '0.00', balanceDue: '0.00' },
      over90: { count: 27, total: '27.00', balanceDue: '27.00' },
    };
    for (const query of ['', '?limit=1', '?bucket=days60', '?bucket=over90&offset=26']) {
      const res = await get(`/api/reports/aging${query}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().totals).toEqual(expected);
    }
    const first = (await get('/api/reports/aging', cookie)).json();
    // The default page is 25 invoices a bucket.
    expect(first.over90).toHaveLength(25);
    expect(first.days30.map((i: { id: number }) => i.id)).toEqual(days30);
    expect(first.days30[0]).toMatchObject({ total: '16.05', balanceDue: '12.05', daysOverdue: 37 });
  });

  it('pages one bucket with offset and limit, oldest due first, every invoice once', async () => {
    const seen: number[] = [];
    for (let offset = 0; offset < 30; offset += 10) {
      const body = (await get(`/api/reports/aging?bucket=over90&offset=${offset}&limit=10`, cookie)).json();
      expect(body.current).toEqual([]);
      expect(body.days30).toEqual([]);
      seen.push(...body.over90.map((i: { id: number }) => i.id));
    }
    expect(seen).toEqual(over90);
    const paged = (await get('/api/reports/aging?bucket=days30&offset=5&limit=5', cookie)).json();
    expect(paged.days30.map((i: { id: number }) => i.id)).toEqual(days30.slice(5));
  });

  it('refuses a bucket, offset or limit out of range', async () => {
    for (const [query, path] of [
      ['bucket=days15', 'bucket'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['offset=-1', 'offset'],
    ]) {
      const res = await get(`/api/reports/aging?${query}`, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe(path);
    }
  });
});

describe('GET /api/reports/payment-analytics', () => {
  it('answers null figures, never made-up ones, when there is no data', async () => {
    const { cookies } = await orgWithPeople();
    const res = await get('/api/reports/payment-analytics', cookies.manager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      outstandingBalance: { total: '0.00', count: 0 },
      overdueAmount: { total: '0.00', count: 0 },
      avgPaymentTime: { days: null, previousDays: null, changeDays: null },
      successRate: { percent: null, previousPercent: null, changePoints: null },
      publicLinkAttempts: { succeeded: 0, attempted: 0 },
      corrections: { refunds: { total: '0.00', count: 0 }, creditNotes: { total: '0.00', count: 0 } },
      depositsHeld: { total: '0.00', count: 0 },
      reminderResults: {
        collected: { total: '0.00', count: 0 },
        remindersSent: 0,
        lateFees: { total: '0.00', count: 0 },
        autoPay: { total: '0.00', count: 0 },
      },
      customerAnalysis: {
        totalCustomers: 0,
        autoPay: 0,
        portalAccess: 0,
        preferCard: 0,
        preferBank: 0,
        paymentTerms: { net15: 0, net30: 0, net45: 0, net60: 0, due_on_receipt: 0 },
      },
      recommended: {
        overdueCustomers: 0,
        reminders: { ready: 0, recent: 0, withoutEmail: 0 },
        withoutPortal: 0,
        cardWithoutAutoPay: 0,
        invites: { ready: 0, recent: 0, withoutEmail: 0 },
      },
    });
  });

  it('computes every card, the comparisons with the previous 90 days and the customer analysis', async () => {
    const { org, cookies } = await orgWithPeople();
    const id = org.id;
    const a = await customer(id, { paymentTerms: 'net15', preferredPaymentMethod: 'card', autoPayEnabled: true });
    const b = await customer(id, { paymentTerms: 'net15', preferredPaymentMethod: 'card', portalAccessEnabled: false });
    const c = await customer(id, { paymentTerms: 'due_on_receipt', preferredPaymentMethod: 'bank_transfer', portalAccessEnabled: false });
    const d = await customer(id, { paymentTerms: 'net60', preferredPaymentMethod: 'cash' });
    await customer(id);
    // Outstanding: balances due of sent and overdue-status invoices; drafts and paid ones stay out.
    await invoice(id, a.id, { total: '100.10', dueDate: new Date(Date.now() + DAY) });
    await invoice(id, b.id, { total: '200.20', dueDate: ago(45) });
    await invoice(id, c.id, { total: '50.05', dueDate: ago(130), status: 'overdue' });
    await invoice(id, d.id, { total: '9.99', dueDate: ago(10) });
    await invoice(id, d.id, { total: '999.00', dueDate: ago(300), status: 'draft' });
    // Paid in the last 90 days after 10 and 35 days; in the 90 before after 30 days; older ones ignored.
    await invoice(id, a.id, { status: 'paid', createdAt: ago(20, 0), paidDate: ago(10, 0) });
    await invoice(id, a.id, { status: 'paid', createdAt: ago(40, 0), paidDate: ago(5, 0) });
    await invoice(id, a.id, { status: 'paid', createdAt: ago(130, 0), paidDate: ago(100, 0) });
    await invoice(id, a.id, { status: 'paid', createdAt: ago(400, 0), paidDate: ago(200, 0) });
    // Succeeded over decided card and bank attempts: 3 of 4 now, 1 of 2 before.
    for (const s of ['succeeded', 'succeeded', 'failed']) await attempt(id, s, 3);
    await attempt(id, 'succeeded', 80, 'bank');
    await attempt(id, 'pending', 2);
    await attempt(id, 'succeeded', 100);
    await attempt(id, 'failed', 170, 'bank');
    await attempt(id, 'failed', 200);

    const res = await get('/api/reports/payment-analytics', cookies.manager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      outstandingBalance: { total: '360.34', count: 4 },
      overdueAmount: { total: '250.25', count: 2 },
      avgPaymentTime: { days: 22.5, previousDays: 30, changeDays: -7.5 },
      successRate: { percent: 75, previousPercent: 50, changePoints: 25 },
      publicLinkAttempts: { succeeded: 0, attempted: 0 },
      corrections: { refunds: { total: '0.00', count: 0 }, creditNotes: { total: '0.00', count: 0 } },
      depositsHeld: { total: '0.00', count: 0 },
      reminderResults: {
        collected: { total: '0.00', count: 0 },
        remindersSent: 0,
        lateFees: { total: '0.00', count: 0 },
        autoPay: { total: '0.00', count: 0 },
      },
      customerAnalysis: {
        totalCustomers: 5,
        autoPay: 1,
        portalAccess: 3,
        preferCard: 2,
        preferBank: 1,
        paymentTerms: { net15: 2, net30: 1, net45: 0, net60: 1, due_on_receipt: 1 },
      },
      recommended: {
        overdueCustomers: 3,
        reminders: { ready: 0, recent: 0, withoutEmail: 3 },
        withoutPortal: 2,
        cardWithoutAutoPay: 1,
        invites: { ready: 0, recent: 0, withoutEmail: 1 },
      },
    });

    expect((await get('/api/reports/payment-analytics', cookies.org_admin)).statusCode).toBe(200);
    expect((await get('/api/reports/payment-analytics', cookies.employee)).statusCode).toBe(403);
    expect((await get('/api/reports/payment-analytics', cookies.customer)).statusCode).toBe(403);
  });
});

describe('public payment link attempts', () => {
  const CARD_OK = { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' };
  const CARD_DECLINED = { ...CARD_OK, number: '4000000000000002' };
  let payer = 0;
  /** Someone without an account pays through the organization's generic link, each from an address of their own. */
  async function payThroughLink(linkId: string, card: typeof CARD_OK) {
    const ip = `203.0.113.${++payer}`;
    const started = await t.call({ method: 'POST', url: `/api/public/payment-links/${linkId}/payment-intent`, remoteAddress: ip, payload: { amount: '5.00', customerName: 'Anon', description: 'Card check' } });
    expect(started.statusCode, started.body).toBe(200);
    return t.call({ method: 'POST', url: '/api/payment-intents/confirm', remoteAddress: ip, payload: { clientSecret: started.json().clientSecret, card } });
  }

  it('30 anonymous declined cards leave the success rate of staff and portal payments unchanged and show apart', async () => {
    const { org, cookies } = await orgWithPeople();
    // 16 of 17 by staff and the portal (and rows from before the source was recorded): 94.1%.
    for (let i = 0; i < 6; i++) await attempt(org.id, 'succeeded', 2, 'card', 'staff');
    for (let i = 0; i < 6; i++) await attempt(org.id, 'succeeded', 3, 'card', 'portal');
    for (let i = 0; i < 4; i++) await attempt(org.id, 'succeeded', 4, 'bank', null);
    await attempt(org.id, 'failed', 5, 'card', 'portal');
    const before = (await get('/api/reports/payment-analytics', cookies.manager)).json();
    expect(before.successRate.percent).toBe(94.1);
    expect(before.publicLinkAttempts).toEqual({ succeeded: 0, attempted: 0 });

    const link = await post('/api/generic-payment-links', cookies.org_admin, { organizationId: org.id });
    expect(link.statusCode, link.body).toBe(201);
    for (let i = 0; i < 30; i++) expect((await payThroughLink(link.json().linkId, CARD_DECLINED)).statusCode).toBe(402);
    expect((await payThroughLink(link.json().linkId, CARD_OK)).statusCode).toBe(200);

    const after = (await get('/api/reports/payment-analytics', cookies.manager)).json();
    // Counted together the rate would read 17 of 48 (35.4%).
    expect(after.successRate).toEqual(before.successRate);
    expect(after.publicLinkAttempts).toEqual({ succeeded: 1, attempted: 31 });
    const rows = await t.database.db.select().from(paymentAttempts).where(and(eq(paymentAttempts.organizationId, org.id), eq(paymentAttempts.source, 'link')));
    expect(rows).toHaveLength(31);
  });

  it('tells link attempts from before the source was recorded by their link', async () => {
    const { org, cookies } = await orgWithPeople();
    await attempt(org.id, 'succeeded', 1, 'card', 'staff');
    const link = await post('/api/generic-payment-links', cookies.org_admin, { organizationId: org.id });
    expect((await payThroughLink(link.json().linkId, CARD_DECLINED)).statusCode).toBe(402);
    await t.database.db.update(paymentAttempts).set({ source: null }).where(and(eq(paymentAttempts.organizationId, org.id), eq(paymentAttempts.source, 'link')));
    const figures = (await get('/api/reports/payment-analytics', cookies.manager)).json();
    expect(figures.successRate.percent).toBe(100);
    expect(figures.publicLinkAttempts).toEqual({ succeeded: 0, attempted: 1 });
  });
});

describe('POST /api/payment-analytics/send-reminders', () => {
  it('e-mails each customer with an address one message listing their overdue invoices, and records it', async () => {
    const { org, cookies } = await orgWithPeople();
    const id = org.id;
    const ada = await customer(id, { name: 'Ada Lovelace', email: 'ada@example.com' });
    const noMail = await customer(id, { name: 'No Mail', email: null });
    const settled = await customer(id, { name: 'Settled', email: 'settled@example.com' });
    const i1 = await invoice(id, ada.id, { total: '120.00', dueDate: new Date('2026-01-15T12:00:00Z'), status: 'overdue' });
    const i2 = await invoice(id, ada.id, { total: '80.50', dueDate: ago(3) });
    await payment(id, i2.id, '30.25');
    await invoice(id, ada.id, { total: '75.00', dueDate: new Date(Date.now() + 3 * DAY) });
    await invoice(id, ada.id, { total: '75.00', dueDate: ago(3), status: 'draft' });
    await invoice(id, noMail.id, { dueDate: ago(40) });
    // Fully paid but still marked sent: no reminder.
    const paidUp = await invoice(id, settled.id, { total: '40.00', dueDate: ago(40) });
    await payment(id, paidUp.id, '40.00');

    expect((await post('/api/payment-analytics/send-reminders', cookies.manager)).statusCode).toBe(403);
    expect((await post('/api/payment-analytics/send-reminders', cookies.employee)).statusCode).toBe(403);
    const res = await post('/api/payment-analytics/send-reminders', cookies.org_admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: 1, skippedWithoutEmail: 1, skippedRecent: 0, failed: 0 });

    const db = t.database.db;
    const mails = await db.select().from(outbox).where(eq(outbox.organizationId, id));
    expect(mails.map((m) => m.to)).toEqual(['ada@example.com']);
    expect(mails[0].subject).toBe(`Payment reminder from ${org.name}`);
    const text = mails[0].text;
    expect(text).toContain('Hello Ada Lovelace,');
    expect(text).toContain(`- ${i1.invoiceNumber}: due Jan 15, 2026, balance $120.00`);
    expect(text).toContain(`- ${i2.invoiceNumber}: due `);
    expect(text).toContain('balance $50.25');
    expect(text).toContain('Total due: $170.25');
    expect(text.indexOf(i1.invoiceNumber)).toBeLessThan(text.indexOf(i2.invoiceNumber));
    expect(text.match(/^- /gm)).toHaveLength(2);
    // Each line carries the invoice's pay link; the HTML part has the same figures.
    expect(text.match(/^ {2}Pay online: http:\/\/\S+\/payment\/\S+$/gm)).toHaveLength(2);
    expect(mails[0].html).toContain('Total due');
    expect(mails[0].html).toContain('$170.25');

    const reminders = await db.select().from(paymentReminders).where(eq(paymentReminders.organizationId, id));
    expect(reminders.map((r) => r.invoiceId).sort()).toEqual([i1.id, i2.id].sort());
    expect(reminders.every((r) => r.status === 'sent' && r.type === 'email' && r.sentAt)).toBe(true);
    const [message] = await db.select().from(messages).where(eq(messages.organizationId, id));
    expect(message).toMatchObject({ status: 'sent', recipients: ['ada@example.com'], subject: mails[0].subject });
  });

  it('counts an e-mail the transport refuses as failed and keeps it as a draft in Messaging', async () => {
    const { org, cookies } = await orgWithPeople();
    const c = await customer(org.id, { email: 'refused@example.com' });
    const inv = await invoice(org.id, c.id, { dueDate: ago(5) });
    const realSend = t.deps.mailer.send.bind(t.deps.mailer);
    const spy = vi.spyOn(t.deps.mailer, 'send').mockImplementationOnce(async (m) => ({ ...(await realSend(m)), status: 'failed', error: 'SMTP down' }));
    try {
      const res = await post('/api/payment-analytics/send-reminders', cookies.org_admin);
      expect(res.json()).toEqual({ sent: 0, skippedWithoutEmail: 0, skippedRecent: 0, failed: 1 });
    } finally {
      spy.mockRestore();
    }
    const db = t.database.db;
    const [reminder] = await db.select().from(paymentReminders).where(eq(paymentReminders.invoiceId, inv.id));
    expect(reminder).toMatchObject({ status: 'failed', sentAt: null });
    const [message] = await db.select().from(messages).where(eq(messages.organizationId, org.id));
    expect(message.status).toBe('draft');
    const [delivery] = await db.select().from(messageDeliveries).where(eq(messageDeliveries.messageId, message.id));
    expect(delivery).toMatchObject({ status: 'failed', error: 'SMTP down' });
  });

  it('answers zero when nothing is overdue', async () => {
    const { org, cookies } = await orgWithPeople();
    await invoice(org.id, (await customer(org.id, { email: 'fine@example.com' })).id, { dueDate: new Date(Date.now() + DAY) });
    expect((await post('/api/payment-analytics/send-reminders', cookies.org_admin)).json()).toEqual({ sent: 0, skippedWithoutEmail: 0, skippedRecent: 0, failed: 0 });
    expect(await t.database.db.select().from(outbox).where(eq(outbox.organizationId, org.id))).toEqual([]);
  });
});

describe('POST /api/payment-analytics/enable-portal', () => {
  it("turns portal access on for the organization's customers without it, for those who manage customers", async () => {
    const { org, cookies } = await orgWithPeople();
    const off1 = await customer(org.id, { portalAccessEnabled: false });
    const off2 = await customer(org.id, { portalAccessEnabled: false });
    await customer(org.id);
    const other = await t.createOrganization();
    const otherOff = await customer(other.id, { portalAccessEnabled: false });

    expect((await post('/api/payment-analytics/enable-portal', cookies.employee)).statusCode).toBe(403);
    const res = await post('/api/payment-analytics/enable-portal', cookies.manager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    const db = t.database.db;
    const rows = await db.select().from(customers).where(inArray(customers.id, [off1.id, off2.id, otherOff.id]));
    expect(rows.map((r) => [r.id, r.portalAccessEnabled]).sort()).toEqual(
      [
        [off1.id, true],
        [off2.id, true],
        [otherOff.id, false],
      ].sort(),
    );
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'customer.portal_enabled')));
    expect(audit.details).toMatchObject({ updated: 2 });
    expect((await post('/api/payment-analytics/enable-portal', cookies.manager)).json()).toEqual({ updated: 0 });
  });

  it('needs a super user to name the organization', async () => {
    const su = await t.cookieFor((await t.createUser({ role: 'super_user', organizationId: null })).id);
    const missing = await post('/api/payment-analytics/enable-portal', su);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Organization is required', issues: [{ path: 'organizationId', message: 'Organization is required' }] });
    const bad = await post('/api/payment-analytics/enable-portal', su, { organizationId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: 'organizationId', message: 'Please choose an organization' }]);
    const org = await t.createOrganization();
    const c = await customer(org.id, { portalAccessEnabled: false });
    expect((await post('/api/payment-analytics/enable-portal', su, { organizationId: org.id })).json()).toEqual({ updated: 1 });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row.portalAccessEnabled).toBe(true);
  });
});

describe('POST /api/payment-analytics/send-autopay-invites', () => {
  it('e-mails customers who prefer card without auto-pay and have an address', async () => {
    const { org, cookies } = await orgWithPeople();
    await customer(org.id, { name: 'Card Carla', email: 'carla@example.com', preferredPaymentMethod: 'card' });
    await customer(org.id, { email: 'auto@example.com', preferredPaymentMethod: 'card', autoPayEnabled: true });
    await customer(org.id, { email: 'bank@example.com', preferredPaymentMethod: 'bank_transfer' });
    await customer(org.id, { email: null, preferredPaymentMethod: 'card' });
    await customer(org.id, { email: '  ', preferredPaymentMethod: 'card' });

    expect((await post('/api/payment-analytics/send-autopay-invites', cookies.manager)).statusCode).toBe(403);
    const res = await post('/api/payment-analytics/send-autopay-invites', cookies.org_admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: 1, skippedWithoutEmail: 2, skippedRecent: 0, failed: 0 });
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.organizationId, org.id));
    expect(mails.map((m) => m.to)).toEqual(['carla@example.com']);
    expect(mails[0].subject).toBe(`Set up automatic payments with ${org.name}`);
    expect(mails[0].text).toContain('Hello Card Carla,');
    expect(mails[0].text).toContain('auto-pay');
  });
});
