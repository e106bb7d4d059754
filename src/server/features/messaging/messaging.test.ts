import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../adapters/mail/mailer';
import { messageDeliveries, messages, outbox } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let admin: string;
let manager: string;
let employee: string;
let portalCustomer: string;
let guest: string;
let adminB: string;
const customerEmail = 'portal.customer@example.com';

beforeAll(async () => {
  t = await createTestApp();
  orgA = await t.createOrganization();
  orgB = await t.createOrganization();
  const as = async (role: string, organizationId: number | null, email?: string) =>
    t.cookieFor((await t.createUser({ role, organizationId, ...(email && { email }) })).id);
  admin = await as('org_admin', orgA.id);
  manager = await as('manager', orgA.id);
  employee = await as('employee', orgA.id);
  portalCustomer = await as('customer', orgA.id, customerEmail);
  guest = await as('guest', orgA.id);
  adminB = await as('org_admin', orgB.id);
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, cookie = admin) => t.call({ method: 'POST', url: '/api/messages', cookie, payload: payload as object });
const put = (id: number, payload: unknown, cookie = admin) => t.call({ method: 'PUT', url: `/api/messages/${id}`, cookie, payload: payload as object });
const list = (query = '', cookie = admin) => t.call({ url: `/api/messages${query}`, cookie });
const email = (extra: object = {}) => ({ subject: 'Spring tune-up', content: 'Book your visit today.', recipients: ['ann@example.com'], ...extra });
const deliveriesOf = (messageId: number) =>
  t.database.db.select().from(messageDeliveries).where(eq(messageDeliveries.messageId, messageId)).orderBy(asc(messageDeliveries.recipient));
const outboxTo = (to: string) => t.database.db.select().from(outbox).where(eq(outbox.to, to));
async function issuesOf(payload: object) {
  const res = await post(payload);
  expect(res.statusCode, JSON.stringify(payload)).toBe(400);
  return res.json().issues;
}

/** Swaps the app's mailer for the duration of fn (routes read deps.mailer at call time). */
async function withMailer<T>(mailer: Mailer, fn: () => Promise<T>): Promise<T> {
  const original = t.deps.mailer;
  t.deps.mailer = mailer;
  try {
    return await fn();
  } finally {
    t.deps.mailer = original;
  }
}

describe('creating messages', () => {
  it('creates a draft e-mail by default, normalizing and de-duplicating recipients, and sends nothing', async () => {
    const res = await post({ subject: ' Hello ', content: 'Body', recipients: ['Ann@Example.com', 'ann@example.com ', 'bob@example.com'] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      organizationId: orgA.id,
      subject: 'Hello',
      content: 'Body',
      recipients: ['ann@example.com', 'bob@example.com'],
      type: 'email',
      status: 'draft',
      createdAt: expect.stringMatching(/Z$/),
      sentDate: null,
      createdBy: expect.any(Number),
    });
    expect(await deliveriesOf(res.json().id)).toEqual([]);
  });

  it('lets admins, managers and employees create; customers and guests only read', async () => {
    for (const cookie of [admin, manager, employee]) expect((await post(email(), cookie)).statusCode).toBe(201);
    for (const cookie of [portalCustomer, guest]) {
      expect((await post(email(), cookie)).statusCode).toBe(403);
      expect((await list('', cookie)).statusCode).toBe(200);
    }
    expect((await t.call({ method: 'POST', url: '/api/messages', payload: email() })).statusCode).toBe(401);
  });

  it('requires at least one recipient', async () => {
    expect(await issuesOf(email({ recipients: [] }))).toEqual([{ path: 'recipients', message: 'Select at least one recipient' }]);
    const missing = await post({ subject: 'S', content: 'C' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([{ path: 'recipients', message: 'Select at least one recipient' }]);
  });

  it('checks each recipient against the type', async () => {
    expect(await issuesOf(email({ recipients: ['ann@example.com', 'not-an-address'] }))).toEqual([
      { path: 'recipients.1', message: 'Each recipient must be a valid email address' },
    ]);
    expect(await issuesOf({ type: 'sms', content: 'Hi', recipients: ['555-0100'] })).toEqual([
      { path: 'recipients.0', message: 'Each recipient must be a 10-digit phone number' },
    ]);
    expect(await issuesOf({ type: 'sms', content: 'Hi', recipients: ['ann@example.com'] })).toEqual([
      { path: 'recipients.0', message: 'Each recipient must be a 10-digit phone number' },
    ]);
  });

  it('requires a subject for e-mail but not for SMS, content always, and at most 1600 SMS characters', async () => {
    expect(await issuesOf(email({ subject: '  ' }))).toEqual([{ path: 'subject', message: 'Subject is required' }]);
    expect(await issuesOf(email({ content: ' ' }))).toEqual([{ path: 'content', message: 'Content is required' }]);
    expect(await issuesOf({ type: 'sms', content: 'x'.repeat(1601), recipients: ['5555550100'] })).toEqual([
      { path: 'content', message: 'SMS content must be at most 1,600 characters' },
    ]);
    const sms = await post({ type: 'sms', content: 'x'.repeat(1600), recipients: ['(555) 555-0100', '+1 555 555 0100'] });
    expect(sms.statusCode).toBe(201);
    expect(sms.json()).toMatchObject({ subject: null, type: 'sms', recipients: ['5555550100'] });
    expect((await issuesOf(email({ type: 'fax' })))[0]).toEqual({ path: 'type', message: 'Type must be email or sms' });
    expect((await issuesOf(email({ status: 'queued' })))[0]).toEqual({ path: 'status', message: 'Status must be draft or sent' });
  });
});

describe('sending', () => {
  it('status sent on create delivers one e-mail per recipient through the outbox and records each delivery', async () => {
    const res = await post(email({ subject: 'Sent at once', recipients: ['one@example.com', 'two@example.com'], status: 'sent' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'sent', sentDate: expect.stringMatching(/Z$/) });
    const deliveries = await deliveriesOf(res.json().id);
    expect(deliveries.map((d) => [d.recipient, d.channel, d.status, d.error])).toEqual([
      ['one@example.com', 'email', 'sent', null],
      ['two@example.com', 'email', 'sent', null],
    ]);
    const [mail] = await outboxTo('one@example.com');
    expect(mail).toMatchObject({ channel: 'email', subject: 'Sent at once', text: 'Book your visit today.', organizationId: orgA.id });
    expect(deliveries[0].outboxId).toBe(mail.id);
    expect(await outboxTo('two@example.com')).toHaveLength(1);
  });

  it('sends SMS through the SMS outbox to the US number', async () => {
    const draft = await post({ type: 'sms', content: 'Your tech is on the way', recipients: ['555-555-0142'] });
    const res = await put(draft.json().id, { status: 'sent', sentDate: new Date().toISOString() });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('sent');
    const rows = await outboxTo('+15555550142');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'sms', text: 'Your tech is on the way', subject: null });
    expect((await deliveriesOf(draft.json().id)).map((d) => [d.recipient, d.channel, d.status])).toEqual([['5555550142', 'sms', 'sent']]);
  });

  it('sends a draft once: sending it again answers 409 and delivers nothing more', async () => {
    const draft = await post(email({ recipients: ['twice@example.com'] }));
    const id = draft.json().id;
    const first = await put(id, { status: 'sent' });
    expect(first.statusCode).toBe(200);
    const again = await put(id, { status: 'sent' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'This message has already been sent' });
    expect((await put(id, { subject: 'Changed after sending' })).statusCode).toBe(409);
    expect(await outboxTo('twice@example.com')).toHaveLength(1);
    expect(await deliveriesOf(id)).toHaveLength(1);
  });

  it('two Send clicks at the same time deliver once', async () => {
    const id = (await post(email({ recipients: ['race@example.com'] }))).json().id;
    const answers = await Promise.all([put(id, { status: 'sent' }), put(id, { status: 'sent' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await outboxTo('race@example.com')).toHaveLength(1);
  });

  it('a partial failure sends the message and stores the failed delivery with its error', async () => {
    // As the SMTP transport answers a refused recipient: recorded in the outbox, status failed.
    const original = t.deps.mailer;
    const flaky: Mailer = {
      transport: 'smtp',
      send: async (m) => {
        const result = await original.send(m);
        return m.to === 'bad@example.com' ? { ...result, status: 'failed', error: 'Mailbox unavailable' } : result;
      },
    };
    const res = await withMailer(flaky, () => post(email({ recipients: ['good@example.com', 'bad@example.com'], status: 'sent' })));
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('sent');
    expect((await deliveriesOf(res.json().id)).map((d) => [d.recipient, d.status, d.error])).toEqual([
      ['bad@example.com', 'failed', 'Mailbox unavailable'],
      ['good@example.com', 'sent', null],
    ]);
  });

  it('a total failure answers 503 (mail server unreachable) and leaves a draft that can be sent later', async () => {
    const down: Mailer = {
      transport: 'smtp',
      send: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      },
    };
    const draft = await post(email({ recipients: ['later@example.com'] }));
    const id = draft.json().id;
    const res = await withMailer(down, () => put(id, { status: 'sent' }));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'PROVIDER_UNAVAILABLE', message: 'We could not send the e-mail: the mail server could not be reached. Please try again later.' });
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({ status: 'draft', sentDate: null });
    expect((await deliveriesOf(id)).map((d) => [d.status, d.error])).toEqual([['failed', 'connect ECONNREFUSED']]);
    const retry = await put(id, { status: 'sent' });
    expect(retry.statusCode).toBe(200);
    expect(await outboxTo('later@example.com')).toHaveLength(1);

    const created = await withMailer(down, () => post(email({ subject: 'Never out', recipients: ['nobody@example.com'], status: 'sent' })));
    expect(created.statusCode).toBe(503);
    const [kept] = await t.database.db.select().from(messages).where(eq(messages.subject, 'Never out'));
    expect(kept.status).toBe('draft');
  });

  it('customers and guests cannot send', async () => {
    const id = (await post(email())).json().id;
    for (const cookie of [portalCustomer, guest]) expect((await put(id, { status: 'sent' }, cookie)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
    expect(row.status).toBe('draft');
  });
});

describe('editing drafts', () => {
  it('changes the fields of a draft and checks the result against its type', async () => {
    const id = (await post(email({ recipients: ['edit@example.com'] }))).json().id;
    const res = await put(id, { subject: 'New subject', recipients: ['EDIT2@example.com'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ subject: 'New subject', recipients: ['edit2@example.com'], status: 'draft' });
    // Switching to SMS with the e-mail recipients left in place is refused.
    const toSms = await put(id, { type: 'sms' });
    expect(toSms.statusCode).toBe(400);
    expect(toSms.json().issues).toEqual([{ path: 'recipients.0', message: 'Each recipient must be a 10-digit phone number' }]);
    expect((await put(id, { type: 'sms', recipients: ['5555550199'] })).json()).toMatchObject({ type: 'sms', recipients: ['5555550199'] });
    expect((await put(id, { recipients: [] })).json().issues).toEqual([{ path: 'recipients', message: 'Select at least one recipient' }]);
  });

  it("answers 404 for a missing id and another organization's message", async () => {
    const id = (await post(email())).json().id;
    expect((await put(999_999, { status: 'sent' })).statusCode).toBe(404);
    const other = await put(id, { status: 'sent' }, adminB);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 'NOT_FOUND', message: 'Message not found' });
  });
});

describe('listing messages', () => {
  it('lists newest first, searches subject and content, and sets X-Total-Count', async () => {
    const a = (await post(email({ subject: 'Zebra notice', content: 'first' }))).json().id;
    const b = (await post(email({ subject: 'Other', content: 'mentions zebra too' }))).json().id;
    const res = await list('?q=zebra');
    expect(res.json().map((m: { id: number }) => m.id)).toEqual([b, a]);
    expect(res.headers['x-total-count']).toBe('2');
    const all = await list('?limit=1');
    expect(all.json()).toHaveLength(1);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(2);
    expect((await list('?sort=content')).statusCode).toBe(400);
    expect((await list('', adminB)).json().map((m: { id: number }) => m.id)).not.toContain(a);
  });

  it('shows a customer only the messages addressed to them', async () => {
    const toThem = (await post(email({ subject: 'For the customer', recipients: [customerEmail.toUpperCase()] }))).json().id;
    const other = (await post(email({ subject: 'Staff only', recipients: ['someone@example.com'] }))).json().id;
    const ids = (await list('?limit=500', portalCustomer)).json().map((m: { id: number }) => m.id);
    expect(ids).toEqual([toThem]);
    expect(ids).not.toContain(other);
    expect((await list('?limit=500', guest)).json()).toEqual([]);
  });
});
