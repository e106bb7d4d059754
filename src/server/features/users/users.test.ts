import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, organizations, outbox, pendingRegistrations, portalTokens, users, userSessions } from '../../db/schema/index';
import { createImpersonationSession } from '../../platform/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let orgA: { id: number; name: string };
let orgB: { id: number; name: string };
let adminA: { id: number; cookie: string };
let superUser: { id: number; cookie: string };
let employeeCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await t.createOrganization({ name: 'Acme Plumbing' });
  orgB = await t.createOrganization({ name: 'Bravo Cleaning' });
  const mk = async (values: Parameters<TestApp['createUser']>[0]) => {
    const u = await t.createUser(values);
    return { id: u.id, cookie: await t.cookieFor(u.id) };
  };
  adminA = await mk({ role: 'org_admin', organizationId: orgA.id, firstName: 'Alex', lastName: 'Admin' });
  superUser = await mk({ role: 'super_user', organizationId: null, firstName: 'Sam', lastName: 'Super' });
  employeeCookie = (await mk({ role: 'employee', organizationId: orgA.id, firstName: 'Evan' })).cookie;
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: object, cookie = adminA.cookie) => t.call({ method: 'POST', url: '/api/users', cookie, payload });
const put = (id: number, payload: object, cookie = adminA.cookie) => t.call({ method: 'PUT', url: `/api/users/${id}`, cookie, payload });
const list = (query = '', cookie = adminA.cookie) => t.call({ url: `/api/users${query}`, cookie });
const rowOf = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const auditFor = (id: number) => t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, id)));

let n = 0;
const person = (extra: object = {}) => ({ email: `person${++n}-${Date.now()}@example.com`, firstName: 'Pat', lastName: `Person${n}`, ...extra });

async function issueOf(payload: object, send = post) {
  const res = await send({ ...person(), ...payload });
  expect(res.statusCode, JSON.stringify(payload)).toBe(400);
  return res.json().issues as { path: string; message: string }[];
}

describe('creating users', () => {
  it("stores the e-mail lower-cased, generates a random account id, defaults to employee in the admin's organization, and audits", async () => {
    const res = await post({ email: '  Jane.Doe@Example.COM ', firstName: ' Jane ', lastName: 'Doe', companyName: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      email: 'jane.doe@example.com',
      firstName: 'Jane',
      lastName: 'Doe',
      companyName: null,
      organizationId: orgA.id,
      organizationName: 'Acme Plumbing',
      role: 'employee',
      isActive: true,
      lastLoginAt: null,
      createdAt: expect.stringMatching(/Z$/),
    });
    const other = await post(person());
    const [a, b] = [await rowOf(res.json().id), await rowOf(other.json().id)];
    expect(a.accountId).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.accountId).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.accountId).not.toBe(b.accountId);

    const [entry] = await auditFor(a.id);
    expect(entry).toMatchObject({
      action: 'user.create',
      actorUserId: adminA.id,
      asUserId: null,
      organizationId: orgA.id,
      ip: '127.0.0.1',
      details: { email: 'jane.doe@example.com', role: 'employee', organizationId: orgA.id },
    });
  });

  it('refuses a taken e-mail address in any letter case with 409 and a clear message', async () => {
    const first = await post(person({ email: 'dup@example.com' }));
    expect(first.statusCode).toBe(201);
    for (const email of ['dup@example.com', 'DUP@Example.com']) {
      const again = await post(person({ email }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'CONFLICT', message: 'A user with this email address already exists' });
    }
    // Also when the other account is in another organization.
    const bySuper = await post(person({ email: 'Dup@example.com', organizationId: orgB.id }), superUser.cookie);
    expect(bySuper.statusCode).toBe(409);
  });

  it('answers the form messages exactly', async () => {
    expect(await issueOf({ email: 'not-an-email' })).toEqual([{ path: 'email', message: 'Invalid email address' }]);
    expect(await issueOf({ email: undefined })).toEqual([{ path: 'email', message: 'Invalid email address' }]);
    expect(await issueOf({ firstName: '   ' })).toEqual([{ path: 'firstName', message: 'First name is required' }]);
    expect(await issueOf({ firstName: undefined })).toEqual([{ path: 'firstName', message: 'First name is required' }]);
    expect(await issueOf({ lastName: '' })).toEqual([{ path: 'lastName', message: 'Last name is required' }]);
    expect(await issueOf({ lastName: undefined })).toEqual([{ path: 'lastName', message: 'Last name is required' }]);
    expect(await issueOf({ role: 'king' })).toEqual([{ path: 'role', message: 'Please choose a role from the list' }]);
    const u = (await post(person())).json();
    expect(await issueOf({ firstName: '' }, (p) => put(u.id, p))).toEqual([{ path: 'firstName', message: 'First name is required' }]);
    expect(await issueOf({ email: 'x@' }, (p) => put(u.id, p))).toEqual([{ path: 'email', message: 'Invalid email address' }]);
  });

  it('an organization admin cannot create a super user or a user of another organization (403)', async () => {
    const sup = person({ role: 'super_user' });
    expect((await post(sup)).statusCode).toBe(403);
    expect((await post(sup)).json().message).toBe('Only a super user can grant the Super User role');
    const elsewhere = person({ organizationId: orgB.id });
    expect((await post(elsewhere)).statusCode).toBe(403);
    const rows = await t.database.db.select().from(users).where(inArray(users.email, [sup.email, elsewhere.email]));
    expect(rows).toEqual([]);
  });

  it('a super user chooses any organization or none; a missing organization is a field error', async () => {
    const none = await post(person({ organizationId: null, role: 'manager' }), superUser.cookie);
    expect(none.statusCode).toBe(201);
    expect(none.json()).toMatchObject({ organizationId: null, organizationName: null, role: 'manager' });
    const inB = await post(person({ organizationId: String(orgB.id), role: 'super_user' }), superUser.cookie);
    expect(inB.json()).toMatchObject({ organizationId: orgB.id, organizationName: 'Bravo Cleaning', role: 'super_user' });
    const missing = await post(person({ organizationId: 999_999 }), superUser.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([{ path: 'organizationId', message: 'Organization not found' }]);
  });

  it('needs manage_users', async () => {
    expect((await post(person(), employeeCookie)).statusCode).toBe(403);
    expect((await list('', employeeCookie)).statusCode).toBe(403);
  });
});

