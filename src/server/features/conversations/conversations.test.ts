// Conversation threads on the Messaging screen (docs/rules/messaging.md#conversations): a reply filed on this machine
// (the outbox page's "Reply as recipient", the same filing as Twilio's webhook) opens a thread with what the
// organization had texted; staff read it (marking it read) and answer from it; a thread keeps later texts to the
// number; an opted-out number is refused with 409; a provider's failure is our 502.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationDetail, ReplyResult } from '../../../contracts/conversations';
import { outbox, smsConversationMessages } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer, orgKit, type OrgKit } from '../documents/documents.test-kit';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t, { name: 'Alder Heating' });
  b = await orgKit(t, { name: 'Birch Plumbing' });
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const newDigits = () => `556${String(1_000_000 + ++n * 53).padStart(7, '0')}`;

async function textFrom(kit: OrgKit, digits: string, content: string) {
  const res = await t.call({ method: 'POST', url: '/api/messages', cookie: kit.admin, payload: { type: 'sms', status: 'sent', recipients: [digits], content } });
  expect(res.statusCode, res.body).toBe(201);
}

/** "Reply as recipient" on the outbox's latest text to the number. */
async function replyAs(digits: string, body: string, app = t) {
  const [row] = await app.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.to, `+1${digits}`)).orderBy(desc(outbox.id)).limit(1);
  return app.call({ method: 'POST', url: `/api/dev/outbox/${row.id}/reply`, payload: { body } });
}

