// The code limits under concurrency (docs/rules/sign-in-and-sessions.md#sign-in-codes; docs/sign-in.md): requests fired together
// through the real app. On PostgreSQL they run on several pooled connections at once; on PGlite one at a time.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, outbox, rateLimits, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const WRONG = 'Invalid verification code';
const VOIDED = 'Too many incorrect attempts. Please request a new code.';
const SPENT = 'Invalid or expired code';
const CAPPED = 'Too many failed attempts. Please try again tomorrow.';

/** Every call from its own client address, so no per-client limit of the route plays a part: only the code's own limits. */
let ipN = 0;
const nextIp = () => `10.9.${Math.floor(++ipN / 250)}.${ipN % 250}`;

async function latestCode(email: string): Promise<string> {
  const [row] = await t.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
  const m = row?.text.match(/code is (\d{6})/);
  if (!m) throw new Error(`no code for ${email}`);
  return m[1];
}
async function newCode(email: string): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/auth/send-otp', payload: { email }, remoteAddress: nextIp() });
  expect(res.statusCode).toBe(200);
  return latestCode(email);
}
const verify = (email: string, code: string) =>
  t.call({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, code }, remoteAddress: nextIp() });
/** `n` different wrong codes. */
const wrongCodes = (code: string, n: number) => Array.from({ length: n }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));

const codeRow = async (email: string) => (await t.database.db.select().from(otpCodes).where(eq(otpCodes.email, email)).orderBy(desc(otpCodes.id)).limit(1))[0];
const failuresOf = async (email: string) =>
  (await t.database.db.select().from(rateLimits).where(eq(rateLimits.key, `otp-fail:${email}`))).reduce((sum, r) => sum + r.count, 0);
const tally = (messages: string[]) => messages.reduce<Record<string, number>>((acc, m) => ({ ...acc, [m]: (acc[m] ?? 0) + 1 }), {});

describe('one-time codes under concurrent guessing', () => {
  it('45 wrong guesses at once: exactly 5 are evaluated and the 5th voids the code; the rest are refused, and so is the right code after them', async () => {
    const u = await t.createUser();
    const code = await newCode(u.email);
    const results = await Promise.all(wrongCodes(code, 45).map((c) => verify(u.email, c)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(45).fill(400));
    expect(tally(results.map((r) => r.json().message))).toEqual({ [WRONG]: 4, [VOIDED]: 1, [SPENT]: 40 });
    expect(await codeRow(u.email)).toMatchObject({ attempts: 5, used: true });
    expect(await failuresOf(u.email)).toBe(45);

    const right = await verify(u.email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(SPENT);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('40 wrong guesses and the right code at once: never more than 5 tries are evaluated, and the right code signs in only while it holds one of them', async () => {
    const u = await t.createUser();
    const code = await newCode(u.email);
    const guesses = wrongCodes(code, 40);
    guesses.splice(20, 0, code);
    const results = await Promise.all(guesses.map((c) => verify(u.email, c)));
    const rightOne = results[20];
    const wrongOnes = tally(results.filter((_, i) => i !== 20).map((r) => r.json().message as string));
    const wrongEvaluated = (wrongOnes[WRONG] ?? 0) + (wrongOnes[VOIDED] ?? 0);
    const row = await codeRow(u.email);
    expect(row.used).toBe(true);
    expect(row.attempts).toBeLessThanOrEqual(5);
    // Every evaluated try is counted on the code: the wrong ones answered, plus the right one if it got a try.
    const rightGotATry = row.attempts - wrongEvaluated;
    expect([0, 1]).toContain(rightGotATry);
    if (rightOne.statusCode === 200) {
      expect(rightGotATry).toBe(1);
      expect(wrongEvaluated).toBeLessThanOrEqual(4);
      expect(await failuresOf(u.email)).toBe(40);
    } else {
      // It came after the 5th try, or a concurrent 5th wrong try voided the code before it could claim it.
      expect(rightOne.json().message).toBe(SPENT);
      expect(row.attempts).toBe(5);
      expect(wrongOnes[VOIDED]).toBe(1);
      expect(await failuresOf(u.email)).toBe(41);
    }
  });

  it('300 failures at once: exactly 100 are counted, the other 200 answer 429 with Retry-After, and the cap then refuses even the right code', async () => {
    const u = await t.createUser();
    const code = await newCode(u.email);
    const results = await Promise.all(wrongCodes(code, 300).map((c) => verify(u.email, c)));
    const statuses = tally(results.map((r) => String(r.statusCode)));
    expect(statuses).toEqual({ 400: 100, 429: 200 });
    for (const r of results.filter((x) => x.statusCode === 429)) {
      expect(r.json().message).toBe(CAPPED);
      const retryAfter = Number(r.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    }
    expect(tally(results.filter((r) => r.statusCode === 400).map((r) => r.json().message))).toEqual({ [WRONG]: 4, [VOIDED]: 1, [SPENT]: 95 });
    expect(await failuresOf(u.email)).toBe(100);

    const fresh = await newCode(u.email);
    const capped = await verify(u.email, fresh);
    expect(capped.statusCode).toBe(429);
    expect(await failuresOf(u.email)).toBe(100);
    expect((await codeRow(u.email)).attempts).toBe(0); // refused before the code was looked at
  });

  it('a right code is not a failure: it gives back the failure it reserved', async () => {
    const u = await t.createUser();
    const code = await newCode(u.email);
    for (const c of wrongCodes(code, 2)) expect((await verify(u.email, c)).statusCode).toBe(400);
    const ok = await verify(u.email, code);
    expect(ok.statusCode).toBe(200);
    expect(await failuresOf(u.email)).toBe(2);
    expect(await codeRow(u.email)).toMatchObject({ attempts: 3, used: true });
  });

  it('10 verifications of one right code at once sign in exactly once', async () => {
    const u = await t.createUser();
    const code = await newCode(u.email);
    const results = await Promise.all(Array.from({ length: 10 }, () => verify(u.email, code)));
    expect(tally(results.map((r) => String(r.statusCode)))).toEqual({ 200: 1, 400: 9 });
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().message).toBe(SPENT);
    const [row] = await t.database.db.select().from(users).where(and(eq(users.email, u.email)));
    expect(row.lastLoginAt).not.toBeNull();
  });
});
