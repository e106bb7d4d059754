// The load of `npm run bench:mixed`: virtual users, each on its own keep-alive connection, looping back to back over
// a weighted mix of what office staff do (pages at varied offsets, searches for real names and numbers and for
// misses, opening an invoice, the dashboard, adding customers and invoices) and, optionally, a member of the
// public booking a visit. Each user draws from its own seeded random source, so a seed replays the same calls.
import http from 'node:http';
import zlib from 'node:zlib';
import { DEFAULT_PAGE_SIZE } from '../src/contracts/lists';
import { encodeCursor } from '../src/server/platform/list-cursor';
import { createPicker, createRandom, pickOne } from './bench-mixed-stats';
import type { OrgSample, VirtualUser } from './bench-mixed-data';

export const MIX_CALLS = ['customers-page', 'customers-next-page', 'customer-search', 'invoice-search', 'invoice-open', 'dashboard', 'customer-create', 'invoice-create', 'booking', 'dispatch-board', 'my-day'] as const;
export type MixCall = (typeof MIX_CALLS)[number];

/** About 10 % writes; bookings only when asked for (`--mix booking=5`). */
export const DEFAULT_MIX: Record<MixCall, number> = {
  'customers-page': 25,
  // The page after a customer's cursor, as an API client walking the list pages (--growth measures it).
  'customers-next-page': 0,
  'customer-search': 20,
  'invoice-search': 20,
  'invoice-open': 15,
  dashboard: 10,
  'customer-create': 5,
  'invoice-create': 5,
  booking: 0,
  // The team screens (issue 17), when asked for (`--mix dispatch-board=10,my-day=10`).
  'dispatch-board': 0,
  'my-day': 0,
};

/** A booking is two calls: the day's free slots, then the POST of one of them. */
export type CallType = Exclude<MixCall, 'booking'> | 'booking-slots' | 'booking-post';

export interface CallFigures {
  latencies: number[];
  errors: number;
  /** Answers by HTTP status (0: no answer). */
  statuses: Record<number, number>;
}

export interface LoadResult {
  byCall: Map<CallType, CallFigures>;
  seconds: number;
  users: number;
  /** The first few failed calls, to tell a refused request from a slow server. */
  errorSamples: string[];
}

export interface LoadOptions {
  base: string;
  users: VirtualUser[];
  mix: Record<MixCall, number>;
  warmUpSeconds: number;
  seconds: number;
  seed: number;
  /** Called every second while measuring (the server's memory is sampled there). */
  onTick?: () => void;
}

interface Answer {
  status: number;
  body: string;
}

/** Chromium's Accept-Encoding, so answers are measured compressed as the screens get them. */
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';
/** For the one answer the load reads (free slots): encodings Node 20 can decode. */
const READABLE_ENCODING = 'gzip, deflate, br';

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(body).toString('utf8');
  return encoding ? '' : body.toString('utf8');
}

function send(agent: http.Agent, base: string, method: 'GET' | 'POST', path: string, cookie: string | undefined, body?: unknown, encoding = BROWSER_ENCODING): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { 'accept-encoding': encoding };
  if (cookie) headers.cookie = cookie;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    // A browser's same-origin POST (the guard's CSRF rule, platform/guard.ts).
    headers.origin = base;
  }
  return new Promise((resolve) => {
    const req = http.request(base + path, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        // Only failures and the one answer the load reads are decoded (the app compresses with br or gzip).
        const text = res.statusCode === 200 && encoding === BROWSER_ENCODING ? '' : decode(raw, res.headers['content-encoding']);
        resolve({ status: res.statusCode ?? 0, body: text });
      });
      res.on('error', () => resolve({ status: 0, body: '' }));
    });
    req.on('error', (e) => resolve({ status: 0, body: e.message }));
    req.end(payload);
  });
}

/** A search term as staff type one: a whole name, a surname, a first name, a number, or a miss. */
function customerTerm(random: () => number, org: OrgSample): string {
  const name = pickOne(random, org.customers).name;
  const words = name.split(' ');
  return pickOne(random, [name, words[1] ?? name, (words[0] ?? name).toLowerCase(), `${words[0]} ${(words[1] ?? '').slice(0, 3)}`, `zq${Math.floor(random() * 1e6)}`]);
}

function invoiceTerm(random: () => number, org: OrgSample): string {
  const number = pickOne(random, org.invoices).number;
  const surname = pickOne(random, org.customers).name.split(' ')[1] ?? 'smith';
  return pickOne(random, [number, number.slice(0, -1), surname.toLowerCase(), `INV-9${Math.floor(random() * 1e5)}`]);
}

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Record_ = (type: CallType, started: number, answer: Answer) => void;