describe('listing users', () => {
  it("shows an organization admin only their organization's users; a super user everyone, or one organization", async () => {
    const inB = await t.createUser({ organizationId: orgB.id, firstName: 'Bea' });
    const mine = await list('?limit=500');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().length).toBeGreaterThan(0);
    expect(mine.json().every((u: { organizationId: number }) => u.organizationId === orgA.id)).toBe(true);
    expect(mine.json().map((u: { id: number }) => u.id)).not.toContain(inB.id);

    const all = await list('?limit=500', superUser.cookie);
    expect(all.json().map((u: { id: number }) => u.id)).toEqual(expect.arrayContaining([inB.id, adminA.id, superUser.id]));
    const onlyB = await list(`?limit=500&organizationId=${orgB.id}`, superUser.cookie);
    expect(onlyB.json().length).toBeGreaterThan(0);
    expect(onlyB.json().every((u: { organizationId: number }) => u.organizationId === orgB.id)).toBe(true);
  });

  it('searches name, full name, e-mail and company, sorts by first name and pages with X-Total-Count', async () => {
    const tag = `zq${Date.now()}`;
    for (const first of ['charlie', 'Bob', 'alice']) await post(person({ firstName: first, lastName: tag, companyName: `${tag} Co` }));
    const found = await list(`?q=${tag}`);
    expect(found.headers['x-total-count']).toBe('3');
    expect(found.json().map((u: { firstName: string }) => u.firstName)).toEqual(['alice', 'Bob', 'charlie']);
    expect((await list(`?q=${encodeURIComponent(`Bob ${tag}`)}`)).json()).toHaveLength(1);
    const paged = await list(`?q=${tag}&limit=2&offset=2`);
    expect(paged.headers['x-total-count']).toBe('3');
    expect(paged.json().map((u: { firstName: string }) => u.firstName)).toEqual(['charlie']);
    expect((await list(`?q=${tag}%25`)).json()).toEqual([]);
  });
});

