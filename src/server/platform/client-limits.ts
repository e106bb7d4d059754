// Per-client limits on the calls anyone can make without an account (docs/public-endpoints.md, ADR 006).
// A route opts in with `config: { clientLimit: CLIENT_LIMITS.x }`. Every call counts, valid or not: the counter
// is hit in an onRequest hook, before the body is parsed or validated, so malformed calls cannot probe for free.
// The counters are the database's (rate-limit.ts), shared by every app instance; one atomic upsert per call, so
// parallel calls from one client never pass more than the limit.
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { rateLimited } from './errors';
import { hit, secondsUntilWindowEnds, type Limit } from './rate-limit';

export interface ClientLimit {
  /** The counter's name: routes naming the same limit share one count per client. */
  name: string;
  /** Calls one client may make per window, before PUBLIC_LIMIT_SCALE. */
  max: number;
  windowMs: number;
  /**
   * Count only callers without a session. For routes staff and signed-in customers use all day (confirming a
   * card payment, paying from the portal): they are identified and accountable, and an office shares one address.
   */
  anonymousOnly?: boolean;
  /** What the caller is told; when to try again is added. */
  message: string;
}

const HOUR = 60 * 60 * 1000;

/**
 * The public limits, sized so a real customer never meets them (docs/public-endpoints.md has the reasoning):
 * the figures are per client address per clock hour.
 */
export const CLIENT_LIMITS = {
  /** Online booking: a family booking a few appointments makes 3-5. */
  booking: { name: 'public-booking', max: 10, windowMs: HOUR, message: 'Too many bookings from your network.' },
  /**
   * Starting a payment or a card save without signing in: a payment link, the portal link's Pay Now and Save Card.
   * One payer starts one and retries the card on it; 20 covers starting over several times.
   */
  paymentStart: { name: 'public-payment-start', max: 20, windowMs: HOUR, anonymousOnly: true, message: 'Too many payment attempts from your network.' },
  /** Card or bank details submitted without signing in (each confirm is a charge try): a customer retrying a declined card several times. */
  cardSubmit: { name: 'public-card-submit', max: 20, windowMs: HOUR, anonymousOnly: true, message: 'Too many payment attempts from your network.' },
  /**
   * Opening a payment link's pay page (each opening is counted on the link): a payer opens it a few times; the
   * figure bounds writes, not reading.
   */
  linkOpen: { name: 'public-link-open', max: 120, windowMs: HOUR, message: 'Too many requests from your network.' },
  /**
   * Pay Now on an organization's home page without signing in: it hands out the organization's one generic link
   * (a write only when none is open), and a visitor clicks it a few times. Signed-in users are not counted.
   */
  genericLink: { name: 'public-generic-link', max: 30, windowMs: HOUR, anonymousOnly: true, message: 'Too many requests from your network.' },
  /** Opening a quote page (docs/rules/quote-approval.md#limits): a customer reads it a few times, perhaps on two devices. */
  quoteOpen: { name: 'public-quote-open', max: 120, windowMs: HOUR, message: 'Too many requests from your network.' },
  /** Approving, declining or asking for changes: a customer answers a few quotes, retrying a rejected signature. */
  quoteAnswer: { name: 'public-quote-answer', max: 20, windowMs: HOUR, message: 'Too many answers from your network.' },
  /** Opening an appointment's reschedule-or-cancel page: a customer looks a few times, perhaps on two devices. */
  appointmentOpen: { name: 'public-appointment-open', max: 120, windowMs: HOUR, message: 'Too many requests from your network.' },
  /** Rescheduling or cancelling by link: a customer tries a time or two, and a family has a few appointments. */
  appointmentChange: { name: 'public-appointment-change', max: 20, windowMs: HOUR, message: 'Too many changes from your network.' },
  /**
   * A staff member's calendar feed (docs/rules/team.md#calendar-feed): calendar services poll it every 15 minutes to
   * few hours, several calendars from one office address; the limit bounds guessing tokens, not subscribing.
   */
  calendarFeed: { name: 'public-calendar-feed', max: 240, windowMs: HOUR, message: 'Too many requests from your network.' },
  /** Self-registration: one person registers once, perhaps again after a mistyped address. */
  registration: { name: 'public-registration', max: 10, windowMs: HOUR, message: 'Too many registrations from your network.' },
  /**
   * Code checks: each of the 20 codes an address may request an hour (docs/rules/sign-in-and-sessions.md#sign-in-codes) may be mistyped once or twice;
   * 5 wrong tries void a code in any case (features/auth/otp.ts).
   */
  codeCheck: { name: 'public-code-check', max: 50, windowMs: HOUR, message: 'Too many code attempts from your network.' },
  /**
   * Replies to our texts, posted by Twilio's webhook servers (docs/rules/messaging.md#replies-through-twilio): a few
   * addresses carry every customer's replies, so the figure is a busy installation's hour, and bounds forged calls
   * (each costs one HMAC before it is refused).
   */
  twilioInbound: { name: 'twilio-inbound', max: 3000, windowMs: HOUR, message: 'Too many requests from your network.' },
} as const satisfies Record<string, ClientLimit>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-client limit of this route (platform/client-limits.ts). */
    clientLimit?: ClientLimit;
  }
}

/** The limit's figure at this scale; never below one call, so a scale cannot switch a limit off. */
export function scaledMax(limit: ClientLimit, scale: number): number {
  return Math.max(1, Math.floor(limit.max * scale));
}

/**
 * Who counts as one client: the IPv4 address, or the /64 network of an IPv6 address (one subscriber's
 * allocation: counting single IPv6 addresses would give each caller 2^64 fresh counters).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

function ipv6Groups(ip: string): number[] {
  let s = ip.split('%')[0];
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    s = `${s.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = s.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
  return groups.map((g) => parseInt(g, 16));
}

/** "1 minute", "42 minutes": the wait, rounded up to whole minutes. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Counts one call of a limited route for this client; throws 429 with Retry-After once the window's limit is passed. */
export async function enforceClientLimit(db: Db, limit: ClientLimit, ip: string, scale: number, now = new Date()): Promise<void> {
  const counter: Limit = { key: `client:${limit.name}:${clientKey(ip)}`, max: scaledMax(limit, scale), windowMs: limit.windowMs };
  const count = await hit(db, counter, now);
  if (count > counter.max) {
    const wait = secondsUntilWindowEnds(counter, now);
    throw rateLimited(`${limit.message} Please try again in ${waitText(wait)}.`, wait);
  }
}

/**
 * Called before the guard is registered (platform/guard.ts). Limits for everyone count in onRequest, ahead of the
 * guard, so even a call refused by the CSRF rule counts. Anonymous-only limits need the session the guard resolves,
 * so they count in preParsing: after every onRequest hook, still before the body is read.
 */
export function registerClientLimits(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  const scale = deps.config.PUBLIC_LIMIT_SCALE;
  app.addHook('onRequest', async (request) => {
    const limit = request.routeOptions.config?.clientLimit;
    if (limit && !limit.anonymousOnly) await enforceClientLimit(deps.db, limit, request.ip, scale);
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const limit = request.routeOptions.config?.clientLimit;
    if (limit?.anonymousOnly && !request.ctx) await enforceClientLimit(deps.db, limit, request.ip, scale);
    return payload;
  });
}