const open = async (kit: OrgKit, id: number): Promise<ConversationDetail> => {
  const res = await t.call({ url: `/api/conversations/${id}`, cookie: kit.admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('a thread', () => {
  it('starts with the reply and what the organization had texted; reading marks it read; staff answer from it', async () => {
    const digits = newDigits();
    const customer = await createCustomer(t, a.org.id, { name: 'Jordan Thread', phone: digits });
    await textFrom(a, digits, 'Alder Heating: your boiler service is on Friday at 9 AM.');
    const unread = async () => (await t.call({ url: '/api/conversations/unread-count', cookie: a.manager })).json().count as number;
    const unreadBefore = await unread();
    const filed = await replyAs(digits, 'Could we make it 10?');
    // The Conversations tab's badge: one more thread with a reply nobody opened.
    expect(await unread()).toBe(unreadBefore + 1);
    expect(filed.json()).toMatchObject({ outcome: 'filed', optOut: null });
    const id: number = filed.json().conversationId;

    const list = await t.call({ url: '/api/conversations?q=jordan', cookie: a.manager });
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([
      expect.objectContaining({ id, customerId: customer.id, customerName: 'Jordan Thread', phone: `+1${digits}`, unreadCount: 1, optedOut: false, lastMessagePreview: 'Could we make it 10?' }),
    ]);
    // The number's digits find it too.
    expect((await t.call({ url: `/api/conversations?q=${digits.slice(-4)}`, cookie: a.admin })).json().map((c: { id: number }) => c.id)).toContain(id);

    const thread = await open(a, id);
    expect(thread.messages.map((m) => [m.direction, m.body, m.status])).toEqual([
      ['outbound', 'Alder Heating: your boiler service is on Friday at 9 AM.', 'stored'],
      ['inbound', 'Could we make it 10?', 'received'],
    ]);
    expect(thread.unreadCount).toBe(0);
    expect((await t.call({ url: '/api/conversations?q=jordan', cookie: a.admin })).json()[0].unreadCount).toBe(0);
    expect(await unread()).toBe(unreadBefore);

    // An employee answers (send_messages): sent through the SMS transport, kept in the thread with their name.
    const answer = await t.call({ method: 'POST', url: `/api/conversations/${id}/messages`, cookie: a.employee, payload: { body: '  10 works, see you then.  ' } });
    expect(answer.statusCode, answer.body).toBe(201);
    const result: ReplyResult = answer.json();
    expect(result).toMatchObject({ conversationId: id, message: { direction: 'outbound', body: '10 works, see you then.', status: 'stored', error: null } });
    expect(result.message.sentByName).toMatch(/^Test User\d+$/);
    const [sent] = await t.database.db.select().from(outbox).where(eq(outbox.to, `+1${digits}`)).orderBy(desc(outbox.id)).limit(1);
    expect(sent).toMatchObject({ channel: 'sms', text: '10 works, see you then.', organizationId: a.org.id });

    // Later texts to the number from anywhere in the app are kept in the thread as well.
    await textFrom(a, digits, 'Alder Heating: reminder, tomorrow at 10 AM.');
    expect((await open(a, id)).messages.map((m) => m.body)).toEqual([
      'Alder Heating: your boiler service is on Friday at 9 AM.',
      'Could we make it 10?',
      '10 works, see you then.',
      'Alder Heating: reminder, tomorrow at 10 AM.',
    ]);
    // A second reply counts as unread again and files into the same thread.
    expect((await replyAs(digits, 'Great, thanks')).json()).toMatchObject({ outcome: 'filed', conversationId: id });
    expect((await t.call({ url: '/api/conversations?q=jordan', cookie: a.admin })).json()[0]).toMatchObject({ unreadCount: 1, lastMessagePreview: 'Great, thanks' });
  });

  it('starts with a customer or a number; refuses a customer without a mobile number and a number that is not one', async () => {
    const digits = newDigits();
    const customer = await createCustomer(t, a.org.id, { name: 'Morgan Start', phone: digits });
    const first = await t.call({ method: 'POST', url: '/api/conversations', cookie: a.admin, payload: { customerId: customer.id, body: 'Hi Morgan, your part arrived.' } });
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().conversationId;
    expect((await open(a, id))).toMatchObject({ customerName: 'Morgan Start', messages: [expect.objectContaining({ body: 'Hi Morgan, your part arrived.' })] });
    // The same number again is the same thread, found by the number.
    const again = await t.call({ method: 'POST', url: '/api/conversations', cookie: a.admin, payload: { phone: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, body: 'It is in the van.' } });
    expect(again.json().conversationId).toBe(id);

    const noPhone = await t.call({ method: 'POST', url: '/api/conversations', cookie: a.admin, payload: { customerId: a.customerId, body: 'Hello' } });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().issues).toEqual([{ path: 'customerId', message: 'This customer has no mobile number SMS can reach' }]);
    const badPhone = await t.call({ method: 'POST', url: '/api/conversations', cookie: a.admin, payload: { phone: '12345', body: 'Hello' } });
    expect(badPhone.json().issues).toEqual([{ path: 'phone', message: 'Enter a phone number SMS can reach (10 digits, or + and the country code)' }]);
    const neither = await t.call({ method: 'POST', url: '/api/conversations', cookie: a.admin, payload: { body: 'Hello' } });
    expect(neither.json().issues).toEqual([{ path: 'phone', message: 'Choose a customer or enter a phone number' }]);
    // Another organization's customer is not found.
    expect((await t.call({ method: 'POST', url: '/api/conversations', cookie: b.admin, payload: { customerId: customer.id, body: 'Hi' } })).statusCode).toBe(404);
  });

  it('is refused with 409 once the number answered STOP, and shows it; START lets the answer through', async () => {
    const digits = newDigits();
    await createCustomer(t, a.org.id, { name: 'Riley Stop', phone: digits });
    await textFrom(a, digits, 'Alder Heating: spring tune-up offer.');
    const filed = await replyAs(digits, 'STOP');
    expect(filed.json()).toMatchObject({ outcome: 'filed', optOut: 'opted_out' });
    const id = filed.json().conversationId;
    expect(await open(a, id)).toMatchObject({ optedOut: true });
    const before = await t.database.db.$count(outbox);
    const refused = await t.call({ method: 'POST', url: `/api/conversations/${id}/messages`, cookie: a.admin, payload: { body: 'Sorry to see you go' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This number has opted out of text messages (they replied STOP). Nothing was sent.');
    expect(await t.database.db.$count(outbox)).toBe(before);
    const started = await t.call({ method: 'POST', url: '/api/conversations', cookie: a.admin, payload: { phone: digits, body: 'Hello?' } });
    expect(started.statusCode).toBe(409);

    // The customer's screens say so.
    const customerId = (await open(a, id)).customerId!;
    expect((await t.call({ url: `/api/customers/${customerId}/sms-opt-out`, cookie: a.employee })).json()).toMatchObject({ phone: `+1${digits}`, optedOut: true, optedOutAt: expect.any(String) });
    expect((await t.call({ url: `/api/customers/${customerId}/sms-opt-out`, cookie: a.customerUser })).statusCode).toBe(403);

    expect((await replyAs(digits, 'Start')).json()).toMatchObject({ optOut: 'opted_in' });
    expect((await t.call({ url: `/api/customers/${customerId}/sms-opt-out`, cookie: a.admin })).json()).toMatchObject({ optedOut: false, optedOutAt: null });
    expect((await t.call({ method: 'POST', url: `/api/conversations/${id}/messages`, cookie: a.admin, payload: { body: 'Welcome back!' } })).statusCode).toBe(201);
  });

  it("is the organization's own: another organization's thread is a 404 to read or answer; customers see none", async () => {
    const digits = newDigits();
    await textFrom(a, digits, 'Alder Heating: private note.');
    const id = (await replyAs(digits, 'Private reply')).json().conversationId;
    expect((await t.call({ url: `/api/conversations/${id}`, cookie: b.admin })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: `/api/conversations/${id}/messages`, cookie: b.admin, payload: { body: 'B was here' } })).statusCode).toBe(404);
    expect((await t.call({ url: '/api/conversations', cookie: b.admin })).json().map((c: { id: number }) => c.id)).not.toContain(id);
    expect(await t.database.db.select().from(smsConversationMessages).where(and(eq(smsConversationMessages.conversationId, id), eq(smsConversationMessages.body, 'B was here')))).toEqual([]);
    // Still unread for A: B's look did not mark it.
    expect((await t.call({ url: `/api/conversations?q=${digits}`, cookie: a.admin })).json()[0].unreadCount).toBe(1);
    // Customers hold view_messages for what was sent to them, not for the organization's threads.
    expect((await t.call({ url: '/api/conversations', cookie: a.customerUser })).json()).toEqual([]);
    expect((await t.call({ url: `/api/conversations/${id}`, cookie: a.customerUser })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: `/api/conversations/${id}/messages`, cookie: a.customerUser, payload: { body: 'Hi' } })).statusCode).toBe(403);
  });
});

describe('the outbox page reply', () => {
  it('answers only where the outbox does, and only for a text message', async () => {
    const digits = newDigits();
    const email = await t.call({ method: 'POST', url: '/api/messages', cookie: a.admin, payload: { type: 'email', status: 'sent', subject: 'Hello', recipients: ['pat@example.com'], content: 'An e-mail' } });
    expect(email.statusCode, email.body).toBe(201);
    const [mail] = await t.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.channel, 'email')).orderBy(desc(outbox.id)).limit(1);
    expect((await t.call({ method: 'POST', url: `/api/dev/outbox/${mail.id}/reply`, payload: { body: 'Hi' } })).statusCode).toBe(404);
    await textFrom(a, digits, 'Alder Heating: hello');
    const prod = await createTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const res = await prod.call({ method: 'POST', url: '/api/dev/outbox/1/reply', payload: { body: 'Hi' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
    // From another machine (the peer address), it is not there either.
    const [row] = await t.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.to, `+1${digits}`)).limit(1);
    const remote = await t.call({ method: 'POST', url: `/api/dev/outbox/${row.id}/reply`, payload: { body: 'Hi' }, remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
  });
});

describe('a provider failure', () => {
  it("answers our 502 and leaves the failed answer in the thread, marked so", async () => {
    // Twilio refusing every text (an unverified number on a trial account, say).
    const refusing = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 21608, message: 'The number is unverified', status: 400 })));
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const app = await createTestApp({
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'token-0123456789',
      TWILIO_FROM: '+15550001111',
      TWILIO_API_BASE: `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`,
    });
    try {
      const kit = await orgKit(app, { name: 'Cedar Electric' });
      const digits = newDigits();
      const start = await app.call({ method: 'POST', url: '/api/conversations', cookie: kit.admin, payload: { phone: digits, body: 'Your quote is ready.' } });
      expect(start.statusCode).toBe(502);
      expect(start.json()).toEqual({ code: 'PROVIDER_FAILED', message: 'We could not send the text message: the SMS provider refused it. Please try again later.' });
      const [thread] = (await app.call({ url: '/api/conversations', cookie: kit.admin })).json();
      const detail = (await app.call({ url: `/api/conversations/${thread.id}`, cookie: kit.admin })).json() as ConversationDetail;
      expect(detail.messages).toEqual([expect.objectContaining({ body: 'Your quote is ready.', status: 'failed', error: expect.stringContaining('unverified') })]);
    } finally {
      await app.close();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});