describe('changing users', () => {
  it("an organization admin cannot see or change another organization's user (404)", async () => {
    const inB = await t.createUser({ organizationId: orgB.id, role: 'employee' });
    const res = await put(inB.id, { role: 'manager', isActive: false });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'User not found' });
    expect(await rowOf(inB.id)).toMatchObject({ role: 'employee', isActive: true });
  });

  it('an organization admin cannot move a user out of the organization, nor promote anyone to super user', async () => {
    const u = (await post(person())).json();
    for (const organizationId of [orgB.id, null]) {
      const res = await put(u.id, { organizationId });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You can only manage users of your own organization');
    }
    const promote = await put(u.id, { role: 'super_user' });
    expect(promote.statusCode).toBe(403);
    expect(await rowOf(u.id)).toMatchObject({ organizationId: orgA.id, role: 'employee' });
    // Naming the own organization is not a move.
    expect((await put(u.id, { organizationId: orgA.id, lastName: 'Stays' })).statusCode).toBe(200);
  });

  it('an organization admin cannot change a super user who belongs to their organization', async () => {
    const sup = await t.createUser({ role: 'super_user', organizationId: orgA.id });
    const res = await put(sup.id, { isActive: false });
    expect(res.statusCode).toBe(403);
    expect((await rowOf(sup.id)).isActive).toBe(true);
  });

  it('nobody changes their own role (not even to a lower one) or deactivates themselves', async () => {
    for (const role of ['super_user', 'employee']) {
      const res = await put(adminA.id, { role });
      expect(res.statusCode).toBe(403);
    }
    expect((await put(adminA.id, { role: 'manager' })).json().message).toBe('You cannot change your own role');
    expect((await put(superUser.id, { role: 'org_admin' }, superUser.cookie)).statusCode).toBe(403);
    const off = await put(adminA.id, { isActive: false });
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe('You cannot deactivate your own account');
    expect(await rowOf(adminA.id)).toMatchObject({ role: 'org_admin', isActive: true });
    // The edit form sends the unchanged role back with the other fields.
    const same = await put(adminA.id, { role: 'org_admin', firstName: 'Alex', companyName: 'Acme' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ role: 'org_admin', companyName: 'Acme' });
  });

  it('a role change takes effect on the next request and is audited', async () => {
    const u = await t.createUser({ role: 'employee', organizationId: orgA.id });
    const cookie = await t.cookieFor(u.id);
    expect((await list('', cookie)).statusCode).toBe(403);
    const res = await put(u.id, { role: 'org_admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('org_admin');
    expect((await list('', cookie)).statusCode).toBe(200);
    const entries = await auditFor(u.id);
    expect(entries).toEqual([expect.objectContaining({ action: 'user.role_change', actorUserId: adminA.id, details: { email: u.email, from: 'employee', to: 'org_admin' } })]);
  });

  it('deactivating a user deletes all their sessions, including impersonations of them; both changes are audited', async () => {
    const u = await t.createUser({ role: 'manager', organizationId: orgA.id });
    const cookie1 = await t.cookieFor(u.id);
    await t.cookieFor(u.id);
    const [superSession] = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, superUser.id));
    await createImpersonationSession(t.database.db, { targetUserId: u.id, superUserId: superUser.id, parentSessionId: superSession.id }, { ip: '127.0.0.1', userAgent: null });
    expect(await t.database.db.select().from(userSessions).where(eq(userSessions.userId, u.id))).toHaveLength(3);

    const res = await put(u.id, { isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(false);
    expect(await t.database.db.select().from(userSessions).where(eq(userSessions.userId, u.id))).toEqual([]);
    expect((await t.call({ url: '/api/auth/me', cookie: cookie1 })).statusCode).toBe(401);
    // Other people's sessions are untouched.
    expect((await list('', adminA.cookie)).statusCode).toBe(200);

    expect((await put(u.id, { isActive: true })).json().isActive).toBe(true);
    const actions = (await auditFor(u.id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['user.deactivate', 'user.activate']));
    expect(actions).toHaveLength(2);
  });

  it('deactivating a user revokes the portal links they sent, in the same change; others\' links and a refused change revoke nothing', async () => {
    const [customer] = await t.database.db
      .insert(customers)
      .values({ organizationId: orgA.id, name: 'Linked Customer', email: `linked-${Date.now()}@example.com` })
      .returning();
    const leaver = await t.createUser({ role: 'manager', organizationId: orgA.id });
    const send = async (cookie: string) => expect((await t.call({ method: 'POST', url: `/api/customers/${customer.id}/portal-link`, cookie })).statusCode).toBe(200);
    await send(await t.cookieFor(leaver.id));
    await send(await t.cookieFor(leaver.id));
    await send(adminA.cookie);
    const links = async () => t.database.db.select().from(portalTokens).where(eq(portalTokens.customerId, customer.id));
    expect((await links()).map((l) => l.createdByUserId).sort()).toEqual([adminA.id, leaver.id, leaver.id].sort());

    // Refused (an admin cannot deactivate themselves): nothing is revoked.
    expect((await put(adminA.id, { isActive: false })).statusCode).toBe(403);
    expect((await links()).every((l) => l.revokedAt === null)).toBe(true);

    expect((await put(leaver.id, { isActive: false })).statusCode).toBe(200);
    const after = await links();
    expect(after.filter((l) => l.createdByUserId === leaver.id).every((l) => l.revokedAt instanceof Date)).toBe(true);
    expect(after.filter((l) => l.createdByUserId === adminA.id).map((l) => l.revokedAt)).toEqual([null]);
    // Reactivating does not revive them.
    expect((await put(leaver.id, { isActive: true })).statusCode).toBe(200);
    expect((await links()).filter((l) => l.createdByUserId === leaver.id).every((l) => l.revokedAt instanceof Date)).toBe(true);
  });

  it('audits detail changes with before and after, keeps e-mails lower-case and unique', async () => {
    const u = (await post(person())).json();
    const taken = (await post(person())).json();
    const dup = await put(u.id, { email: taken.email.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'CONFLICT', message: 'A user with this email address already exists' });

    const res = await put(u.id, { email: 'Renamed.Person@Example.com', firstName: 'Renamed', companyName: 'New Co' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'renamed.person@example.com', firstName: 'Renamed', companyName: 'New Co' });
    const update = (await auditFor(u.id)).find((e) => e.action === 'user.update');
    expect(update?.details).toEqual({
      email: 'renamed.person@example.com',
      changes: {
        email: { from: u.email, to: 'renamed.person@example.com' },
        firstName: { from: 'Pat', to: 'Renamed' },
        companyName: { from: null, to: 'New Co' },
      },
    });
    // Nothing changed, nothing written.
    const before = (await auditFor(u.id)).length;
    expect((await put(u.id, { firstName: 'Renamed' })).statusCode).toBe(200);
    expect(await auditFor(u.id)).toHaveLength(before);
  });

  it('a super user moves a user between organizations or out of every organization', async () => {
    const u = (await post(person())).json();
    const moved = await put(u.id, { organizationId: orgB.id }, superUser.cookie);
    expect(moved.json()).toMatchObject({ organizationId: orgB.id, organizationName: 'Bravo Cleaning' });
    expect((await put(u.id, { firstName: 'Gone' })).statusCode).toBe(404);
    const none = await put(u.id, { organizationId: '' }, superUser.cookie);
    expect(none.json()).toMatchObject({ organizationId: null });
    const missing = await put(u.id, { organizationId: 999_999 }, superUser.cookie);
    expect(missing.statusCode).toBe(400);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await put(999_999, { firstName: 'X' })).statusCode).toBe(404);
  });
});

