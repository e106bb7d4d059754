// API keys (docs/rules/public-api.md#api-keys): made by an admin, shown once and stored as a hash; a key acts in its
// organization with exactly its permissions as its creator, through the guard a session passes; revoked or with an
// inactive creator it answers 401 at once; it never reaches the calls for people only; it is limited per key.
// The tenant-isolation walk runs every route with a key as well (platform/tenant-isolation.test.ts).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PERMISSION_GROUPS, API_KEY_PERMISSIONS, READ_ONLY_API_KEY_PERMISSIONS } from '../../../contracts/api-keys';
import { PERMISSIONS } from '../../../contracts/permissions';
import { apiKeys, auditLog, users } from '../../db/schema/index';
import { API_KEY_MESSAGES, hashApiKey } from '../../platform/api-key-auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { bearer, createKeyFor } from './api-keys.test-kit';
import { CREATE_API_KEY_MESSAGES, MAX_ACTIVE_API_KEYS } from './create-api-key';

const LIMIT = 20;
let t: TestApp;
let orgA: number;
let orgB: number;
let adminA: { id: number; cookie: string };

async function admin(organizationId: number, values: Partial<typeof users.$inferInsert> = {}) {
  const u = await t.createUser({ role: 'org_admin', organizationId, ...values });
  return { id: u.id, cookie: await t.cookieFor(u.id) };
}

beforeAll(async () => {
  t = await createTestApp({ API_KEY_CALLS_PER_MINUTE: String(LIMIT) });
  orgA = (await t.createOrganization()).id;
  orgB = (await t.createOrganization()).id;
  adminA = await admin(orgA, { firstName: 'Ada', lastName: 'Admin' });
});
afterAll(async () => {
  await t?.close();
});

