// Replies through Twilio's webhook (docs/rules/messaging.md#replies-through-twilio, #conversations, #sms-opt-outs): the
// signature is checked against an HMAC this test computes itself (not with Twilio's SDK, which the app uses), a reply
// goes to the organization that last texted the number, a retried webhook files once, the staff's bell rings, and
// STOP / START decide whether any later text goes out.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outbox, smsConversationMessages, smsConversations, smsOptOuts } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer, orgKit, type OrgKit } from '../documents/documents.test-kit';

const AUTH_TOKEN = 'twilio-auth-token-for-tests-0123';
const APP_URL = 'https://tradebook.example.com';
const WEBHOOK = '/api/webhooks/twilio/sms';

/** Twilio's algorithm (its "Webhooks security" page): base64 HMAC-SHA1 of the URL followed by each field name and value, names sorted. */
function twilioSignature(url: string, params: Record<string, string>, token = AUTH_TOKEN): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', token).update(Buffer.from(data, 'utf-8')).digest('base64');
}

// A stand-in for Twilio's Messages API: the app's outbound texts really go through the SDK to it.
let server: http.Server;
let apiBase: string;
let sid = 0;
let t: TestApp;
let a: OrgKit;
let b: OrgKit;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${String(++sid).padStart(32, '0')}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    APP_URL,
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM: '+15550001111',
    TWILIO_API_BASE: apiBase,
  });
  a = await orgKit(t, { name: 'Alder Heating' });
  b = await orgKit(t, { name: 'Birch Plumbing' });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

let n = 0;
/** A number of this test's own: ten digits as customers keep them, and E.164 as Twilio sends them. */
function newNumber(): { digits: string; e164: string } {
  const digits = `555${String(7_000_000 + ++n * 37).padStart(7, '0')}`;
  return { digits, e164: `+1${digits}` };
}

let messageSid = 0;
const nextSid = () => `SM${String(++messageSid).padStart(32, 'f')}`;

function inbound(from: string, body: string, over: Record<string, string> = {}): Record<string, string> {
  return { AccountSid: `AC${'0'.repeat(32)}`, ApiVersion: '2010-04-01', Body: body, From: from, MessageSid: nextSid(), NumMedia: '0', NumSegments: '1', SmsStatus: 'received', To: '+15550001111', ...over };
}

function post(params: Record<string, string>, signature: string | null, path = WEBHOOK) {
  return t.call({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
    payload: new URLSearchParams(params).toString(),
  });
}
const signed = (params: Record<string, string>) => post(params, twilioSignature(`${APP_URL}${WEBHOOK}`, params));

/** The organization texts the number through Messaging (Twilio, here the stand-in). */
async function textFrom(kit: OrgKit, digits: string, content = 'Your technician arrives at 2 PM.') {
  const res = await t.call({ method: 'POST', url: '/api/messages', cookie: kit.admin, payload: { type: 'sms', status: 'sent', recipients: [digits], content } });
  return res;
}

const threadOf = async (organizationId: number, e164: string) =>
  (await t.database.db.select().from(smsConversations).where(and(eq(smsConversations.organizationId, organizationId), eq(smsConversations.phone, e164))))[0];
const messagesOf = (conversationId: number) => t.database.db.select().from(smsConversationMessages).where(eq(smsConversationMessages.conversationId, conversationId)).orderBy(smsConversationMessages.id);