/** One step of the mix for one user; `n` numbers the user's writes so their names and e-mails stay unique. */
async function step(call: MixCall, u: VirtualUser, random: () => number, n: number, agent: http.Agent, base: string, record: Record_, seed: number): Promise<void> {
  const org = u.org;
  const timed = async (type: CallType, method: 'GET' | 'POST', path: string, body?: unknown, cookie: string | undefined = u.cookie, encoding?: string) => {
    const started = performance.now();
    const answer = await send(agent, base, method, path, cookie, body, encoding);
    record(type, started, answer);
    return answer;
  };
  switch (call) {
    case 'customers-page': {
      const pages = Math.max(1, Math.ceil(org.customerTotal / DEFAULT_PAGE_SIZE));
      await timed(call, 'GET', `/api/customers?offset=${Math.floor(random() * pages) * DEFAULT_PAGE_SIZE}&limit=${DEFAULT_PAGE_SIZE}`);
      return;
    }
    case 'customers-next-page': {
      const from = pickOne(random, org.customers);
      const after = encodeCursor([from.name.toLowerCase(), from.name, from.id]);
      await timed(call, 'GET', `/api/customers?limit=${DEFAULT_PAGE_SIZE}&after=${after}`);
      return;
    }
    case 'customer-search':
      await timed(call, 'GET', `/api/customers?q=${encodeURIComponent(customerTerm(random, org))}`);
      return;
    case 'invoice-search':
      await timed(call, 'GET', `/api/invoices?q=${encodeURIComponent(invoiceTerm(random, org))}`);
      return;
    case 'invoice-open':
      await timed(call, 'GET', `/api/invoices/${pickOne(random, org.invoices).id}`);
      return;
    case 'dashboard':
      await timed(call, 'GET', '/api/dashboard/stats');
      return;
    case 'dispatch-board': {
      // A dispatcher's day or week, around today.
      const days = random() < 0.5 ? 1 : 7;
      await timed(call, 'GET', `/api/dispatch?date=${dayFromNow(Math.floor(random() * 14) - 7)}&days=${days}`);
      return;
    }
    case 'my-day':
      await timed(call, 'GET', `/api/my-day?date=${dayFromNow(Math.floor(random() * 7))}`);
      return;
    case 'customer-create': {
      const tag = `${seed}-${u.index}-${n}`;
      await timed(call, 'POST', '/api/customers', { name: `Bench Customer ${tag}`, email: `customer-${tag}@bench.example`, phone: '2175550123', city: 'Springfield', state: 'IL', zip: '62701', paymentTerms: 'net30' });
      return;
    }
    case 'invoice-create': {
      const lineItems = [{ description: 'Service call', quantity: '1', rate: `${50 + Math.floor(random() * 400)}.00` }, { description: 'Parts', quantity: '2', rate: '12.50' }];
      await timed(call, 'POST', '/api/invoices', { customerId: pickOne(random, org.customers).id, dueDate: dayFromNow(30), paidDate: null, tax: null, lineItems });
      return;
    }
    case 'booking': {
      // A visitor of a small organization's booking page: the day's free slots, then one of them, at random so
      // that visitors of the same page rarely race for the same time (a lost race is a 409, counted as an error).
      const target = pickOne(random, u.bookingOrgs);
      const serviceId = pickOne(random, target.serviceIds);
      const date = dayFromNow(7 + Math.floor(random() * 20));
      const slots = await timed('booking-slots', 'GET', `/api/public/slots-by-slug/${target.slug}?date=${date}&serviceId=${serviceId}`, undefined, undefined, READABLE_ENCODING);
      let free: { appointmentDate: string }[] = [];
      try {
        if (slots.status === 200) free = JSON.parse(slots.body) as typeof free;
      } catch {
        // An unreadable list books nothing; the GET itself was timed and counted.
      }
      if (free.length === 0) return;
      const tag = `${seed}-${u.index}-${n}`;
      await timed('booking-post', 'POST', `/api/public/schedule-by-slug/${target.slug}/book`, { serviceId, customerName: `Bench Visitor ${tag}`, customerEmail: `visitor-${tag}@bench.example`, appointmentDate: pickOne(random, free).appointmentDate }, undefined);
      return;
    }
  }
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.users.length });
  const byCall = new Map<CallType, CallFigures>();
  const errorSamples: string[] = [];
  const started = performance.now();
  const measureFrom = started + o.warmUpSeconds * 1000;
  const end = measureFrom + o.seconds * 1000;
  const record: Record_ = (type, t0, answer) => {
    if (t0 < measureFrom) return;
    let f = byCall.get(type);
    if (!f) byCall.set(type, (f = { latencies: [], errors: 0, statuses: {} }));
    f.latencies.push(performance.now() - t0);
    f.statuses[answer.status] = (f.statuses[answer.status] ?? 0) + 1;
    if (answer.status < 200 || answer.status > 299) {
      f.errors++;
      if (errorSamples.length < 8) errorSamples.push(`${type}: ${answer.status} ${answer.body.slice(0, 160)}`);
    }
  };
  const ticker = o.onTick ? setInterval(() => performance.now() >= measureFrom && o.onTick!(), 1000) : undefined;
  try {
    await Promise.all(
      o.users.map(async (u) => {
        const random = createRandom(o.seed * 1000 + u.index);
        const next = createPicker(o.mix, random);
        for (let n = 0; performance.now() < end; n++) await step(next(), u, random, n, agent, o.base, record, o.seed);
      }),
    );
  } finally {
    if (ticker) clearInterval(ticker);
    agent.destroy();
  }
  return { byCall, seconds: o.seconds, users: o.users.length, errorSamples };
}