const list = async (cookie: string) => {
  const res = await t.call({ url: '/api/api-keys', cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; name: string; status: string; lastUsedAt: string | null; lastUsedIp: string | null; revokedAt: string | null; revokedBy: { name: string } | null }[];
};
const keyRow = async (id: number) => (await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0];

describe('the permissions a key may carry', () => {
  it('are an organization admin’s, in exactly one group each, never the super user’s own', () => {
    const grouped = API_KEY_PERMISSION_GROUPS.flatMap((g) => g.permissions.map((p) => p.id));
    expect([...grouped].sort()).toEqual([...API_KEY_PERMISSIONS].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
    for (const p of ['system_admin', 'impersonate_users', 'manage_all_orgs'] as const) expect(API_KEY_PERMISSIONS).not.toContain(p);
    expect(API_KEY_PERMISSIONS.length).toBe(PERMISSIONS.length - 3);
    expect(READ_ONLY_API_KEY_PERMISSIONS.every((p) => p.startsWith('view_'))).toBe(true);
    expect(READ_ONLY_API_KEY_PERMISSIONS).toContain('view_customers');
  });
});

describe('creating a key', () => {
  it('answers the secret once, keeps only its hash and prefix, and never lists the secret', async () => {
    const res = await t.call({ method: 'POST', url: '/api/api-keys', cookie: adminA.cookie, payload: { name: '  Zapier  ', permissions: ['view_customers', 'manage_customers'] } });
    expect(res.statusCode, res.body).toBe(201);
    const { apiKey, secret } = res.json();
    expect(secret).toMatch(/^tb_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'Zapier',
      prefix: secret.slice(0, 11),
      permissions: ['view_customers', 'manage_customers'],
      status: 'active',
      organizationId: orgA,
      createdBy: { id: adminA.id, name: 'Ada Admin' },
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(apiKey)).not.toContain(secret.slice(11));

    const row = await keyRow(apiKey.id);
    expect(row.secretHash).toBe(hashApiKey(secret));
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    // Nowhere in the database: not in the key's row, not in the audit log.
    const found = await t.database.db.execute(sql`select count(*)::int as n from api_keys k, audit_log a where k::text like ${`%${secret.slice(11)}%`} or a::text like ${`%${secret.slice(11)}%`}`);
    expect((found as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);

    const listed = await t.call({ url: '/api/api-keys', cookie: adminA.cookie });
    expect(listed.body).not.toContain(secret.slice(11));
    expect(listed.headers['x-total-count']).toBeDefined();
    expect(listed.json().map((k: { id: number }) => k.id)).toContain(apiKey.id);

    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'api_key.create'), eq(auditLog.entityId, apiKey.id)));
    expect(audit).toMatchObject({ actorUserId: adminA.id, organizationId: orgA, details: { name: 'Zapier', prefix: apiKey.prefix, permissions: ['view_customers', 'manage_customers'] } });
  });

  it('refuses a bad name or permissions with 400 naming the field', async () => {
    const post = (payload: object) => t.call({ method: 'POST', url: '/api/api-keys', cookie: adminA.cookie, payload });
    const cases: [object, string, string][] = [
      [{ name: '', permissions: ['view_customers'] }, 'name', 'Name is required'],
      [{ name: '   ', permissions: ['view_customers'] }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(101), permissions: ['view_customers'] }, 'name', 'Name must be at most 100 characters'],
      [{ name: 'Key', permissions: [] }, 'permissions', 'Choose at least one permission'],
      [{ name: 'Key' }, 'permissions', 'Choose at least one permission'],
      [{ name: 'Key', permissions: ['view_customers', 'view_customers'] }, 'permissions', 'Choose each permission once'],
    ];
    for (const [payload, path, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().issues, JSON.stringify(payload)).toContainEqual({ path, message });
    }
    for (const p of ['system_admin', 'impersonate_users', 'manage_all_orgs', 'no_such_permission']) {
      const res = await post({ name: 'Key', permissions: ['view_customers', p] });
      expect(res.statusCode, p).toBe(400);
      expect(res.json().issues[0].path, p).toBe('permissions.1');
    }
    expect((await post({ name: 'x'.repeat(100), permissions: ['view_customers'] })).statusCode).toBe(201);
  });

  it('gives a key only permissions its creator holds', async () => {
    // A manager allowed to manage the organization, but not its users.
    const manager = await t.createUser({ role: 'manager', organizationId: orgA, permissions: ['manage_organization'] });
    const cookie = await t.cookieFor(manager.id);
    const res = await t.call({ method: 'POST', url: '/api/api-keys', cookie, payload: { name: 'Too much', permissions: ['view_customers', 'manage_users'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'permissions', message: CREATE_API_KEY_MESSAGES.notHeld }]);
    expect((await t.call({ method: 'POST', url: '/api/api-keys', cookie, payload: { name: 'Enough', permissions: ['view_customers'] } })).statusCode).toBe(201);
  });

  it('is for the organization’s admins, themselves: not other roles, not a super user, not while impersonating', async () => {
    const payload = { name: 'Key', permissions: ['view_customers'] };
    const manager = await t.cookieFor((await t.createUser({ role: 'manager', organizationId: orgA })).id);
    expect((await t.call({ method: 'POST', url: '/api/api-keys', cookie: manager, payload })).statusCode).toBe(403);
    expect((await t.call({ url: '/api/api-keys', cookie: manager })).statusCode).toBe(403);

    const superUser = await t.createUser({ role: 'super_user', organizationId: null });
    const superCookie = await t.cookieFor(superUser.id);
    const su = await t.call({ method: 'POST', url: `/api/api-keys?organizationId=${orgA}`, cookie: superCookie, payload });
    expect(su.statusCode).toBe(403);
    expect(su.json().message).toBe(CREATE_API_KEY_MESSAGES.notMember);

    const imp = await t.call({ method: 'POST', url: '/api/admin/impersonate', cookie: superCookie, payload: { userId: adminA.id } });
    const impersonating = await t.call({ method: 'POST', url: '/api/api-keys', cookie: superCookie, impersonation: imp.json().sessionToken, payload });
    expect(impersonating.statusCode).toBe(403);
    expect(impersonating.json().message).toBe(CREATE_API_KEY_MESSAGES.impersonating);
  });

  it(`keeps at most ${MAX_ACTIVE_API_KEYS} working keys per organization; revoked ones do not count`, async () => {
    const org = (await t.createOrganization()).id;
    const a = await admin(org);
    const rows = Array.from({ length: MAX_ACTIVE_API_KEYS - 1 }, (_, i) => ({ organizationId: org, name: `K${i}`, prefix: 'tb_x', secretHash: `fill-${org}-${i}`, permissions: ['view_customers'], createdBy: a.id }));
    await t.database.db.insert(apiKeys).values(rows);
    const last = await createKeyFor(t, a.cookie, { permissions: ['view_customers'] });
    const over = await t.call({ method: 'POST', url: '/api/api-keys', cookie: a.cookie, payload: { name: 'One more', permissions: ['view_customers'] } });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(CREATE_API_KEY_MESSAGES.tooMany);
    await t.call({ method: 'POST', url: `/api/api-keys/${last.id}/revoke`, cookie: a.cookie });
    expect((await t.call({ method: 'POST', url: '/api/api-keys', cookie: a.cookie, payload: { name: 'One more', permissions: ['view_customers'] } })).statusCode).toBe(201);
  });
});

