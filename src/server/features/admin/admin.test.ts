import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, SystemStats } from '../../../contracts/admin';
import { appointmentReminders, appointments, auditLog, organizations, outbox, users, userSessions } from '../../db/schema/index';
import { createImpersonationSession, createLoginSession, SESSION_IDLE_MS } from '../../platform/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { HEALTH_THRESHOLDS } from './system-health';

let t: TestApp;
let orgA: { id: number; name: string };
let orgB: { id: number; name: string };
let superUser: { id: number; cookie: string };
let adminA: { id: number; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  orgA = await t.createOrganization({ name: 'Acme Plumbing' });
  orgB = await t.createOrganization({ name: 'Bravo Cleaning' });
  const su = await t.createUser({ role: 'super_user', organizationId: null, firstName: 'Sam', lastName: 'Super' });
  superUser = { id: su.id, cookie: await t.cookieFor(su.id) };
  const admin = await t.createUser({ role: 'org_admin', organizationId: orgA.id, firstName: 'Alex', lastName: 'Admin' });
  adminA = { id: admin.id, cookie: await t.cookieFor(admin.id) };
});
afterAll(async () => {
  await t?.close();
});

const stats = async (): Promise<SystemStats> => {
  const res = await t.call({ url: '/api/admin/system-stats', cookie: superUser.cookie });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const createAsSuper = (payload: object) => t.call({ method: 'POST', url: '/api/admin/users', cookie: superUser.cookie, payload });
const setRole = (id: number, role: unknown, cookie = superUser.cookie) =>
  t.call({ method: 'PUT', url: `/api/admin/users/${id}/role`, cookie, payload: { role } });
const auditLogPage = (query = '') => t.call({ url: `/api/admin/audit-log${query}`, cookie: superUser.cookie });
const check = (s: SystemStats, id: string) => s.systemHealth.checks.find((c) => c.id === id)!;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

let n = 0;
const person = (extra: object = {}) => ({ email: `admin-made${++n}-${Date.now()}@example.com`, firstName: 'Nia', lastName: `New${n}`, ...extra });

describe('system stats', () => {
  it('counts users and organizations', async () => {
    const s = await stats();
    const [u] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const [o] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(organizations);
    expect(s.totalUsers).toBe(Number(u.n));
    expect(s.totalOrganizations).toBe(Number(o.n));
    await t.createUser();
    await t.createOrganization();
    const after = await stats();
    expect(after.totalUsers).toBe(s.totalUsers + 1);
    expect(after.totalOrganizations).toBe(s.totalOrganizations + 1);
  });

  it('counts only unexpired, recently used sign-in sessions', async () => {
    const base = (await stats()).activeSessions;
    expect(base).toBeGreaterThanOrEqual(2);
    const u = await t.createUser({ organizationId: orgA.id });
    const meta = { ip: '127.0.0.1', userAgent: null };
    const one = await createLoginSession(t.database.db, u.id, meta);
    const two = await createLoginSession(t.database.db, u.id, meta);
    const three = await createLoginSession(t.database.db, u.id, meta);
    expect((await stats()).activeSessions).toBe(base + 3);

    await t.database.db.update(userSessions).set({ expiresAt: minutesAgo(1) }).where(eq(userSessions.id, one.id));
    await t.database.db.update(userSessions).set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) }).where(eq(userSessions.id, two.id));
    // An impersonation rides on the super user's session and is not a sign-in of its own.
    const [parent] = await t.database.db.select().from(userSessions).where(eq(userSessions.userId, superUser.id));
    await createImpersonationSession(t.database.db, { targetUserId: u.id, superUserId: superUser.id, parentSessionId: parent.id }, meta);
    expect((await stats()).activeSessions).toBe(base + 1);

    await t.database.db.delete(userSessions).where(eq(userSessions.id, three.id));
    expect((await stats()).activeSessions).toBe(base);
  });

  it('is Excellent with every check passing', async () => {
    const s = await stats();
    expect(s.systemHealth.status).toBe('Excellent');
    expect(s.systemHealth.checks.map((c) => [c.id, c.ok])).toEqual([
      ['database', true],
      ['migrations', true],
      ['outbox', true],
      ['reminders', true],
    ]);
  });

  it(`turns Degraded from ${HEALTH_THRESHOLDS.outboxFailures} failed deliveries within the last hour`, async () => {
    const failed = (createdAt: Date) => ({ channel: 'email', to: 'x@example.com', text: 'hi', transport: 'smtp', status: 'failed', error: 'ECONNREFUSED', createdAt });
    // Delivered or stored mail, and failures older than the window, are no backlog.
    await t.database.db.insert(outbox).values([
      { channel: 'email', to: 'ok@example.com', text: 'hi', transport: 'outbox', status: 'stored' },
      { channel: 'sms', to: '+15550100', text: 'hi', transport: 'twilio', status: 'sent' },
      ...Array.from({ length: 5 }, () => failed(minutesAgo(HEALTH_THRESHOLDS.outboxWindowMinutes + 5))),
    ]);
    expect((await stats()).systemHealth.status).toBe('Excellent');

    const rows = await t.database.db
      .insert(outbox)
      .values(Array.from({ length: HEALTH_THRESHOLDS.outboxFailures - 1 }, () => failed(minutesAgo(5))))
      .returning({ id: outbox.id });
    const below = await stats();
    expect(below.systemHealth.status).toBe('Excellent');
    expect(check(below, 'outbox').detail).toContain(`${HEALTH_THRESHOLDS.outboxFailures - 1} e-mail or SMS deliveries failed`);

    const [last] = await t.database.db.insert(outbox).values(failed(minutesAgo(1))).returning({ id: outbox.id });
    const degraded = await stats();
    expect(degraded.systemHealth.status).toBe('Degraded');
    expect(check(degraded, 'outbox')).toMatchObject({ ok: false, detail: `${HEALTH_THRESHOLDS.outboxFailures} e-mail or SMS deliveries failed in the last hour` });
    expect(check(degraded, 'reminders').ok).toBe(true);

    for (const r of [...rows, last]) await t.database.db.delete(outbox).where(eq(outbox.id, r.id));
    expect((await stats()).systemHealth.status).toBe('Excellent');
  });

  it(`turns Degraded when a pending reminder is more than ${HEALTH_THRESHOLDS.reminderLateMinutes} minutes overdue`, async () => {
    const [appt] = await t.database.db
      .insert(appointments)
      .values({ organizationId: orgA.id, customerEmail: 'c@example.com', appointmentDate: '2030-01-01 10:00:00' })
      .returning({ id: appointments.id });
    const reminder = (timing: number, dueAt: Date, status = 'pending') => ({
      organizationId: orgA.id,
      appointmentId: appt.id,
      reminderType: 'email' as const,
      reminderTiming: timing,
      dueAt,
      status,
    });
    await t.database.db.insert(appointmentReminders).values([
      reminder(1, minutesAgo(HEALTH_THRESHOLDS.reminderLateMinutes - 3)),
      reminder(2, minutesAgo(600), 'sent'),
      reminder(3, minutesAgo(600), 'failed'),
      reminder(4, new Date(Date.now() + 3_600_000)),
    ]);
    expect((await stats()).systemHealth.status).toBe('Excellent');

    const [late] = await t.database.db.insert(appointmentReminders).values(reminder(5, minutesAgo(HEALTH_THRESHOLDS.reminderLateMinutes + 2))).returning();
    const degraded = await stats();
    expect(degraded.systemHealth.status).toBe('Degraded');
    expect(check(degraded, 'reminders')).toMatchObject({ ok: false, detail: `1 reminder is more than ${HEALTH_THRESHOLDS.reminderLateMinutes} minutes overdue` });

    await t.database.db.update(appointmentReminders).set({ status: 'sent' }).where(eq(appointmentReminders.id, late.id));
    expect((await stats()).systemHealth.status).toBe('Excellent');
  });

  it('is Down when a migration is missing', async () => {
    const { rows } = await t.database.query('SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id DESC LIMIT 1');
    const last = rows[0];
    await t.database.query('DELETE FROM drizzle.__drizzle_migrations WHERE id = $1', [last.id]);
    try {
      const s = await stats();
      expect(s.systemHealth.status).toBe('Down');
      expect(check(s, 'migrations').ok).toBe(false);
      expect(check(s, 'database').ok).toBe(true);
    } finally {
      await t.database.query('INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES ($1, $2, $3)', [last.id, last.hash, last.created_at]);
    }
    expect((await stats()).systemHealth.status).toBe('Excellent');
  });

  it('is for super users only', async () => {
    expect((await t.call({ url: '/api/admin/system-stats', cookie: adminA.cookie })).statusCode).toBe(403);
    expect((await t.call({ url: '/api/admin/system-stats' })).statusCode).toBe(401);
  });
});

