// Changes a user's details, role or active flag, each change audited; deactivating ends every session of the user
// (docs/rules/sign-in-and-sessions.md#sessions) and revokes the portal links they handed out. Role changes need nothing more:
// sessions read the role on every request.
import { and, eq, ne } from 'drizzle-orm';
import { USER_MESSAGES, type UpdateUserBody, type User } from '../../../contracts/users';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, invalid, notFound, pgErrorCode } from '../../platform/errors';
import { deleteUserSessions } from '../../platform/sessions';
import { writeAudit } from '../audit/write-audit';
import { revokePortalLinks } from '../customer-portal/revoke-portal-links';
import { findVisibleUser, organizationExists, organizationName } from './find-user';
import { assertMayChangeUser } from './user-rules';
import { toUserResponse } from './user-response';

const DETAIL_FIELDS = ['email', 'firstName', 'lastName', 'companyName', 'organizationId'] as const;

type UserRow = typeof users.$inferSelect;

async function emailTaken(db: DbOrTx, email: string, exceptId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, exceptId))).limit(1);
  return Boolean(row);
}

export async function updateUser(db: Db, ctx: RequestContext, id: number, body: UpdateUserBody): Promise<User> {
  return db.transaction(async (tx) => {
    const target = await findVisibleUser(tx, ctx, id, { forUpdate: true });
    if (!target) throw notFound(USER_MESSAGES.notFound);
    assertMayChangeUser(ctx, target, body);

    const changes: Partial<UserRow> = {};
    const diff: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of DETAIL_FIELDS) {
      const value = body[field];
      if (value === undefined || value === target[field]) continue;
      Object.assign(changes, { [field]: value });
      diff[field] = { from: target[field], to: value };
    }
    const roleChanged = body.role !== undefined && body.role !== target.role;
    const activeChanged = body.isActive !== undefined && body.isActive !== target.isActive;
    if (roleChanged) changes.role = body.role;
    if (activeChanged) changes.isActive = body.isActive;
    if (Object.keys(changes).length === 0) return toUserResponse(target, await organizationName(tx, target.organizationId));

    if (changes.organizationId != null && !(await organizationExists(tx, changes.organizationId))) {
      throw invalid(`organizationId: ${USER_MESSAGES.organizationNotFound}`, [{ path: 'organizationId', message: USER_MESSAGES.organizationNotFound }]);
    }
    if (changes.email !== undefined && (await emailTaken(tx, changes.email, id))) throw conflict(USER_MESSAGES.duplicateEmail);

    let row: UserRow;
    try {
      [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
    } catch (err) {
      // Another request took the address between the check and the write.
      if (pgErrorCode(err) === '23505') throw conflict(USER_MESSAGES.duplicateEmail);
      throw err;
    }

    const audit = { entityType: 'user', entityId: id, organizationId: row.organizationId };
    if (Object.keys(diff).length > 0) await writeAudit(tx, ctx, { ...audit, action: 'user.update', details: { email: row.email, changes: diff } });
    if (roleChanged) await writeAudit(tx, ctx, { ...audit, action: 'user.role_change', details: { email: row.email, from: target.role, to: row.role } });
    if (activeChanged) await writeAudit(tx, ctx, { ...audit, action: row.isActive ? 'user.activate' : 'user.deactivate', details: { email: row.email } });
    if (activeChanged && !row.isActive) {
      await deleteUserSessions(tx, id);
      // The portal links they handed out go with them (docs/customer-portal.md, Portal links).
      await revokePortalLinks(tx, { createdByUserId: id });
    }

    return toUserResponse(row, await organizationName(tx, row.organizationId));
  });
}