describe('adding an address that a self-registration holds (docs/decisions/004-registration-proves-the-address.md)', () => {
  const register = (payload: object) => t.call({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: `10.7.0.${++n % 250}` });
  const latestCode = async (email: string) => {
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.id)).limit(1);
    return mail.text.match(/code is (\d{6})/)![1];
  };
  const guestOf = (org: { id: number }, values: Parameters<TestApp['createUser']>[0] = {}) =>
    t.createUser({ role: 'guest', organizationId: org.id, companyName: '', firstName: 'Gus', lastName: 'Guest', ...values });

  it("drops a registration still waiting for its code: the admin's user stands, and the code then signs its owner in to it", async () => {
    const email = `waiting-${Date.now()}@example.com`;
    const orgBSlug = (await t.database.db.select().from(organizations).where(eq(organizations.id, orgB.id)))[0].slug;
    expect((await register({ email, firstName: 'Mallory', lastName: 'Early', organizationSlug: orgBSlug })).statusCode).toBe(202);
    const code = await latestCode(email);

    const res = await post({ email, firstName: 'Rita', lastName: 'Real', role: 'manager' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email, firstName: 'Rita', lastName: 'Real', role: 'manager', organizationId: orgA.id });
    expect(await t.database.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email))).toEqual([]);
    const [entry] = await auditFor(res.json().id);
    expect(entry.details).toEqual({ email, role: 'manager', organizationId: orgA.id });

    const signIn = await t.call({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, code }, remoteAddress: '10.7.1.1' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ id: res.json().id, role: 'manager', organizationId: orgA.id, firstName: 'Rita' });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("takes over a self-registered guest: the admin's organization, role and names, extra permissions cleared, active, its sessions ended, audited as the creation", async () => {
    const guest = await guestOf(orgB, { email: `guest-${Date.now()}@example.com`, permissions: ['view_customers'] });
    const guestCookie = await t.cookieFor(guest.id);
    expect((await t.call({ url: '/api/auth/me', cookie: guestCookie })).statusCode).toBe(200);

    const res = await post({ email: guest.email.toUpperCase(), firstName: 'Gustav', lastName: 'Staff', companyName: 'Acme', role: 'manager' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id: guest.id,
      email: guest.email,
      firstName: 'Gustav',
      lastName: 'Staff',
      companyName: 'Acme',
      organizationId: orgA.id,
      organizationName: 'Acme Plumbing',
      role: 'manager',
      isActive: true,
    });
    const row = await rowOf(guest.id);
    expect(row).toMatchObject({ accountId: guest.accountId, permissions: [], role: 'manager', organizationId: orgA.id });
    expect(await t.database.db.select().from(userSessions).where(eq(userSessions.userId, guest.id))).toEqual([]);
    expect((await t.call({ url: '/api/auth/me', cookie: guestCookie })).statusCode).toBe(401);
    expect(await auditFor(guest.id)).toEqual([
      expect.objectContaining({
        action: 'user.create',
        actorUserId: adminA.id,
        organizationId: orgA.id,
        details: { email: guest.email, role: 'manager', organizationId: orgA.id, tookOver: 'guest', previousOrganizationId: orgB.id },
      }),
    ]);
    // The account is now the organization's: listed, and changed like any other of its users.
    expect((await list(`?search=Gustav`)).json().map((u: { id: number }) => u.id)).toContain(guest.id);
    expect((await put(guest.id, { firstName: 'Gus' })).statusCode).toBe(200);
  });

  it('a super user takes over a guest through the administration screen too; a deactivated guest becomes an active user', async () => {
    const guest = await guestOf(orgA, { email: `guest-admin-${Date.now()}@example.com`, isActive: false });
    const res = await t.call({
      method: 'POST',
      url: '/api/admin/users',
      cookie: superUser.cookie,
      payload: { email: guest.email, firstName: 'Cora', lastName: 'Customer', role: 'customer', organizationId: orgB.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: guest.id, role: 'customer', organizationId: orgB.id, firstName: 'Cora', isActive: true });
  });

  it('an address of a staff member, a customer or a super user stays theirs: 409 and nothing changes', async () => {
    for (const role of ['employee', 'manager', 'customer', 'super_user'] as const) {
      const owner = await t.createUser({ role, organizationId: role === 'super_user' ? null : orgB.id, email: `${role}-${Date.now()}@example.com` });
      const cookie = await t.cookieFor(owner.id);
      const res = await post({ email: owner.email, firstName: 'Taken', lastName: 'Over', role: 'employee' });
      expect(res.statusCode, role).toBe(409);
      expect(res.json()).toEqual({ code: 'CONFLICT', message: 'A user with this email address already exists' });
      expect(await rowOf(owner.id)).toEqual(owner);
      expect((await t.call({ url: '/api/auth/me', cookie })).statusCode).toBe(200);
      expect(await auditFor(owner.id)).toEqual([]);
    }
  });

  it("two admins adding one guest's address at once: one takes it over, the other gets 409", async () => {
    const guest = await guestOf(orgB, { email: `contested-${Date.now()}@example.com` });
    const results = await Promise.all([
      post({ email: guest.email, firstName: 'Ann', lastName: 'One', role: 'employee' }),
      post({ email: guest.email, firstName: 'Bob', lastName: 'Two', role: 'employee', organizationId: orgB.id }, superUser.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const winner = results.find((r) => r.statusCode === 201)!.json();
    expect(winner.id).toBe(guest.id);
    expect((await rowOf(guest.id)).firstName).toBe(winner.firstName);
    expect(await auditFor(guest.id)).toHaveLength(1);
  });
});