describe('creating users as a super user', () => {
  it('requires a role, and an organization unless the role is customer or super_user', async () => {
    const noRole = await createAsSuper(person({ organizationId: orgA.id }));
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().issues).toEqual([{ path: 'role', message: 'Role is required' }]);
    expect((await createAsSuper(person({ organizationId: orgA.id, role: '' }))).json().issues).toEqual([{ path: 'role', message: 'Role is required' }]);

    for (const role of ['org_admin', 'manager', 'employee', 'guest']) {
      for (const organizationId of [undefined, null, '']) {
        const res = await createAsSuper(person({ role, organizationId }));
        expect(res.statusCode, `${role} ${organizationId}`).toBe(400);
        expect(res.json().issues).toEqual([{ path: 'organizationId', message: 'Organization selection is required for non-customer users' }]);
      }
    }
    const customer = await createAsSuper(person({ role: 'customer', organizationId: null }));
    expect(customer.statusCode).toBe(201);
    expect(customer.json()).toMatchObject({ role: 'customer', organizationId: null });
    const sup = await createAsSuper(person({ role: 'super_user' }));
    expect(sup.statusCode).toBe(201);
    expect(sup.json()).toMatchObject({ role: 'super_user', organizationId: null });
  });

  it('creates the user with the form messages, a lower-cased e-mail, an audit entry, and 409 for a taken e-mail', async () => {
    const bad = await createAsSuper({ email: 'nope', firstName: '', lastName: ' ', role: 'manager', organizationId: orgB.id });
    expect(bad.json().issues).toEqual([
      { path: 'email', message: 'Invalid email address' },
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
    ]);

    const res = await createAsSuper({ email: 'Mia.Manager@Bravo.example', firstName: 'Mia', lastName: 'Manager', companyName: 'Bravo', role: 'manager', organizationId: orgB.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'mia.manager@bravo.example', role: 'manager', organizationId: orgB.id, organizationName: 'Bravo Cleaning', isActive: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, res.json().id));
    expect(row.accountId).toMatch(/^[0-9a-f-]{36}$/);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(entry).toMatchObject({ action: 'user.create', actorUserId: superUser.id, organizationId: orgB.id });

    const dup = await createAsSuper({ email: 'MIA.manager@bravo.example', firstName: 'Mia', lastName: 'Again', role: 'customer' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'CONFLICT', message: 'A user with this email address already exists' });
  });

  it('is refused to organization admins', async () => {
    const res = await t.call({ method: 'POST', url: '/api/admin/users', cookie: adminA.cookie, payload: person({ role: 'super_user' }) });
    expect(res.statusCode).toBe(403);
  });
});

