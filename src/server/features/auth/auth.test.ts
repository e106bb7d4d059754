import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, outbox, userSessions, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Each test uses its own client address so per-address limits of one test do not leak into another. */
let ipN = 0;
const nextIp = () => `10.0.${Math.floor(++ipN / 250)}.${ipN % 250}`;

async function latestCode(email: string): Promise<string> {
  const [row] = await t.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
  const m = row?.text.match(/code is (\d{6})/);
  if (!m) throw new Error(`no code for ${email}`);
  return m[1];
}

async function sendOtp(email: string, ip = nextIp()) {
  return t.call({ method: 'POST', url: '/api/auth/send-otp', payload: { email }, remoteAddress: ip });
}
async function verify(email: string, code: string, ip = nextIp()) {
  return t.call({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, code }, remoteAddress: ip });
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in with an e-mailed code', () => {
  it('signs in with the code from the outbox and sets a safe session cookie', async () => {
    const org = await t.createOrganization();
    const user = await t.createUser({ organizationId: org.id, role: 'manager' });
    expect((await sendOtp(user.email)).statusCode).toBe(200);
    const code = await latestCode(user.email);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.database.db.select().from(otpCodes).where(eq(otpCodes.email, user.email));
    expect(stored[0].code).not.toContain(code); // only a salted hash is kept
    const res = await verify(user.email, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, role: 'manager', organizationId: org.id });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/);
    const token = cookie.split(';')[0].split('=')[1];
    const sessions = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    expect(sessions[0].sessionToken).not.toBe(token);
    expect(sessions[0].sessionToken).toMatch(/^[0-9a-f]{64}$/);
    const me = await t.call({ url: '/api/auth/me', cookie: `sid=${token}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
  });

  it('uses __Host-sid and Secure when the app is served over https', async () => {
    const secure = await createTestApp({ APP_URL: 'https://app.example.com' });
    try {
      const u = await secure.createUser();
      await secure.call({ method: 'POST', url: '/api/auth/send-otp', payload: { email: u.email } });
      const [row] = await secure.database.db.select().from(outbox).where(eq(outbox.to, u.email));
      const code = row.text.match(/code is (\d{6})/)![1];
      const res = await secure.call({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: u.email, code } });
      expect(String(res.headers['set-cookie'])).toMatch(/^__Host-sid=.*Secure/);
    } finally {
      await secure.close();
    }
  });

  it('answers 404 for an unknown address and 403 for a disabled account', async () => {
    const res = await sendOtp('nobody-here@example.com');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No account found for this email' });
    const disabled = await t.createUser({ isActive: false });
    const res2 = await sendOtp(disabled.email);
    expect(res2.statusCode).toBe(403);
    expect(res2.json().message).toBe('Account is disabled');
  });

  it('rejects an expired code', async () => {
    const u = await t.createUser();
    await sendOtp(u.email);
    const code = await latestCode(u.email);
    await t.database.db.update(otpCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(otpCodes.email, u.email));
    const res = await verify(u.email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid or expired code');
  });

  it('codes are valid for 10 minutes', async () => {
    const u = await t.createUser();
    await sendOtp(u.email);
    const [row] = await t.database.db.select().from(otpCodes).where(eq(otpCodes.email, u.email));
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(ttl).toBe(10 * 60 * 1000);
  });

  it('a code works once', async () => {
    const u = await t.createUser();
    await sendOtp(u.email);
    const code = await latestCode(u.email);
    expect((await verify(u.email, code)).statusCode).toBe(200);
    const again = await verify(u.email, code);
    expect(again.statusCode).toBe(400);
  });

  it('a new code voids the previous one', async () => {
    const u = await t.createUser();
    await sendOtp(u.email);
    const first = await latestCode(u.email);
    await sendOtp(u.email);
    const second = await latestCode(u.email);
    if (first !== second) expect((await verify(u.email, first)).statusCode).toBe(400);
    expect((await verify(u.email, second)).statusCode).toBe(200);
  });

  it('the 5th wrong try voids the code', async () => {
    const u = await t.createUser();
    await sendOtp(u.email);
    const code = await latestCode(u.email);
    for (let i = 0; i < 4; i++) {
      const r = await verify(u.email, wrong(code));
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('Invalid verification code');
    }
    const fifth = await verify(u.email, wrong(code));
    expect(fifth.json().message).toBe('Too many incorrect attempts. Please request a new code.');
    expect((await verify(u.email, code)).statusCode).toBe(400); // the right code no longer works
  });

  it('accepts at most 100 failed tries a day per account', async () => {
    const u = await t.createUser();
    const day = 24 * 60 * 60 * 1000;
    const windowStart = new Date(Math.floor(Date.now() / day) * day);
    await t.database.db.execute(
      sql`insert into rate_limits (key, window_start, count) values (${`otp-fail:${u.email}`}, ${windowStart.toISOString()}, 100)`,
    );
    await sendOtp(u.email);
    const code = await latestCode(u.email);
    const res = await verify(u.email, code);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits send-otp to 5 an hour per address', async () => {
    const u = await t.createUser();
    for (let i = 0; i < 5; i++) expect((await sendOtp(u.email)).statusCode).toBe(200);
    const res = await sendOtp(u.email);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });

  it('limits send-otp to 20 an hour per client address, unknown addresses included', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i++) expect((await sendOtp(`probe${i}@example.com`, ip)).statusCode).toBe(404);
    const res = await sendOtp('probe-last@example.com', ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('answers 400 with the field for malformed input', async () => {
    const r1 = await t.call({ method: 'POST', url: '/api/auth/send-otp', payload: { email: 'not-an-email' } });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().issues[0]).toMatchObject({ path: 'email', message: 'Please enter a valid email address' });
    const r2 = await t.call({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: 'a@example.com', code: '12' } });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().issues[0]).toMatchObject({ path: 'code', message: 'Verification code must be 6 digits' });
  });
});

describe('sessions', () => {
  it('expire after 7 idle days', async () => {
    const u = await t.createUser();
    const cookie = await t.cookieFor(u.id);
    expect((await t.call({ url: '/api/auth/me', cookie })).statusCode).toBe(200);
    await t.database.db.update(userSessions).set({ lastSeenAt: sql`now() - interval '7 days 1 minute'` }).where(eq(userSessions.userId, u.id));
    expect((await t.call({ url: '/api/auth/me', cookie })).statusCode).toBe(401);
  });

  it('stay alive while used within 7 days', async () => {
    const u = await t.createUser();
    const cookie = await t.cookieFor(u.id);
    await t.database.db.update(userSessions).set({ lastSeenAt: sql`now() - interval '6 days'` }).where(eq(userSessions.userId, u.id));
    expect((await t.call({ url: '/api/auth/me', cookie })).statusCode).toBe(200);
    const [s] = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, u.id));
    expect(Date.now() - s.lastSeenAt.getTime()).toBeLessThan(60_000);
  });

  it('expire 30 days after sign-in however active', async () => {
    const u = await t.createUser();
    const cookie = await t.cookieFor(u.id);
    const [s] = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, u.id));
    expect(Math.round((s.expiresAt.getTime() - s.createdAt.getTime()) / 86_400_000)).toBe(30);
    await t.database.db.update(userSessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(userSessions.userId, u.id));
    expect((await t.call({ url: '/api/auth/me', cookie })).statusCode).toBe(401);
  });

  it('logout deletes the session on the server', async () => {
    const u = await t.createUser();
    const cookie = await t.cookieFor(u.id);
    const out = await t.call({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/sid=;/);
    expect((await t.call({ url: '/api/auth/me', cookie })).statusCode).toBe(401);
    const left = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, u.id));
    expect(left).toHaveLength(0);
  });

  it('a deactivated user is signed out at once', async () => {
    const u = await t.createUser();
    const cookie = await t.cookieFor(u.id);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    expect((await t.call({ url: '/api/me', cookie })).statusCode).toBe(401);
  });

  it('a role change applies on the next request', async () => {
    const org = await t.createOrganization();
    const u = await t.createUser({ organizationId: org.id, role: 'employee' });
    const cookie = await t.cookieFor(u.id);
    expect((await t.call({ url: '/api/me', cookie })).json().role).toBe('employee');
    await t.database.db.update(users).set({ role: 'manager' }).where(eq(users.id, u.id));
    const me = (await t.call({ url: '/api/me', cookie })).json();
    expect(me.role).toBe('manager');
    expect(me.effectivePermissions).toContain('manage_customers');
  });

  it('sends 401 when not signed in', async () => {
    expect((await t.call({ url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await t.call({ url: '/api/me', cookie: 'sid=forged' })).statusCode).toBe(401);
  });
});

describe('CSRF rule', () => {
  it('refuses a state-changing call without a JSON content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.com',
    });
    expect(res.statusCode).toBe(415);
    const plain = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { 'content-type': 'text/plain' }, payload: '' });
    expect(plain.statusCode).toBe(415);
  });

  it('refuses a call from another origin', async () => {
    const u = await t.createUser();
    const cookie = await t.cookieFor(u.id);
    const res = await t.call({ method: 'POST', url: '/api/auth/logout', cookie, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect((await t.call({ url: '/api/me', cookie })).statusCode).toBe(200); // still signed in
    const own = await t.call({ method: 'POST', url: '/api/auth/logout', cookie, headers: { origin: 'http://localhost:3000' } });
    expect(own.statusCode).toBe(200);
  });
});
