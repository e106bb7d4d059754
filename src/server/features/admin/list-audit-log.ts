// The audit log, newest first: who (and as whom) did what to which record, in which organization, from where.
import { and, count, eq, like, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditEntry, AuditLogQuery, AuditPerson } from '../../../contracts/admin';
import type { DbOrTx } from '../../db/client';
import { auditLog, organizations, users } from '../../db/schema/index';
import { likePattern, page, runAll } from '../../platform/lists';
import { descending, keysetReader, orderOf, type BatchQuery, type BatchReader } from '../../platform/list-order';

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

const NEWEST_FIRST = [descending(auditLog.createdAt), descending(auditLog.id)];

const auditWhere = (query: Pick<AuditLogQuery, 'action' | 'organizationId'>) =>
  and(actionFilter(query.action), query.organizationId ? eq(auditLog.organizationId, query.organizationId) : undefined);

/** Entries with who did it, as whom, and in which organization; `extra` adds fields (the export's key). */
function selectEntries<Extra extends Record<string, SQL.Aliased>>(db: DbOrTx, extra: Extra) {
  return db
    .select({
      entry: auditLog,
      organizationName: organizations.name,
      actor: { id: actor.id, email: actor.email, firstName: actor.firstName, lastName: actor.lastName },
      asUser: { id: asUser.id, email: asUser.email, firstName: asUser.firstName, lastName: asUser.lastName },
      ...extra,
    })
    .from(auditLog)
    .leftJoin(organizations, eq(organizations.id, auditLog.organizationId))
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .leftJoin(asUser, eq(asUser.id, auditLog.asUserId));
}

/** The log batch by batch, newest first, with its filters: its export (docs/rules/data-exchange.md#list-exports). */
export function auditLogBatches(db: DbOrTx, query: Pick<AuditLogQuery, 'action' | 'organizationId'>): BatchReader<AuditEntry> {
  const where = auditWhere(query);
  return keysetReader(
    NEWEST_FIRST,
    (b: BatchQuery) => selectEntries(db, { listKey: b.key }).where(and(where, b.after)).orderBy(...b.order).limit(b.limit),
    (rows) => rows.map(toAuditEntry),
  );
}

export async function listAuditLog(db: DbOrTx, query: AuditLogQuery): Promise<{ rows: AuditEntry[]; total: number }> {
  const where = auditWhere(query);
  const { limit, offset } = page(query);
  const [rows, [totalRow]] = await runAll(
    db,
    () =>
      selectEntries(db, {})
        .where(where)
        .orderBy(...orderOf(NEWEST_FIRST))
        .limit(limit)
        .offset(offset),
    () => db.select({ total: count() }).from(auditLog).where(where),
  );
  return { rows: rows.map(toAuditEntry), total: Number(totalRow?.total ?? 0) };
}

type EntryRow = { entry: typeof auditLog.$inferSelect; organizationName: string | null; actor: AuditPerson | null; asUser: AuditPerson | null };

function toAuditEntry(r: EntryRow): AuditEntry {
  return {
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
  };
}