describe('a call with a key', () => {
  it('acts with exactly the key’s permissions: 403 without one, 2xx with it', async () => {
    const reader = await createKeyFor(t, adminA.cookie, { permissions: ['view_customers'] });
    const writer = await createKeyFor(t, adminA.cookie, { permissions: ['view_customers', 'manage_customers'] });
    expect((await t.call({ url: '/api/customers', headers: bearer(reader.secret) })).statusCode).toBe(200);
    expect((await t.call({ url: '/api/invoices', headers: bearer(reader.secret) })).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/customers', headers: bearer(reader.secret), payload: { name: 'Via key' } })).statusCode).toBe(403);
    const created = await t.call({ method: 'POST', url: '/api/customers', headers: bearer(writer.secret), payload: { name: 'Via key' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().organizationId).toBe(orgA);
  });

  it('records the key in the audit entries it causes, with its creator as the person', async () => {
    const key = await createKeyFor(t, adminA.cookie, { permissions: ['manage_vendors', 'view_vendors'] });
    const vendor = await t.call({ method: 'POST', url: '/api/vendors', headers: bearer(key.secret), payload: { name: 'Audited vendor' } });
    expect(vendor.statusCode, vendor.body).toBe(201);
    expect((await t.call({ method: 'DELETE', url: `/api/vendors/${vendor.json().id}`, headers: bearer(key.secret) })).statusCode).toBe(204);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'vendor.delete'), eq(auditLog.entityId, vendor.json().id)));
    expect(entry).toMatchObject({ actorUserId: adminA.id, asUserId: null, organizationId: orgA });
    expect(entry.details).toMatchObject({ apiKeyId: key.id });
  });

  it('ignores the cookie and the impersonation header, and never falls back to them', async () => {
    const reader = await createKeyFor(t, adminA.cookie, { permissions: ['view_customers'] });
    // The admin's cookie would allow the write; the key does not.
    expect((await t.call({ method: 'POST', url: '/api/customers', cookie: adminA.cookie, headers: bearer(reader.secret), payload: { name: 'No' } })).statusCode).toBe(403);
    const wrong = await t.call({ url: '/api/customers', cookie: adminA.cookie, headers: bearer(`tb_${'A'.repeat(43)}`) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'NOT_SIGNED_IN', message: API_KEY_MESSAGES.unknown });
    for (const malformed of ['', 'tb_short', reader.secret.slice(3), `${reader.secret}x`, `${reader.secret} extra`, 'x'.repeat(5000)]) {
      const res = await t.call({ url: '/api/customers', cookie: adminA.cookie, headers: { authorization: `Bearer ${malformed}` } });
      expect(res.statusCode, malformed).toBe(401);
      expect(res.json().message, malformed).toBe(API_KEY_MESSAGES.malformed);
    }
    // Another scheme is not ours: the cookie answers.
    expect((await t.call({ url: '/api/customers', cookie: adminA.cookie, headers: { authorization: 'Basic eDp5' } })).statusCode).toBe(200);
    // The scheme's letter case does not matter.
    expect((await t.call({ url: '/api/customers', headers: { authorization: `bearer ${reader.secret}` } })).statusCode).toBe(200);
  });

  it('needs no Origin check but keeps the JSON content-type rule', async () => {
    const writer = await createKeyFor(t, adminA.cookie, { permissions: ['manage_customers'] });
    const foreign = { ...bearer(writer.secret), origin: 'https://elsewhere.example' };
    expect((await t.call({ method: 'POST', url: '/api/customers', headers: foreign, payload: { name: 'From a server' } })).statusCode).toBe(201);
    expect((await t.call({ method: 'POST', url: '/api/customers', cookie: adminA.cookie, headers: { origin: 'https://elsewhere.example' }, payload: { name: 'Forged' } })).statusCode).toBe(403);
    const plain = await t.call({ method: 'POST', url: '/api/customers', headers: { ...bearer(writer.secret), 'content-type': 'text/plain' }, payload: '{"name":"x"}' });
    expect(plain.statusCode).toBe(415);
  });

  it('never reaches the super user’s routes or the calls for people only', async () => {
    const key = await createKeyFor(t, adminA.cookie);
    for (const url of ['/api/admin/users', '/api/admin/audit-log', '/api/admin/system-stats']) {
      expect((await t.call({ url, headers: bearer(key.secret) })).statusCode, url).toBe(403);
    }
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/notifications'],
      ['POST', '/api/me/calendar-feed'],
    ] as const) {
      const res = await t.call({ method, url, headers: bearer(key.secret), payload: method === 'POST' ? { name: 'x', permissions: ['view_customers'] } : undefined });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe(API_KEY_MESSAGES.sessionOnly);
    }
    // The admin's session is untouched by the logout call made with the key.
    expect((await t.call({ url: '/api/me', cookie: adminA.cookie })).statusCode).toBe(200);
  });

  it('stops at once when revoked; revoking again changes nothing', async () => {
    const key = await createKeyFor(t, adminA.cookie, { permissions: ['view_customers'] });
    expect((await t.call({ url: '/api/customers', headers: bearer(key.secret) })).statusCode).toBe(200);
    const revoked = await t.call({ method: 'POST', url: `/api/api-keys/${key.id}/revoke`, cookie: adminA.cookie });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: key.id, status: 'revoked', revokedBy: { id: adminA.id, name: 'Ada Admin' } });
    const res = await t.call({ url: '/api/customers', headers: bearer(key.secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(API_KEY_MESSAGES.revoked);

    const again = await t.call({ method: 'POST', url: `/api/api-keys/${key.id}/revoke`, cookie: adminA.cookie });
    expect(again.statusCode).toBe(200);
    expect(again.json().revokedAt).toBe(revoked.json().revokedAt);
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'api_key.revoke'), eq(auditLog.entityId, key.id)));
    expect(audits).toHaveLength(1);
    expect((await t.call({ method: 'POST', url: '/api/api-keys/2147483647/revoke', cookie: adminA.cookie })).statusCode).toBe(404);
  });

  it('stops when its creator is deactivated, leaves the organization or loses permissions', async () => {
    const creator = await admin(orgA);
    const key = await createKeyFor(t, creator.cookie, { permissions: ['view_customers', 'manage_customers'] });
    const canRead = async () => (await t.call({ url: '/api/customers', headers: bearer(key.secret) })).statusCode;

    await t.database.db.update(users).set({ role: 'employee' }).where(eq(users.id, creator.id));
    // An employee reads customers but does not manage them: neither does the key any more.
    expect(await canRead()).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/customers', headers: bearer(key.secret), payload: { name: 'No' } })).statusCode).toBe(403);
    await t.database.db.update(users).set({ role: 'org_admin' }).where(eq(users.id, creator.id));

    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, creator.id));
    const res = await t.call({ url: '/api/customers', headers: bearer(key.secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(API_KEY_MESSAGES.creatorInactive);
    expect((await list(adminA.cookie)).find((k) => k.id === key.id)?.status).toBe('creator_inactive');

    await t.database.db.update(users).set({ isActive: true, organizationId: orgB }).where(eq(users.id, creator.id));
    expect(await canRead()).toBe(401);
    await t.database.db.update(users).set({ organizationId: orgA }).where(eq(users.id, creator.id));
    expect(await canRead()).toBe(200);

    // Deactivating through the Users screen's own call stops it too.
    expect((await t.call({ method: 'PUT', url: `/api/users/${creator.id}`, cookie: adminA.cookie, payload: { isActive: false } })).statusCode).toBe(200);
    expect(await canRead()).toBe(401);
  });

  it('shows its last use, written at most about once a minute', async () => {
    const key = await createKeyFor(t, adminA.cookie, { permissions: ['view_customers'] });
    await t.call({ url: '/api/customers', headers: bearer(key.secret) });
    const first = await keyRow(key.id);
    expect(first.lastUsedAt).toBeInstanceOf(Date);
    expect(first.lastUsedIp).toBe('127.0.0.1');
    await t.call({ url: '/api/customers', headers: bearer(key.secret) });
    expect((await keyRow(key.id)).lastUsedAt).toEqual(first.lastUsedAt);

    const earlier = new Date(Date.now() - 2 * 60_000);
    await t.database.db.update(apiKeys).set({ lastUsedAt: earlier }).where(eq(apiKeys.id, key.id));
    await t.call({ url: '/api/customers', headers: bearer(key.secret) });
    expect((await keyRow(key.id)).lastUsedAt!.getTime()).toBeGreaterThan(earlier.getTime() + 60_000);
    const shown = (await list(adminA.cookie)).find((k) => k.id === key.id);
    expect(shown?.lastUsedAt).not.toBeNull();
    expect(shown?.lastUsedIp).toBe('127.0.0.1');
  });
});

