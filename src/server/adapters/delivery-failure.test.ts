// SMTP and Twilio failures answered as what they are (docs/payments.md, "Third-party failures"; ADR 007): 502 when
// the provider refused (SMTP 535 or 550, Twilio's 401), 503 when it could not be reached, a log line naming the
// provider and its reason, the failed delivery counted by System Health; never 200 "Code sent".
import http from 'node:http';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, messages, outbox } from '../db/schema/index';
import { checkSystemHealth } from '../features/admin/system-health';
import { createTestApp, type TestApp } from '../test/test-app';
import { closedPort } from '../test/closed-port';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { DELIVERY_FAILURE_MESSAGES } from './delivery-failure';

interface LogLine {
  level: number;
  provider?: string;
  reason?: string;
  status?: number;
  msg: string;
}

interface Rig {
  t: TestApp;
  logs: LogLine[];
  cookie: string;
  organizationId: number;
  customerId: number;
}

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** An app whose mail (or SMS) goes to the given transport, a manager of a fresh organization and a customer with e-mail. */
async function rig(env: Record<string, string>): Promise<Rig> {
  const logs: LogLine[] = [];
  const t = await createTestApp({ LOG_LEVEL: 'warn', ...env }, { log: { write: (line) => void logs.push(JSON.parse(line) as LogLine) } });
  closers.push(() => t.close());
  const org = await t.createOrganization({ name: 'Mail Trouble Co' });
  const user = await t.createUser({ role: 'org_admin', organizationId: org.id });
  const [c] = await t.database.db.insert(customers).values({ organizationId: org.id, name: 'Pat', email: 'pat@example.com', portalAccessEnabled: true }).returning();
  return { t, logs, cookie: await t.cookieFor(user.id), organizationId: org.id, customerId: c.id };
}

const providerLines = (r: Rig, provider: string) => r.logs.filter((l) => l.provider === provider);

let refusing: Rig; // SMTP answers 535 to our credentials
let rejecting: Rig; // SMTP takes the login but refuses the message with 550
let unreachable: Rig; // nothing listens on the SMTP port
let authSink: SmtpSink;

beforeAll(async () => {
  authSink = await startSmtpSink({ auth: { user: 'tradebook', pass: 'right-password' } });
  closers.push(() => authSink.close());
  const rejectSink = await startSmtpSink({ rejectData: { responseCode: 550, message: 'Mailbox unavailable' } });
  closers.push(() => rejectSink.close());
  refusing = await rig({ SMTP_URL: `smtp://tradebook:wrong-password@127.0.0.1:${authSink.port}` });
  rejecting = await rig({ SMTP_URL: rejectSink.url });
  unreachable = await rig({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
});

describe('sign-in codes', () => {
  it('answers 502 when the mail server refuses our login (535), logs it as an error, and records the failed delivery', async () => {
    const user = await refusing.t.createUser({ role: 'employee', organizationId: refusing.organizationId });
    const res = await refusing.t.call({ method: 'POST', url: '/api/auth/send-otp', payload: { email: user.email } });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'PROVIDER_FAILED', message: DELIVERY_FAILURE_MESSAGES.email.refused });
    const [line] = providerLines(refusing, 'smtp');
    expect(line).toMatchObject({ level: 50, provider: 'smtp', status: 502 });
    expect(line.reason).toMatch(/535/);
    const [row] = await refusing.t.database.db.select().from(outbox).where(eq(outbox.to, user.email));
    expect(row).toMatchObject({ status: 'failed', transport: 'smtp' });
  });

  it('answers 503 with Retry-After when the mail server cannot be reached, logged as a warning', async () => {
    const user = await unreachable.t.createUser({ role: 'employee', organizationId: unreachable.organizationId });
    const res = await unreachable.t.call({ method: 'POST', url: '/api/auth/send-otp', payload: { email: user.email } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json()).toEqual({ code: 'PROVIDER_UNAVAILABLE', message: DELIVERY_FAILURE_MESSAGES.email.unreachable });
    const [line] = providerLines(unreachable, 'smtp');
    expect(line).toMatchObject({ level: 40, provider: 'smtp', status: 503 });
    expect(line.reason).toMatch(/ECONNREFUSED|connect/i);
  });

  it('still answers 200 "Code sent" when the mail server takes the message', async () => {
    const ok = await rig({ SMTP_URL: authSink.url });
    const user = await ok.t.createUser({ role: 'employee', organizationId: ok.organizationId });
    const res = await ok.t.call({ method: 'POST', url: '/api/auth/send-otp', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    expect(authSink.received.some((m) => m.to.includes(user.email))).toBe(true);
    expect(providerLines(ok, 'smtp')).toEqual([]);
  });
});

describe('e-mails staff send', () => {
  it('an invoice e-mail the server refuses (550) answers 502 and stays a draft in Messaging', async () => {
    const inv = (await rejecting.t.call({ method: 'POST', url: '/api/invoices', cookie: rejecting.cookie, payload: { customerId: rejecting.customerId } })).json();
    const res = await rejecting.t.call({ method: 'POST', url: `/api/invoices/${inv.id}/email`, cookie: rejecting.cookie });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'PROVIDER_FAILED', message: DELIVERY_FAILURE_MESSAGES.email.refused });
    expect(providerLines(rejecting, 'smtp').at(-1)?.reason).toMatch(/550/);
    const [msg] = await rejecting.t.database.db.select().from(messages).where(eq(messages.organizationId, rejecting.organizationId));
    expect(msg).toMatchObject({ status: 'draft', sentDate: null });
  });

  it('a portal link e-mail answers 502 when refused and 503 when the server is unreachable', async () => {
    const refused = await rejecting.t.call({ method: 'POST', url: `/api/customers/${rejecting.customerId}/portal-link`, cookie: rejecting.cookie });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ code: 'PROVIDER_FAILED', message: DELIVERY_FAILURE_MESSAGES.email.refused });
    const down = await unreachable.t.call({ method: 'POST', url: `/api/customers/${unreachable.customerId}/portal-link`, cookie: unreachable.cookie });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ code: 'PROVIDER_UNAVAILABLE', message: DELIVERY_FAILURE_MESSAGES.email.unreachable });
  });

  it('a message to one recipient answers 502 and stays a draft; the failures degrade System Health', async () => {
    const res = await refusing.t.call({
      method: 'POST',
      url: '/api/messages',
      cookie: refusing.cookie,
      payload: { subject: 'Hello', content: 'Spring visit', recipients: ['ann@example.com'], status: 'sent' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'PROVIDER_FAILED', message: DELIVERY_FAILURE_MESSAGES.email.refused });
    const [kept] = await refusing.t.database.db.select().from(messages).where(eq(messages.subject, 'Hello'));
    expect(kept.status).toBe('draft');
    // Three failed deliveries within the hour: the sign-in code above, this message and a portal link.
    await refusing.t.call({ method: 'POST', url: `/api/customers/${refusing.customerId}/portal-link`, cookie: refusing.cookie });
    const health = await checkSystemHealth(refusing.t.database);
    expect(health.status).toBe('Degraded');
    expect(health.checks.find((c) => c.id === 'outbox')).toMatchObject({ ok: false, detail: '3 e-mail or SMS deliveries failed in the last hour' });
  });
});

