// The per-client limits on public calls (docs/public-endpoints.md): the real figures (PUBLIC_LIMIT_SCALE 1), every
// call counted whether valid or not, 429 with Retry-After past the limit, other clients untouched, and on PostgreSQL
// parallel calls and several app instances never letting more through than the limit.
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { PORTAL_TOKEN_HEADER } from '../../contracts/customer-portal';
import { openDatabase } from '../db/client';
import { outbox } from '../db/schema/index';
import { bookingOrg, nextWeekday, type BookingOrg } from '../features/scheduling/scheduling.test-kit';
import { createTestApp, type TestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';
import { addDays } from './wall-clock';
import { CLIENT_LIMITS, clientKey, scaledMax, waitText, type ClientLimit } from './client-limits';

const HOUR = 3_600_000;
const TZ = 'America/Los_Angeles';
const CARD_DECLINED = { number: '4000000000000002', expMonth: 12, expYear: 2035, cvc: '123' };

let t: TestApp;
let org: BookingOrg;
let staff: string;
let linkId: string;
let invoiceId: number;
let customerId: number;
let portalToken: string;
let paymentSecret: string;
let setupSecret: string;
/** Hold tokens of online bookings waiting for a deposit and for a card (docs/rules/scheduling.md#holding-a-booking). */
let depositHold: string;
let cardHold: string;

let ipNo = 0;
const nextIp = () => `198.51.${Math.floor(++ipNo / 250)}.${ipNo % 250}`;

/** Counters are per clock hour: a test starting in the hour's last seconds waits for the next, so one window holds it. */
async function clearOfWindowEdge() {
  const left = HOUR - (Date.now() % HOUR);
  if (left < 10_000) await new Promise((r) => setTimeout(r, left + 50));
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_LIMIT_SCALE: '1' });
  org = await bookingOrg(t);
  staff = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
  const ok = (r: LightMyRequestResponse, status = 200) => {
    expect(r.statusCode, r.body).toBe(status);
    return r.json();
  };
  const setupIp = '192.0.2.1';
  linkId = ok(await t.call({ method: 'POST', url: '/api/generic-payment-links', cookie: staff, payload: { organizationId: org.id } }), 201).linkId;
  customerId = ok(await t.call({ method: 'POST', url: '/api/customers', cookie: staff, payload: { name: 'Pat Payer', email: 'pat@example.com' } }), 201).id;
  invoiceId = ok(
    await t.call({
      method: 'POST',
      url: '/api/invoices',
      cookie: staff,
      payload: { customerId, status: 'sent', dueDate: '2099-01-01T00:00:00.000Z', lineItems: [{ description: 'Work', quantity: 1, rate: '100.00' }] },
    }),
    201,
  ).id;
  // The portal link goes to the customer's e-mail (the outbox here); its token rides in the portal token header.
  ok(await t.call({ method: 'POST', url: `/api/customers/${customerId}/portal-link`, cookie: staff, payload: {} }));
  const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'pat@example.com')).orderBy(desc(outbox.id)).limit(1);
  portalToken = decodeURIComponent(/[#?&]token=([^&\s]+)/.exec(mail?.text ?? '')?.[1] ?? '');
  expect(portalToken).not.toBe('');
  paymentSecret = ok(await t.call({ method: 'POST', url: '/api/create-payment-intent', cookie: staff, payload: { amount: '25.00', customerName: 'Pat', description: 'Fence' } })).clientSecret;
  setupSecret = ok(await t.call({ method: 'POST', url: `/api/customers/${customerId}/setup-intent`, remoteAddress: setupIp, headers: { [PORTAL_TOKEN_HEADER]: portalToken } })).clientSecret;
  const held = async (bookingHold: string) => {
    const o = await bookingOrg(t, { bookingHold });
    const body = { customerName: 'Hana Holder', customerEmail: `hold-${bookingHold}@example.com`, serviceId: o.serviceId, appointmentDate: `${nextWeekday(TZ, 4)}T10:00:00` };
    return ok(await t.call({ method: 'POST', url: `/api/public/schedule-by-slug/${o.slug}/book`, remoteAddress: setupIp, payload: body }), 201).hold.holdToken as string;
  };
  depositHold = await held('deposit');
  cardHold = await held('card');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(clearOfWindowEdge);

type Call = (ip: string, i: number) => Promise<LightMyRequestResponse>;
const post = (url: string, ip: string, payload?: unknown, cookie?: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url, remoteAddress: ip, cookie, headers, ...(typeof payload === 'string' ? { payload } : payload === undefined ? {} : { payload: payload as object }) });
const asPortal = () => ({ [PORTAL_TOKEN_HEADER]: portalToken });

/** A morning on a day of its own for each booking (every day is open), so valid bookings never collide. */
const bookingBody = (n: number) => ({
  customerName: 'Pat Booker',
  customerEmail: `family${n}@example.com`,
  customerPhone: '555-123-4567',
  serviceId: org.serviceId,
  appointmentDate: `${addDays(nextWeekday(TZ, 2), n)}T10:00:00`,
});
let bookingNo = 0;
const book: Call = (ip) => post(`/api/public/schedule-by-slug/${org.slug}/book`, ip, bookingBody(bookingNo++));
const linkIntent: Call = (ip) => post(`/api/public/payment-links/${linkId}/payment-intent`, ip, { amount: '12.50', customerName: 'Pat Payer', description: 'Deposit' });
const portalIntent: Call = (ip) => post(`/api/invoices/${invoiceId}/payment-intent`, ip, undefined, undefined, asPortal());
const setupIntent: Call = (ip) => post(`/api/customers/${customerId}/setup-intent`, ip, undefined, undefined, asPortal());
const bookingDeposit: Call = (ip) => post(`/api/public/bookings/${depositHold}/deposit-intent`, ip);
const bookingCard: Call = (ip) => post(`/api/public/bookings/${cardHold}/setup-intent`, ip);
const confirmDeclined: Call = (ip) => post('/api/payment-intents/confirm', ip, { clientSecret: paymentSecret, card: CARD_DECLINED });
const confirmSetupDeclined: Call = (ip) => post('/api/setup-intents/confirm', ip, { clientSecret: setupSecret, card: CARD_DECLINED });

interface Case {
  what: string;
  limit: ClientLimit;
  /** Valid calls, taken in turn (routes sharing a limit share its count). */
  valid: Call[];
  /** The status a valid call answers while within the limit. */
  validStatus: number[];
  /** Calls refused for their input: they count all the same. */
  invalid: Call[];
}

const cases: Case[] = [
  {
    what: 'public booking',
    limit: CLIENT_LIMITS.booking,
    valid: [book],
    validStatus: [201],
    invalid: [(ip) => post(`/api/public/schedule-by-slug/${org.slug}/book`, ip, { customerName: '' }), (ip) => post(`/api/public/schedule-by-slug/${org.slug}/book`, ip, '{"broken": ')],
  },
  {
    what: 'anonymous payment starts (payment link, portal Pay Now, portal Save Card, a held booking\'s deposit and card)',
    limit: CLIENT_LIMITS.paymentStart,
    valid: [linkIntent, portalIntent, setupIntent, bookingDeposit, bookingCard],
    validStatus: [200],
    invalid: [
      (ip) => post(`/api/public/payment-links/${linkId}/payment-intent`, ip, { amount: 'lots' }),
      (ip) => post('/api/invoices/abc/payment-intent', ip),
      (ip) => post(`/api/public/bookings/${depositHold}/deposit-intent`, ip, '{"broken": '),
    ],
  },
  {
    what: 'anonymous card submissions (payment and card-save confirm)',
    limit: CLIENT_LIMITS.cardSubmit,
    valid: [confirmDeclined, confirmSetupDeclined],
    validStatus: [402],
    invalid: [(ip) => post('/api/payment-intents/confirm', ip, { clientSecret: 'x' }), (ip) => post('/api/setup-intents/confirm', ip, { card: CARD_DECLINED })],
  },
  {
    what: 'opening a payment link',
    limit: CLIENT_LIMITS.linkOpen,
    valid: [(ip) => post(`/api/public/payment-links/${linkId}/open`, ip)],
    validStatus: [200],
    invalid: [(ip) => post(`/api/public/payment-links/${linkId}/open`, ip, '{"broken": ')],
  },
  {
    what: "Pay Now on an organization's home page (its generic link)",
    limit: CLIENT_LIMITS.genericLink,
    valid: [(ip) => post('/api/generic-payment-links', ip, { organizationId: org.id })],
    validStatus: [200],
    invalid: [(ip) => post('/api/generic-payment-links', ip, { organizationId: 'mine' }), (ip) => post('/api/generic-payment-links', ip, '{"broken": ')],
  },
  {
    what: 'registration',
    limit: CLIENT_LIMITS.registration,
    valid: [(ip, i) => post('/api/auth/register', ip, { email: `new${i}-${ipNo}@example.com`, firstName: 'New', lastName: 'Person' })],
    // 201 today; a registration that waits for the address to be proved may answer 200 or 202.
    validStatus: [200, 201, 202],
    invalid: [(ip) => post('/api/auth/register', ip, { email: 'not-an-address' })],
  },
  {
    what: 'code verification',
    limit: CLIENT_LIMITS.codeCheck,
    valid: [(ip) => post('/api/auth/verify-otp', ip, { email: 'nobody@example.com', code: '123456' })],
    validStatus: [400, 401, 404],
    invalid: [(ip) => post('/api/auth/verify-otp', ip, { code: '12' })],
  },
];

function expectLimited(res: LightMyRequestResponse, limit: ClientLimit) {
  expect(res.statusCode, res.body).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  const untilHourEnds = Math.ceil((HOUR - (Date.now() % HOUR)) / 1000);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(Math.abs(retryAfter - untilHourEnds)).toBeLessThanOrEqual(2);
  expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: `${limit.message} Please try again in ${waitText(retryAfter)}.` });
}