describe('the limit per key', () => {
  it(`answers 429 with Retry-After past ${LIMIT} calls a minute, for that key only, however many arrive at once`, async () => {
    const org = (await t.createOrganization()).id;
    const a = await admin(org);
    const first = await createKeyFor(t, a.cookie, { permissions: ['view_customers'] });
    const second = await createKeyFor(t, a.cookie, { permissions: ['view_customers'] });
    // Sent together: on PostgreSQL they race on the counter; exactly the limit pass.
    const statuses = (await Promise.all(Array.from({ length: LIMIT * 3 }, () => t.call({ url: '/api/customers', headers: bearer(first.secret) })))).map((r) => r.statusCode);
    const limited = statuses.filter((s) => s === 429).length;
    // A minute's window may end during the burst: then more pass, never fewer than the limit.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(LIMIT);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(2 * LIMIT);
    expect(limited).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);

    const refused = await t.call({ url: '/api/customers', headers: bearer(first.secret) });
    if (refused.statusCode === 429) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: API_KEY_MESSAGES.rateLimited(LIMIT) });
    }
    // Another key of the same organization is not limited by the first one's calls.
    expect((await t.call({ url: '/api/customers', headers: bearer(second.secret) })).statusCode).toBe(200);
    // Nor is the admin's session.
    expect((await t.call({ url: '/api/customers', cookie: a.cookie })).statusCode).toBe(200);
  });
});

