import { and, asc, eq } from 'drizzle-orm';
import { adminUserListSchema } from '../../../contracts/admin';
import { impersonateBodySchema, impersonateResponseSchema, messageSchema } from '../../../contracts/auth';
import { organizations, users, userSessions } from '../../db/schema/index';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { forbidden, invalid, notFound } from '../../platform/errors';
import { requireCtx } from '../../platform/guard';
import { createImpersonationSession } from '../../platform/sessions';
import { isRole } from '../../../contracts/permissions';
import { writeAudit } from '../audit/write-audit';

export function adminRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/admin/users', {
    config: { access: access.require('system_admin', { tenant: false }) },
    schema: { tags: ['admin'], summary: 'Every user, sorted by first name', response: { 200: adminUserListSchema } },
    handler: async () => {
      const rows = await db
        .select({ user: users, organizationName: organizations.name })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
      return rows.map(({ user: u, organizationName }) => ({
        id: u.id,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        companyName: u.companyName,
        organizationId: u.organizationId,
        organizationName: organizationName ?? null,
        role: isRole(u.role) ? u.role : 'guest',
        isActive: u.isActive,
        lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
        createdAt: u.createdAt.toISOString(),
      }));
    },
  });

  app.post('/api/admin/impersonate', {
    config: { access: access.require('impersonate_users', { tenant: false }) },
    schema: {
      tags: ['admin'],
      summary: 'Start acting as another user for 24 hours (send the token as x-impersonation-token)',
      body: impersonateBodySchema,
      response: { 200: impersonateResponseSchema },
    },
    handler: async (req) => {
      const ctx = requireCtx(req);
      if (ctx.originalUser) throw invalid('Exit the current impersonation first');
      const [target] = await db.select().from(users).where(eq(users.id, req.body.userId)).limit(1);
      if (!target) throw notFound('User not found');
      if (target.role === 'super_user') throw forbidden('Super users cannot be impersonated');
      if (!target.isActive) throw invalid('Account is disabled');
      const meta = { ip: req.ip, userAgent: req.headers['user-agent'] ?? null };
      const session = await createImpersonationSession(
        db,
        { targetUserId: target.id, superUserId: ctx.user.id, parentSessionId: ctx.sessionId },
        meta,
      );
      await writeAudit(db, ctx, {
        action: 'impersonation.start',
        entityType: 'user',
        entityId: target.id,
        organizationId: target.organizationId,
        details: { targetEmail: target.email, targetRole: target.role, expiresAt: session.expiresAt.toISOString() },
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
    },
  });

  app.post('/api/admin/end-impersonation', {
    // Called while acting as the impersonated user, whose permissions may be few; the token itself is the proof.
    config: { access: access.signedIn() },
    schema: { tags: ['admin'], summary: 'End the impersonation carried by x-impersonation-token', response: { 200: messageSchema } },
    handler: async (req) => {
      const ctx = requireCtx(req);
      if (!ctx.originalUser || ctx.impersonationSessionId === null) return { message: 'Not impersonating' };
      await db
        .delete(userSessions)
        .where(and(eq(userSessions.id, ctx.impersonationSessionId), eq(userSessions.impersonatedBy, ctx.originalUser.id)));
      await writeAudit(db, ctx, {
        action: 'impersonation.end',
        entityType: 'user',
        entityId: ctx.user.id,
        organizationId: ctx.user.organizationId,
        details: { targetEmail: ctx.user.email },
      });
      return { message: 'Impersonation ended' };
    },
  });
}