describe('per-client limits on the public calls', () => {
  for (const c of cases) {
    it(`${c.what}: ${c.limit.max} calls a client hour, valid or not; the next answers 429 with Retry-After; another client is unaffected`, async () => {
      const ip = nextIp();
      const answers: { status: number; valid: boolean; body: string }[] = [];
      for (let i = 0; i < c.limit.max; i++) {
        const valid = i % 2 === 0;
        const call = valid ? c.valid[(i / 2) % c.valid.length] : c.invalid[((i - 1) / 2) % c.invalid.length];
        const res = await call(ip, i);
        answers.push({ status: res.statusCode, valid, body: res.body });
      }
      // Within the limit every call is answered for what it is: valid ones as usual, bad input with 400.
      for (const a of answers) expect(a.valid ? c.validStatus : [400], a.body).toContain(a.status);

      expectLimited(await c.valid[0](ip, c.limit.max), c.limit);
      expectLimited(await c.invalid[0](ip, c.limit.max + 1), c.limit);

      const other = await c.valid[0](nextIp(), c.limit.max + 2);
      expect(c.validStatus, other.body).toContain(other.statusCode);
    });
  }

  it('anonymous-only limits leave signed-in staff on the same address alone', async () => {
    const ip = nextIp();
    for (let i = 0; i < CLIENT_LIMITS.cardSubmit.max; i++) await confirmDeclined(ip, i);
    expect((await confirmDeclined(ip, 0)).statusCode).toBe(429);
    const asStaff = await post('/api/payment-intents/confirm', ip, { clientSecret: paymentSecret, card: CARD_DECLINED }, staff);
    expect(asStaff.statusCode, asStaff.body).toBe(402);

    for (let i = 0; i < CLIENT_LIMITS.paymentStart.max; i++) await linkIntent(ip, i);
    expect((await portalIntent(ip, 0)).statusCode).toBe(429);
    // Staff previewing the customer's portal pay the same invoice from the same office address.
    const preview = await post(`/api/invoices/${invoiceId}/payment-intent?customer=${customerId}`, ip, undefined, staff);
    expect(preview.statusCode, preview.body).toBe(200);
  });

  it('counts a call the CSRF rule refuses, and a forged X-Forwarded-For is not a new client (TRUST_PROXY off)', async () => {
    const ip = nextIp();
    const limit = CLIENT_LIMITS.registration;
    for (let i = 0; i < limit.max; i++) {
      const res = await t.call({ method: 'POST', url: '/api/auth/register', remoteAddress: ip, headers: { 'content-type': 'text/plain' }, payload: 'x' });
      expect(res.statusCode).toBe(415);
    }
    const forged = await t.call({ method: 'POST', url: '/api/auth/register', remoteAddress: ip, headers: { 'x-forwarded-for': '203.0.113.77' }, payload: {} });
    expectLimited(forged, limit);
  });

  it('one IPv6 client is its /64: other addresses in it share the count, the next /64 does not', async () => {
    const limit = CLIENT_LIMITS.codeCheck;
    const verify = (ip: string) => post('/api/auth/verify-otp', ip, { email: 'nobody@example.com', code: '123456' });
    for (let i = 0; i < limit.max; i++) expect((await verify(`2001:db8:7:9::${(i + 1).toString(16)}`)).statusCode).not.toBe(429);
    expectLimited(await verify('2001:db8:7:9:ffff:1:2:3'), limit);
    expect((await verify('2001:db8:7:a::1')).statusCode).not.toBe(429);
  });
});