describe('the list', () => {
  it('shows working keys first, a super user every organization’s, and lets a super user revoke one', async () => {
    const org = (await t.createOrganization()).id;
    const a = await admin(org);
    const old = await createKeyFor(t, a.cookie, { name: 'Old', permissions: ['view_customers'] });
    const fresh = await createKeyFor(t, a.cookie, { name: 'Fresh', permissions: ['view_customers'] });
    await t.call({ method: 'POST', url: `/api/api-keys/${old.id}/revoke`, cookie: a.cookie });
    const newerRevoked = await createKeyFor(t, a.cookie, { name: 'Newest, revoked', permissions: ['view_customers'] });
    await t.call({ method: 'POST', url: `/api/api-keys/${newerRevoked.id}/revoke`, cookie: a.cookie });
    expect((await list(a.cookie)).map((k) => k.name)).toEqual(['Fresh', 'Newest, revoked', 'Old']);
    expect((await t.call({ url: '/api/api-keys?q=fre', cookie: a.cookie })).json().map((k: { id: number }) => k.id)).toEqual([fresh.id]);
    expect((await t.call({ url: '/api/api-keys?sort=bogus', cookie: a.cookie })).statusCode).toBe(400);

    const superCookie = await t.cookieFor((await t.createUser({ role: 'super_user', organizationId: null })).id);
    const all = (await t.call({ url: '/api/api-keys?limit=500', cookie: superCookie })).json().map((k: { organizationId: number }) => k.organizationId);
    expect(all).toEqual(expect.arrayContaining([org, orgA]));
    const one = (await t.call({ url: `/api/api-keys?organizationId=${org}`, cookie: superCookie })).json();
    expect(one.every((k: { organizationId: number }) => k.organizationId === org)).toBe(true);
    expect((await t.call({ method: 'POST', url: `/api/api-keys/${fresh.id}/revoke`, cookie: superCookie })).json().status).toBe('revoked');
    expect((await t.call({ url: '/api/customers', headers: bearer(fresh.secret) })).statusCode).toBe(401);
  });
});
