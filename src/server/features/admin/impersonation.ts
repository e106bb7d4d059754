// Starting and ending an impersonation (docs/rules/sign-in-and-sessions.md#impersonation; docs/decisions/001). The session
// and its audit row are one transaction: an impersonation nobody can see in the audit log must not exist, and
// one that ended must not go on without its record (docs/security.md).
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { impersonateResponseSchema } from '../../../contracts/auth';
import { isRole } from '../../../contracts/permissions';
import type { Db } from '../../db/client';
import { users, userSessions } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { forbidden, invalid, notFound } from '../../platform/errors';
import { sessionOnlyRefusal } from '../../platform/api-key-auth';
import { createImpersonationSession } from '../../platform/sessions';
import { writeAudit } from '../audit/write-audit';

type ImpersonateResponse = z.infer<typeof impersonateResponseSchema>;

export async function startImpersonation(db: Db, ctx: RequestContext, userId: number): Promise<ImpersonateResponse> {
  if (ctx.originalUser) throw invalid('Exit the current impersonation first');
  // The impersonation hangs on the super user's own cookie session; the route is session-only, so there always is one.
  const parentSessionId = ctx.sessionId;
  if (parentSessionId === null) throw sessionOnlyRefusal();
  const [target] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!target) throw notFound('User not found');
  if (target.role === 'super_user') throw forbidden('Super users cannot be impersonated');
  if (!target.isActive) throw invalid('Account is disabled');

  const session = await db.transaction(async (tx) => {
    const created = await createImpersonationSession(
      tx,
      { targetUserId: target.id, superUserId: ctx.user.id, parentSessionId },
      { ip: ctx.ip, userAgent: ctx.userAgent },
    );
    await writeAudit(tx, ctx, {
      action: 'impersonation.start',
      entityType: 'user',
      entityId: target.id,
      organizationId: target.organizationId,
      details: { targetEmail: target.email, targetRole: target.role, expiresAt: created.expiresAt.toISOString() },
    });
    return created;
  });
  return {
    sessionToken: session.token,
    expiresAt: session.expiresAt.toISOString(),
    user: {
      id: target.id,
      email: target.email,
      firstName: target.firstName,
      lastName: target.lastName,
      role: isRole(target.role) ? target.role : 'guest',
    },
  };
}

/** Ends the impersonation the caller carries; false when there is none. */
export async function endImpersonation(db: Db, ctx: RequestContext): Promise<boolean> {
  if (!ctx.originalUser || ctx.impersonationSessionId === null) return false;
  const superUserId = ctx.originalUser.id;
  const sessionId = ctx.impersonationSessionId;
  await db.transaction(async (tx) => {
    await tx.delete(userSessions).where(and(eq(userSessions.id, sessionId), eq(userSessions.impersonatedBy, superUserId)));
    await writeAudit(tx, ctx, {
      action: 'impersonation.end',
      entityType: 'user',
      entityId: ctx.user.id,
      organizationId: ctx.user.organizationId,
      details: { targetEmail: ctx.user.email },
    });
  });
  return true;
}