describe('PUBLIC_LIMIT_SCALE', () => {
  it('multiplies every figure, never below one call; zero, negative or text is refused at start-up', () => {
    expect(loadConfig({}).PUBLIC_LIMIT_SCALE).toBe(1);
    expect(loadConfig({ PUBLIC_LIMIT_SCALE: '2.5' }).PUBLIC_LIMIT_SCALE).toBe(2.5);
    for (const bad of ['0', '-1', 'lots']) expect(() => loadConfig({ PUBLIC_LIMIT_SCALE: bad })).toThrow(/PUBLIC_LIMIT_SCALE/);
    expect(scaledMax(CLIENT_LIMITS.booking, 2.5)).toBe(25);
    expect(scaledMax(CLIENT_LIMITS.booking, 0.001)).toBe(1);
  });

  it('is what the app enforces', async () => {
    const scaled = await createTestApp({ PUBLIC_LIMIT_SCALE: '0.1' });
    try {
      const verify = () => scaled.call({ method: 'POST', url: '/api/auth/verify-otp', remoteAddress: '192.0.2.50', payload: { email: 'nobody@example.com', code: '123456' } });
      for (let i = 0; i < 5; i++) expect((await verify()).statusCode).not.toBe(429);
      expect((await verify()).statusCode).toBe(429);
    } finally {
      await scaled.close();
    }
  });
});

