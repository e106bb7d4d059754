import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userSessions } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let superCookie: string;
let superId: number;
let employeeId: number;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp();
  const org = await t.createOrganization();
  orgId = org.id;
  const su = await t.createUser({ role: 'super_user', organizationId: null, firstName: 'Sam' });
  superId = su.id;
  superCookie = await t.cookieFor(su.id);
  const emp = await t.createUser({ role: 'employee', organizationId: org.id, firstName: 'Evan', lastName: 'Employee' });
  employeeId = emp.id;
});
afterAll(async () => {
  await t?.close();
});

async function impersonate(userId: number, cookie = superCookie) {
  return t.call({ method: 'POST', url: '/api/admin/impersonate', cookie, payload: { userId } });
}

describe('impersonation', () => {
  it('acts as the user while the token rides with the super user session, and is audited', async () => {
    const res = await impersonate(employeeId);
    expect(res.statusCode).toBe(200);
    const { sessionToken, expiresAt } = res.json();
    expect(Math.round((new Date(expiresAt).getTime() - Date.now()) / 3_600_000)).toBe(24);

    const me = await t.call({ url: '/api/auth/me', cookie: superCookie, impersonation: sessionToken });
    expect(me.json()).toMatchObject({ id: employeeId, role: 'employee', impersonating: true });
    // The employee's permissions apply, not the super user's.
    expect((await t.call({ url: '/api/admin/users', cookie: superCookie, impersonation: sessionToken })).statusCode).toBe(403);

    const status = await t.call({ url: '/api/auth/impersonation-status', cookie: superCookie, impersonation: sessionToken });
    expect(status.json()).toMatchObject({
      isImpersonating: true,
      originalUser: { id: superId, role: 'super_user' },
      impersonatedUser: { id: employeeId, firstName: 'Evan' },
    });

    const end = await t.call({ method: 'POST', url: '/api/admin/end-impersonation', cookie: superCookie, impersonation: sessionToken });
    expect(end.statusCode).toBe(200);
    const after = await t.call({ url: '/api/auth/me', cookie: superCookie, impersonation: sessionToken });
    expect(after.json()).toMatchObject({ id: superId, impersonating: false });

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, employeeId));
    const actions = audit.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['impersonation.start', 'impersonation.end']));
    const start = audit.find((a) => a.action === 'impersonation.start')!;
    expect(start).toMatchObject({ actorUserId: superId, organizationId: orgId, ip: '127.0.0.1' });
    const endRow = audit.find((a) => a.action === 'impersonation.end')!;
    expect(endRow).toMatchObject({ actorUserId: superId, asUserId: employeeId });
  });

  it('the token is refused without its super user session', async () => {
    const { sessionToken } = (await impersonate(employeeId)).json();
    // No cookie at all: not signed in.
    expect((await t.call({ url: '/api/auth/me', impersonation: sessionToken })).statusCode).toBe(401);
    // Another super user's session (even the same super user signed in elsewhere) does not carry it.
    const otherSuper = await t.createUser({ role: 'super_user' });
    const other = await t.call({ url: '/api/auth/me', cookie: await t.cookieFor(otherSuper.id), impersonation: sessionToken });
    expect(other.json()).toMatchObject({ id: otherSuper.id, impersonating: false });
    const sameSuperElsewhere = await t.call({ url: '/api/auth/me', cookie: await t.cookieFor(superId), impersonation: sessionToken });
    expect(sameSuperElsewhere.json()).toMatchObject({ id: superId, impersonating: false });
    // A non-super user presenting it gets nothing from it.
    const emp = await t.call({ url: '/api/auth/me', cookie: await t.cookieFor(employeeId), impersonation: sessionToken });
    expect(emp.json()).toMatchObject({ id: employeeId, impersonating: false });
  });

  it('the token stops working after 24 hours', async () => {
    const { sessionToken } = (await impersonate(employeeId)).json();
    await t.database.db
      .update(userSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(userSessions.kind, 'impersonation'), eq(userSessions.userId, employeeId)));
    const me = await t.call({ url: '/api/auth/me', cookie: superCookie, impersonation: sessionToken });
    expect(me.json()).toMatchObject({ id: superId, impersonating: false });
  });

  it('logging out ends the impersonations started from that session', async () => {
    const su = await t.createUser({ role: 'super_user' });
    const cookie = await t.cookieFor(su.id);
    const { sessionToken } = (await impersonate(employeeId, cookie)).json();
    await t.call({ method: 'POST', url: '/api/auth/logout', cookie });
    const rows = await t.database.db.select().from(userSessions).where(eq(userSessions.impersonatedBy, su.id));
    expect(rows).toHaveLength(0);
    expect((await t.call({ url: '/api/auth/me', cookie, impersonation: sessionToken })).statusCode).toBe(401);
  });

  it('a super user cannot be impersonated; only super users may impersonate', async () => {
    const other = await t.createUser({ role: 'super_user' });
    const res = await impersonate(other.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Super users cannot be impersonated');
    const admin = await t.createUser({ role: 'org_admin', organizationId: orgId });
    const byAdmin = await impersonate(employeeId, await t.cookieFor(admin.id));
    expect(byAdmin.statusCode).toBe(403);
    expect((await impersonate(999_999)).statusCode).toBe(404);
  });
});