describe('changing roles as a super user', () => {
  it('changes the role (effective on the next request) and audits it', async () => {
    const u = await t.createUser({ role: 'employee', organizationId: orgA.id });
    const cookie = await t.cookieFor(u.id);
    expect((await t.call({ url: '/api/users', cookie })).statusCode).toBe(403);
    const res = await setRole(u.id, 'org_admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: u.id, role: 'org_admin' });
    expect((await t.call({ url: '/api/users', cookie })).statusCode).toBe(200);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, u.id));
    expect(entry).toMatchObject({ action: 'user.role_change', actorUserId: superUser.id, organizationId: orgA.id, details: { email: u.email, from: 'employee', to: 'org_admin' } });
  });

  it('refuses a super user their own role, an unknown role or user, and everyone but super users', async () => {
    const own = await setRole(superUser.id, 'org_admin');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot change your own role');
    expect((await t.database.db.select().from(users).where(eq(users.id, superUser.id)))[0].role).toBe('super_user');
    const u = await t.createUser({ organizationId: orgA.id });
    expect((await setRole(u.id, 'king')).json().issues).toEqual([{ path: 'role', message: 'Please choose a role from the list' }]);
    expect((await setRole(u.id, undefined)).json().issues).toEqual([{ path: 'role', message: 'Role is required' }]);
    expect((await setRole(999_999, 'manager')).statusCode).toBe(404);
    expect((await setRole(u.id, 'manager', adminA.cookie)).statusCode).toBe(403);
  });
});