describe('the signature', () => {
  it('files a reply signed for APP_URL and the path, and answers empty TwiML', async () => {
    const { digits, e164 } = newNumber();
    expect((await textFrom(a, digits)).statusCode).toBe(201);
    const res = await signed(inbound(e164, 'Can you come at 3 instead?'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toBe('<Response></Response>');
    const thread = await threadOf(a.org.id, e164);
    expect(thread).toMatchObject({ unreadCount: 1, lastMessagePreview: 'Can you come at 3 instead?' });
    expect((await messagesOf(thread.id)).map((m) => [m.direction, m.body])).toEqual([
      ['outbound', 'Your technician arrives at 2 PM.'],
      ['inbound', 'Can you come at 3 instead?'],
    ]);
  });

  it('refuses a missing, wrong or tampered signature, and one made for another URL: 403, nothing filed', async () => {
    const { digits, e164 } = newNumber();
    expect((await textFrom(a, digits)).statusCode).toBe(201);
    const params = inbound(e164, 'Hello?');
    const attempts = [
      await post(params, null),
      await post(params, ''),
      await post(params, twilioSignature(`${APP_URL}${WEBHOOK}`, params, 'another-accounts-token')),
      await post(params, twilioSignature(`https://attacker.example${WEBHOOK}`, params)),
      await post(params, twilioSignature(`${APP_URL}/api/webhooks/twilio/other`, params)),
      await post({ ...params, Body: 'Changed on the way' }, twilioSignature(`${APP_URL}${WEBHOOK}`, params)),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Invalid Twilio signature' });
    }
    expect(await threadOf(a.org.id, e164)).toBeUndefined();
    expect(await t.database.db.select().from(smsConversationMessages).where(eq(smsConversationMessages.providerId, params.MessageSid))).toEqual([]);
  });

  it('covers the query string Twilio called, as received', async () => {
    const { digits, e164 } = newNumber();
    await textFrom(a, digits);
    const params = inbound(e164, 'With a query');
    const path = `${WEBHOOK}?source=twilio`;
    expect((await post(params, twilioSignature(`${APP_URL}${WEBHOOK}`, params), path)).statusCode).toBe(403);
    expect((await post(params, twilioSignature(`${APP_URL}${path}`, params), path)).statusCode).toBe(200);
  });

  it('is not there without Twilio settings: 404 whatever is sent', async () => {
    const plain = await createTestApp({ APP_URL });
    try {
      const params = inbound('+15555550100', 'Hi');
      const res = await plain.call({
        method: 'POST',
        url: WEBHOOK,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(`${APP_URL}${WEBHOOK}`, params) },
        payload: new URLSearchParams(params).toString(),
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('filing a reply', () => {
  it("goes to the organization that texted the number last, under that organization's customer", async () => {
    const { digits, e164 } = newNumber();
    await createCustomer(t, b.org.id, { name: 'Robin Reply', phone: digits });
    await textFrom(a, digits);
    await textFrom(b, digits, 'Birch Plumbing: your invoice is ready.');
    expect((await signed(inbound(e164, 'Thanks, paid it'))).statusCode).toBe(200);
    expect(await threadOf(a.org.id, e164)).toBeUndefined();
    const thread = await threadOf(b.org.id, e164);
    expect(thread.customerId).not.toBeNull();
    const list = (await t.call({ url: '/api/conversations', cookie: b.admin })).json();
    expect(list.find((c: { id: number }) => c.id === thread.id)).toMatchObject({ customerName: 'Robin Reply', phone: e164, unreadCount: 1 });
    // A's staff do not see it.
    expect((await t.call({ url: '/api/conversations', cookie: a.admin })).json().map((c: { id: number }) => c.id)).not.toContain(thread.id);
  });

  it('without a text to the number, goes to the one organization with a customer of that phone; with two such, to nobody', async () => {
    const one = newNumber();
    await createCustomer(t, a.org.id, { name: 'Only Alder', phone: one.digits });
    expect((await signed(inbound(one.e164, 'Do you do boilers?'))).statusCode).toBe(200);
    expect((await threadOf(a.org.id, one.e164))?.customerId).not.toBeNull();

    const shared = newNumber();
    await createCustomer(t, a.org.id, { name: 'Both A', phone: shared.digits });
    await createCustomer(t, b.org.id, { name: 'Both B', phone: shared.digits });
    const res = await signed(inbound(shared.e164, 'Who is this?'));
    // Answered as any other, so Twilio does not retry; nothing filed anywhere.
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(smsConversations).where(eq(smsConversations.phone, shared.e164))).toEqual([]);
  });

  it("files Twilio's retry of the same MessageSid once: one message, one unread, one bell per person", async () => {
    const { digits, e164 } = newNumber();
    await createCustomer(t, a.org.id, { name: 'Casey Retry', phone: digits });
    await textFrom(a, digits);
    const params = inbound(e164, 'Yes please');
    // The first delivery and Twilio's retry at once, then a late retry.
    const [first, second] = await Promise.all([signed(params), signed(params)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await signed(params)).statusCode).toBe(200);
    const thread = await threadOf(a.org.id, e164);
    expect(thread.unreadCount).toBe(1);
    expect((await messagesOf(thread.id)).filter((m) => m.direction === 'inbound')).toHaveLength(1);

    // The bell: the staff who read messages (admin, manager, employee), not the customer's own login.
    const bells = await t.database.db.select().from(notifications).where(and(eq(notifications.organizationId, a.org.id), eq(notifications.title, 'Text from Casey Retry')));
    expect(bells).toHaveLength(3);
    expect(bells[0]).toMatchObject({ type: 'sms_reply', body: 'Yes please', link: `/messaging?conversation=${thread.id}` });
    const employeeBell = (await t.call({ url: '/api/notifications', cookie: a.employee })).json();
    expect(employeeBell.some((x: { title: string }) => x.title === 'Text from Casey Retry')).toBe(true);
    expect((await t.call({ url: '/api/notifications', cookie: a.customerUser })).json().some((x: { title: string }) => x.title === 'Text from Casey Retry')).toBe(false);
  });
});

describe('STOP and START', () => {
  it('STOP (any case, the whole message) stops every later text from every organization; START lets them through again', async () => {
    const { digits, e164 } = newNumber();
    await textFrom(a, digits);
    expect((await signed(inbound(e164, '  stop '))).statusCode).toBe(200);
    expect(await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, e164))).toEqual([expect.objectContaining({ keyword: 'STOP' })]);
    const thread = await threadOf(a.org.id, e164);
    expect((await t.call({ url: `/api/conversations/${thread.id}`, cookie: a.admin })).json()).toMatchObject({ optedOut: true });

    // A message to that number alone: 409 with the reason, nothing sent to Twilio, the attempt kept with it.
    const sentBefore = sid;
    const refused = await textFrom(b, digits, 'Birch: a new offer');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This number has opted out of text messages (they replied STOP). Nothing was sent.');
    expect(sid).toBe(sentBefore);
    const [kept] = await t.database.db.select().from(outbox).where(and(eq(outbox.to, e164), eq(outbox.text, 'Birch: a new offer')));
    expect(kept).toMatchObject({ status: 'opted_out', organizationId: b.org.id });
    // The answer from the thread is refused the same way.
    const reply = await t.call({ method: 'POST', url: `/api/conversations/${thread.id}/messages`, cookie: a.admin, payload: { body: 'Sorry to see you go' } });
    expect(reply.statusCode).toBe(409);
    expect(sid).toBe(sentBefore);

    // A message to two numbers, one opted out: the other is sent, the opted-out one is that recipient's outcome.
    const other = newNumber();
    const both = await t.call({ method: 'POST', url: '/api/messages', cookie: b.admin, payload: { type: 'sms', status: 'sent', recipients: [digits, other.digits], content: 'Birch: closed Monday' } });
    expect(both.statusCode).toBe(201);
    expect(both.json().status).toBe('sent');
    expect(sid).toBe(sentBefore + 1);

    // A message that is not only the word is a message.
    expect((await signed(inbound(e164, 'Stop by at noon?'))).statusCode).toBe(200);
    expect(await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, e164))).toHaveLength(1);

    expect((await signed(inbound(e164, 'START'))).statusCode).toBe(200);
    expect(await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, e164))).toEqual([]);
    expect((await textFrom(b, digits, 'Birch: welcome back')).statusCode).toBe(201);
    expect(sid).toBe(sentBefore + 2);
  });

  it('takes every opt-out and opt-in word, and records an opt-out even from a number nobody texted', async () => {
    for (const word of ['STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit', 'STOP']) {
      const { e164 } = newNumber();
      expect((await signed(inbound(e164, word))).statusCode).toBe(200);
      expect(await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, e164)), word).toHaveLength(1);
      const back = ['START', 'yes', 'Unstop'][word.length % 3];
      expect((await signed(inbound(e164, back))).statusCode).toBe(200);
      expect(await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, e164)), back).toEqual([]);
    }
  });
});
