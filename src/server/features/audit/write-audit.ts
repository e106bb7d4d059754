// Who did what, as whom, when and from where (docs/rules/sign-in-and-sessions.md#audit-log).
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';

export interface AuditEntry {
  action: string;
  entityType?: string;
  entityId?: number | null;
  organizationId?: number | null;
  details?: Record<string, unknown>;
}

export async function writeAudit(db: DbOrTx, ctx: RequestContext, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    organizationId: entry.organizationId ?? ctx.organizationId ?? null,
    actorUserId: (ctx.originalUser ?? ctx.user).id,
    asUserId: ctx.originalUser ? ctx.user.id : null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    // A call made with an API key names the key (docs/rules/public-api.md#audit): the person is its creator.
    details: ctx.apiKeyId !== null ? { ...entry.details, apiKeyId: ctx.apiKeyId } : (entry.details ?? null),
    ip: ctx.ip,
    userAgent: ctx.userAgent?.slice(0, 500) ?? null,
  });
}

/** What the system did on its own (a job): no person, no address. */
export async function writeSystemAudit(db: DbOrTx, entry: AuditEntry & { organizationId: number }): Promise<void> {
  await db.insert(auditLog).values({
    organizationId: entry.organizationId,
    actorUserId: null,
    asUserId: null,
    action: entry.action,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    details: entry.details ?? null,
    ip: null,
    userAgent: null,
  });
}