describe('audit log', () => {
  it('lists entries newest first with actor, as-user, entity, details and address; pages with X-Total-Count', async () => {
    const first = await createAsSuper(person({ role: 'customer' }));
    const second = await createAsSuper(person({ role: 'customer' }));
    const res = await auditLogPage('?limit=2');
    expect(res.statusCode).toBe(200);
    const total = Number(res.headers['x-total-count']);
    expect(total).toBeGreaterThan(2);
    const [newest, next] = res.json() as AuditEntry[];
    expect(newest).toMatchObject({
      action: 'user.create',
      entityType: 'user',
      entityId: second.json().id,
      actor: { id: superUser.id, email: expect.any(String), firstName: 'Sam', lastName: 'Super' },
      asUser: null,
      ip: '127.0.0.1',
      userAgent: 'lightMyRequest',
      details: { email: second.json().email, role: 'customer', organizationId: null },
    });
    expect(next.entityId).toBe(first.json().id);
    const paged = await auditLogPage(`?limit=2&offset=${total - 1}`);
    expect(paged.json()).toHaveLength(1);
    expect(paged.headers['x-total-count']).toBe(String(total));
  });

  it('shows who acted as whom while impersonating', async () => {
    const imp = await t.call({ method: 'POST', url: '/api/admin/impersonate', cookie: superUser.cookie, payload: { userId: adminA.id } });
    const token = imp.json().sessionToken;
    const made = await t.call({ method: 'POST', url: '/api/users', cookie: superUser.cookie, impersonation: token, payload: person() });
    expect(made.statusCode).toBe(201);
    await t.call({ method: 'POST', url: '/api/admin/end-impersonation', cookie: superUser.cookie, impersonation: token });
    const entries = (await auditLogPage('?action=user.create&limit=5')).json() as AuditEntry[];
    const entry = entries.find((e) => e.entityId === made.json().id);
    expect(entry).toMatchObject({
      actor: { id: superUser.id },
      asUser: { id: adminA.id, firstName: 'Alex', lastName: 'Admin' },
      organizationId: orgA.id,
      organizationName: 'Acme Plumbing',
    });
  });

  it('filters by action (exact or family) and organization', async () => {
    const u = await t.createUser({ role: 'employee', organizationId: orgB.id });
    await setRole(u.id, 'manager');
    const family = (await auditLogPage('?action=user&limit=500')).json() as AuditEntry[];
    expect(family.length).toBeGreaterThan(1);
    expect(family.every((e) => e.action.startsWith('user.'))).toBe(true);
    expect(new Set(family.map((e) => e.action))).toEqual(new Set(['user.create', 'user.role_change']));
    const exact = (await auditLogPage('?action=user.role_change&limit=500')).json() as AuditEntry[];
    expect(exact.every((e) => e.action === 'user.role_change')).toBe(true);
    expect(exact.map((e) => e.entityId)).toContain(u.id);
    // "user" is no prefix of "user_x.y", and "_" is not a wildcard.
    expect((await auditLogPage('?action=use')).json()).toEqual([]);
    expect((await auditLogPage('?action=user_create')).json()).toEqual([]);
    const inB = (await auditLogPage(`?organizationId=${orgB.id}&limit=500`)).json() as AuditEntry[];
    expect(inB.length).toBeGreaterThan(0);
    expect(inB.every((e) => e.organizationId === orgB.id && e.organizationName === 'Bravo Cleaning')).toBe(true);
    expect((await auditLogPage('?action=DROP TABLE')).statusCode).toBe(400);
  });

  it('is for super users only', async () => {
    expect((await t.call({ url: '/api/admin/audit-log', cookie: adminA.cookie })).statusCode).toBe(403);
  });
});

describe('the super user list', () => {
  it('lists everyone by first name, searchable and paged', async () => {
    const tag = `lst${Date.now()}`;
    for (const [first, org] of [['zed', orgA.id], ['Amy', orgB.id], ['bo', null]] as const) {
      await t.createUser({ firstName: first, lastName: tag, organizationId: org });
    }
    const res = await t.call({ url: `/api/admin/users?q=${tag}`, cookie: superUser.cookie });
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json().map((u: { firstName: string }) => u.firstName)).toEqual(['Amy', 'bo', 'zed']);
    expect(res.json().map((u: { organizationName: string | null }) => u.organizationName)).toEqual(['Bravo Cleaning', null, 'Acme Plumbing']);
    const page2 = await t.call({ url: `/api/admin/users?q=${tag}&limit=1&offset=1`, cookie: superUser.cookie });
    expect(page2.json().map((u: { firstName: string }) => u.firstName)).toEqual(['bo']);
  });
});