describe('who one client is', () => {
  it('an IPv4 address (also written IPv4-mapped), or an IPv6 /64', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:7:9::1')).toBe('2001:db8:7:9::/64');
    expect(clientKey('2001:0db8:0007:0009:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:7:9::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
  });

  it('tells the wait in whole minutes, rounded up', () => {
    expect(waitText(1)).toBe('1 minute');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(3600)).toBe('60 minutes');
  });
});

// PGlite runs one query at a time, so only PostgreSQL can show that parallel calls never slip past the count.
describe.runIf(Boolean(inject('pgTemplate')))('parallel calls on PostgreSQL', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  const send = (path: string, body: unknown) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.status);

  it(`45 simultaneous bookings from one client over a real port: exactly ${CLIENT_LIMITS.booking.max} booked, the rest 429`, async () => {
    const statuses = await Promise.all(Array.from({ length: 45 }, () => send(`/api/public/schedule-by-slug/${org.slug}/book`, bookingBody(bookingNo++))));
    expect(statuses.filter((s) => s === 201)).toHaveLength(CLIENT_LIMITS.booking.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45 - CLIENT_LIMITS.booking.max);
  });

  it(`45 simultaneous payment-link intents from one client: exactly ${CLIENT_LIMITS.paymentStart.max} started, the rest 429`, async () => {
    const statuses = await Promise.all(
      Array.from({ length: 45 }, () => send(`/api/public/payment-links/${linkId}/payment-intent`, { amount: '12.50', customerName: 'Pat Payer', description: 'Deposit' })),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(CLIENT_LIMITS.paymentStart.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45 - CLIENT_LIMITS.paymentStart.max);
  });

  it('two app instances on one database share the counts', async () => {
    const database = await openTestDatabase();
    const a = await createTestApp({ PUBLIC_LIMIT_SCALE: '1' }, { database });
    const b = await createTestApp({ PUBLIC_LIMIT_SCALE: '1' }, { database: await openDatabase({ databaseUrl: database.url!, poolSize: 5 }) });
    try {
      const limit = CLIENT_LIMITS.codeCheck;
      const verify = (app: TestApp) => app.call({ method: 'POST', url: '/api/auth/verify-otp', remoteAddress: '192.0.2.99', payload: { email: 'nobody@example.com', code: '123456' } });
      const total = limit.max + 30;
      const statuses = (await Promise.all(Array.from({ length: total }, (_, i) => verify(i % 2 ? a : b)))).map((r) => r.statusCode);
      expect(statuses.filter((s) => s !== 429)).toHaveLength(limit.max);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
