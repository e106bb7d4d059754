import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userSessions } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

// An impersonation and its audit row are written together or not at all (docs/security.md). The audit write is
// made to fail for real: a trigger on audit_log raises, as a full disk or a broken constraint would.
let t: TestApp;
let superCookie: string;
let employeeId: number;

beforeAll(async () => {
  t = await createTestApp();
  const org = await t.createOrganization();
  superCookie = await t.cookieFor((await t.createUser({ role: 'super_user', organizationId: null })).id);
  employeeId = (await t.createUser({ role: 'employee', organizationId: org.id })).id;
  await t.database.db.execute(sql.raw(`
    CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit log unavailable'; END $$;
  `));
});
afterAll(async () => {
  await t?.close();
});

const breakAudit = () => t.database.db.execute(sql.raw('CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()'));
const repairAudit = () => t.database.db.execute(sql.raw('DROP TRIGGER refuse_audit ON audit_log'));
const impersonationSessions = () => t.database.db.select().from(userSessions).where(eq(userSessions.kind, 'impersonation'));
const auditRows = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));
const me = (token: string) => t.call({ url: '/api/auth/me', cookie: superCookie, impersonation: token });

describe('impersonation and its audit row', () => {
  it('leaves no session when the audit row cannot be written', async () => {
    await breakAudit();
    try {
      const res = await t.call({ method: 'POST', url: '/api/admin/impersonate', cookie: superCookie, payload: { userId: employeeId } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Internal server error' });
      expect(await impersonationSessions()).toEqual([]);
    } finally {
      await repairAudit();
    }
    expect(await auditRows('impersonation.start')).toEqual([]);
  });

  it('does not end an impersonation whose end cannot be audited, and ends it once it can', async () => {
    const start = await t.call({ method: 'POST', url: '/api/admin/impersonate', cookie: superCookie, payload: { userId: employeeId } });
    expect(start.statusCode).toBe(200);
    const token: string = start.json().sessionToken;
    expect(await impersonationSessions()).toHaveLength(1);
    expect(await auditRows('impersonation.start')).toHaveLength(1);

    await breakAudit();
    try {
      const end = await t.call({ method: 'POST', url: '/api/admin/end-impersonation', cookie: superCookie, impersonation: token });
      expect(end.statusCode).toBe(500);
      expect(await impersonationSessions()).toHaveLength(1);
      expect((await me(token)).json()).toMatchObject({ id: employeeId, impersonating: true });
    } finally {
      await repairAudit();
    }

    const end = await t.call({ method: 'POST', url: '/api/admin/end-impersonation', cookie: superCookie, impersonation: token });
    expect(end.json()).toEqual({ message: 'Impersonation ended' });
    expect(await impersonationSessions()).toEqual([]);
    expect(await auditRows('impersonation.end')).toHaveLength(1);
    expect((await me(token)).json()).toMatchObject({ impersonating: false });
  });
});