describe('text messages through Twilio', () => {
  let twilio: http.Server;
  let twilioRefusing: Rig;
  let twilioUnreachable: Rig;
  const seen: string[] = [];
  const TWILIO = { TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000', TWILIO_AUTH_TOKEN: 'revoked-token', TWILIO_FROM: '+15550000000' };

  beforeAll(async () => {
    // A stand-in for api.twilio.com answering as Twilio does to a revoked token.
    twilio = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 }));
    });
    await new Promise<void>((r) => twilio.listen(0, '127.0.0.1', r));
    closers.push(() => new Promise((r) => twilio.close(r)));
    twilioRefusing = await rig({ ...TWILIO, TWILIO_API_BASE: `http://127.0.0.1:${(twilio.address() as net.AddressInfo).port}` });
    twilioUnreachable = await rig({ ...TWILIO, TWILIO_API_BASE: `http://127.0.0.1:${await closedPort()}` });
  });

  const sendSms = (r: Rig) =>
    r.t.call({ method: 'POST', url: '/api/messages', cookie: r.cookie, payload: { type: 'sms', content: 'Your tech is on the way', recipients: ['5555550142'], status: 'sent' } });

  it("answers 502 when Twilio refuses (401), naming Twilio's reason in the log only", async () => {
    const res = await sendSms(twilioRefusing);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'PROVIDER_FAILED', message: DELIVERY_FAILURE_MESSAGES.sms.refused });
    expect(seen.some((s) => s.startsWith('POST /2010-04-01/Accounts/AC00000000000000000000000000000000/Messages.json'))).toBe(true);
    const [line] = providerLines(twilioRefusing, 'twilio');
    expect(line).toMatchObject({ level: 50, provider: 'twilio', status: 502 });
    expect(line.reason).toContain('Authenticate');
  });

  it('answers 503 when Twilio cannot be reached', async () => {
    const res = await sendSms(twilioUnreachable);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'PROVIDER_UNAVAILABLE', message: DELIVERY_FAILURE_MESSAGES.sms.unreachable });
    expect(providerLines(twilioUnreachable, 'twilio')[0]).toMatchObject({ level: 40, status: 503 });
  });
});
