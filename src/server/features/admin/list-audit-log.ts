// The audit log, newest first: who (and as whom) did what to which record, in which organization, from where.
import { and, count, desc, eq, like, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEntry, AuditLogQuery, AuditPerson } from '../../../contracts/admin';
import type { DbOrTx } from '../../db/client';
import { auditLog, organizations, users } from '../../db/schema/index';
import { likePattern, page, runAll } from '../../platform/lists';

const actor = alias(users, 'actor');
const asUser = alias(users, 'as_user');

/** A left-joined user: null when the entry has none or the user was deleted since. */
function person(p: AuditPerson | null): AuditPerson | null {
  return p ? { id: p.id, email: p.email, firstName: p.firstName, lastName: p.lastName } : null;
}

/** `user` is the family of `user.create`, `user.role_change`...; `user.create` is one action. */
function actionFilter(action: string | undefined): SQL | undefined {
  if (!action) return undefined;
  return or(eq(auditLog.action, action), like(auditLog.action, `${likePattern(action).slice(1, -1)}.%`));
}

export async function listAuditLog(db: DbOrTx, query: AuditLogQuery): Promise<{ rows: AuditEntry[]; total: number }> {
  const where = and(actionFilter(query.action), query.organizationId ? eq(auditLog.organizationId, query.organizationId) : undefined);
  const { limit, offset } = page(query);
  const [rows, [totalRow]] = await runAll(
    db,
    () =>
      db
        .select({
          entry: auditLog,
          organizationName: organizations.name,
          actor: { id: actor.id, email: actor.email, firstName: actor.firstName, lastName: actor.lastName },
          asUser: { id: asUser.id, email: asUser.email, firstName: asUser.firstName, lastName: asUser.lastName },
        })
        .from(auditLog)
        .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
        .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
        .leftJoin(asUser, eq(asUser.id, auditLog.asUserId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ total: count() }).from(auditLog).where(where),
  );
  return {
    rows: rows.map((r) => ({
      id: r.entry.id,
      createdAt: r.entry.createdAt.toISOString(),
      action: r.entry.action,
      actor: person(r.actor),
      asUser: person(r.asUser),
      entityType: r.entry.entityType,
      entityId: r.entry.entityId,
      organizationId: r.entry.organizationId,
      organizationName: r.organizationName ?? null,
      details: r.entry.details ?? null,
      ip: r.entry.ip,
      userAgent: r.entry.userAgent,
    })),
    total: Number(totalRow?.total ?? 0),
  };
}
