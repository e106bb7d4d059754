// Self-registration proves the address before an account exists (docs/decisions/004-registration-proves-the-address.md).
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, outbox, pendingRegistrations, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { purgeExpiredRegistrations } from './pending-registration';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const CODE_SENT = 'We sent a 6-digit code to your email. Enter it to finish creating your account.';

/** Each call from its own client address unless a test is about one client's budget. */
let ipN = 0;
const nextIp = () => `10.8.${Math.floor(++ipN / 250)}.${ipN % 250}`;
let n = 0;
const newEmail = (name = 'visitor') => `${name}-${++n}-${Date.now()}@example.com`;

const register = (payload: object, ip = nextIp()) => t.call({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: ip });
const verify = (email: string, code: string) => t.call({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, code }, remoteAddress: nextIp() });

async function latestMail(email: string) {
  const [row] = await t.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
  if (!row) throw new Error(`no mail for ${email}`);
  return row;
}
const codeIn = (text: string) => text.match(/registration code is (\d{6})/)![1];
const usersWith = (email: string) => t.database.db.select().from(users).where(eq(users.email, email));
const pendingFor = (email: string) => t.database.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email));

describe('registering', () => {
  it('creates no account until the code comes back; the code creates exactly one guest in the organization of the slug and signs it in', async () => {
    const org = await t.createOrganization({ slug: `reg-${Date.now()}`, name: 'Bright Smiles Dental' });
    const email = newEmail();
    const res = await register({
      email: `  ${email.toUpperCase()} `,
      firstName: 'Zoë',
      lastName: "O'Brien",
      // What the original client sends is ignored: a guest, no company, the page's organization.
      role: 'super_user',
      companyName: 'Hack',
      organizationId: 999,
      organizationSlug: org.slug,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: CODE_SENT });
    expect(await usersWith(email)).toEqual([]);
    expect(await pendingFor(email)).toMatchObject([{ firstName: 'Zoë', lastName: "O'Brien", organizationId: org.id }]);
    // Without an account there is nothing to sign in to.
    const signIn = await t.call({ method: 'POST', url: '/api/auth/send-otp', payload: { email }, remoteAddress: nextIp() });
    expect(signIn.statusCode).toBe(404);

    const mail = await latestMail(email);
    expect(mail.subject).toMatch(/^Your Tradebook registration code: \d{6}$/);
    expect(mail.text).toContain('Hello Zoë,');
    expect(mail.text).toContain('finish creating your account with Bright Smiles Dental');
    expect(mail.organizationId).toBe(org.id);
    const code = codeIn(mail.text);
    const [stored] = await t.database.db.select().from(otpCodes).where(eq(otpCodes.email, email));
    expect(stored.code).not.toContain(code);

    const done = await verify(email, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email, role: 'guest', companyName: '', organizationId: org.id, firstName: 'Zoë', lastName: "O'Brien" });
    const cookie = String(done.headers['set-cookie']).split(';')[0];
    expect((await t.call({ url: '/api/auth/me', cookie })).json()).toMatchObject({ email, role: 'guest' });
    const created = await usersWith(email);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ role: 'guest', companyName: '', organizationId: org.id, permissions: [], isActive: true });
    expect(created[0].lastLoginAt).not.toBeNull();
    expect(await pendingFor(email)).toEqual([]);

    const again = await register({ email, firstName: 'Zoe', lastName: 'Brien' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'An account with this email already exists' });
  });

  it('a wrong code creates nothing, and the code works only for the address it was sent to', async () => {
    const email = newEmail();
    const other = newEmail('other');
    await register({ email, firstName: 'Wendy', lastName: 'Wrong' });
    const code = codeIn((await latestMail(email)).text);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await verify(email, wrong)).json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Invalid verification code' });
    expect((await verify(other, code)).statusCode).toBe(400);
    expect(await usersWith(email)).toEqual([]);
    expect(await usersWith(other)).toEqual([]);
    expect((await verify(email, code)).statusCode).toBe(200);
    expect(await usersWith(email)).toHaveLength(1);
  });

  it('registering the address again replaces the waiting registration and voids its code', async () => {
    const email = newEmail();
    const first = await t.createOrganization();
    const second = await t.createOrganization();
    await register({ email, firstName: 'Mallory', lastName: 'Intruder', organizationSlug: first.slug });
    const firstCode = codeIn((await latestMail(email)).text);
    await register({ email, firstName: 'Olivia', lastName: 'Owner', organizationSlug: second.slug });
    const secondCode = codeIn((await latestMail(email)).text);
    expect(await pendingFor(email)).toMatchObject([{ firstName: 'Olivia', lastName: 'Owner', organizationId: second.id }]);
    const codes = await t.database.db.select().from(otpCodes).where(eq(otpCodes.email, email)).orderBy(otpCodes.id);
    expect(codes.map((c) => c.used)).toEqual([true, false]);
    if (firstCode !== secondCode) expect((await verify(email, firstCode)).statusCode).toBe(400);
    const done = await verify(email, secondCode);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ firstName: 'Olivia', lastName: 'Owner', organizationId: second.id });
  });

  it('10 verifications of one registration code at once create exactly one account', async () => {
    const email = newEmail('burst');
    await register({ email, firstName: 'Bea', lastName: 'Burst' });
    const code = codeIn((await latestMail(email)).text);
    const results = await Promise.all(Array.from({ length: 10 }, () => verify(email, code)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(400)]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    const created = await usersWith(email);
    expect(created).toHaveLength(1);
    expect(winner.id).toBe(created[0].id);
  });

  it('a registration older than its code creates nothing, and the hourly purge removes only expired ones', async () => {
    const stale = newEmail('stale');
    const fresh = newEmail('fresh');
    await register({ email: stale, firstName: 'Sam', lastName: 'Stale' });
    await register({ email: fresh, firstName: 'Fay', lastName: 'Fresh' });
    const code = codeIn((await latestMail(stale)).text);
    await t.database.db
      .update(pendingRegistrations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(pendingRegistrations.email, stale));
    const late = await verify(stale, code);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ code: 'NOT_FOUND', message: 'No account found for this email' });
    expect(await usersWith(stale)).toEqual([]);

    await register({ email: stale, firstName: 'Sam', lastName: 'Stale' });
    await t.database.db
      .update(pendingRegistrations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(pendingRegistrations.email, stale));
    expect(await purgeExpiredRegistrations(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await pendingFor(stale)).toEqual([]);
    expect(await pendingFor(fresh)).toHaveLength(1);
  });

  it('shares the sign-in code limits: 5 codes an hour per address', async () => {
    const email = newEmail('limit');
    for (let i = 0; i < 5; i++) expect((await register({ email, firstName: 'Lim', lastName: 'Ited' })).statusCode).toBe(202);
    const res = await register({ email, firstName: 'Lim', lastName: 'Ited' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many code requests. Please wait before trying again.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Sign-in codes for the address draw on the same budget.
    expect((await t.call({ method: 'POST', url: '/api/auth/send-otp', payload: { email }, remoteAddress: nextIp() })).statusCode).toBe(429);
  });

  it('shares the sign-in code limits: 20 codes an hour per client address, registrations and sign-ins together', async () => {
    const ip = '192.0.2.88';
    for (let i = 0; i < 10; i++) expect((await register({ email: newEmail('many'), firstName: 'Many', lastName: 'Times' }, ip)).statusCode).toBe(202);
    for (let i = 0; i < 10; i++) {
      expect((await t.call({ method: 'POST', url: '/api/auth/send-otp', payload: { email: newEmail('probe') }, remoteAddress: ip })).statusCode).toBe(404);
    }
    const res = await register({ email: newEmail('many'), firstName: 'Many', lastName: 'Times' }, ip);
    expect(res.statusCode).toBe(429);
    // Whole seconds until the hourly window ends.
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });

  it('refuses a slug that names no organization, rather than filing the guest somewhere else', async () => {
    const email = newEmail('lost');
    const res = await register({ email, firstName: 'Lost', lastName: 'Visitor', organizationSlug: 'no-such-org' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'organizationSlug', message: 'Organization not found' }]);
    expect(await pendingFor(email)).toEqual([]);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, email))).toEqual([]);
  });

  it('validates names and the address', async () => {
    const res = await register({ email: 'x@example.com', firstName: 'A', lastName: 'B' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'firstName', message: 'First name must be at least 2 characters' },
      { path: 'lastName', message: 'Last name must be at least 2 characters' },
    ]);
    const bad = await register({ email: 'not-an-email', firstName: 'Al', lastName: 'Bo' });
    expect(bad.json().issues).toEqual([{ path: 'email', message: 'Please enter a valid email address' }]);
  });
});
