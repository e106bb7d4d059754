import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import {
  currentUserSchema,
  impersonationStatusSchema,
  messageSchema,
  organizationTokenSchema,
  registerBodySchema,
  sendOtpBodySchema,
  verifyOtpBodySchema,
} from '../../../contracts/auth';
import { organizations, users, userSessions } from '../../db/schema/index';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { CLIENT_LIMITS } from '../../platform/client-limits';
import { access } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { requireCtx } from '../../platform/guard';
import { createLoginSession, deleteSession, SESSION_ABSOLUTE_MS, toSessionUser } from '../../platform/sessions';
import { getCurrentUser } from './current-user';
import { sendOtp, verifyOtp } from './otp';
import { REGISTRATION_CODE_SENT, registerUser } from './register-user';

export function authRoutes(app: ZodApp, deps: AppDeps) {
  const { db, config, mailer } = deps;

  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(config.cookieName, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      path: '/',
      maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
    });

  app.post('/api/auth/send-otp', {
    // Limited per address and per client inside the service (features/auth/otp.ts).
    config: { access: access.public({ sessionOnly: true }), rateLimited: true },
    schema: { tags: ['auth'], summary: 'E-mail a six-digit sign-in code', body: sendOtpBodySchema, response: { 200: messageSchema } },
    handler: async (req) => {
      await sendOtp(db, mailer, req.body.email, req.ip, { clientLimitPerHour: config.OTP_CLIENT_LIMIT_PER_HOUR });
      return { message: 'Code sent' };
    },
  });

  app.post('/api/auth/verify-otp', {
    config: { access: access.public({ sessionOnly: true }), clientLimit: CLIENT_LIMITS.codeCheck },
    schema: { tags: ['auth'], summary: "Exchange a code for a session cookie (a pending registration's code creates its guest account first)", body: verifyOtpBodySchema, response: { 200: currentUserSchema } },
    handler: async (req, reply) => {
      const user = await verifyOtp(db, req.body.email, req.body.code);
      const now = new Date();
      // A new session token at every sign-in; an earlier session in this browser is ended.
      if (req.ctx?.sessionId) await deleteSession(db, req.ctx.sessionId);
      const session = await createLoginSession(db, user.id, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null }, now);
      const [updated] = await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id)).returning();
      setSessionCookie(reply, session.token);
      return getCurrentUser(db, toSessionUser(updated), false);
    },
  });

  app.post('/api/auth/register', {
    config: { access: access.public({ sessionOnly: true }), clientLimit: CLIENT_LIMITS.registration },
    schema: {
      tags: ['auth'],
      summary: 'Start a guest registration: e-mail a code; verify-otp with it creates the account and signs in (202: nothing is created yet)',
      body: registerBodySchema,
      response: { 202: messageSchema },
    },
    handler: async (req, reply) => {
      await registerUser(db, mailer, req.body, req.ip, { configuredSlug: config.REGISTRATION_ORG_SLUG, clientLimitPerHour: config.OTP_CLIENT_LIMIT_PER_HOUR });
      return reply.code(202).send({ message: REGISTRATION_CODE_SENT });
    },
  });

  app.post('/api/auth/logout', {
    config: { access: access.public({ sessionOnly: true }) },
    schema: { tags: ['auth'], summary: 'End the session', response: { 200: messageSchema } },
    handler: async (req, reply) => {
      if (req.ctx?.sessionId) await deleteSession(db, req.ctx.sessionId);
      reply.clearCookie(config.cookieName, { path: '/', secure: config.secureCookies, httpOnly: true, sameSite: 'lax' });
      return { message: 'Logged out' };
    },
  });

  for (const url of ['/api/auth/me', '/api/me']) {
    app.get(url, {
      // One's own profile: a key acts for its organization, not as a person (docs/rules/public-api.md#what-a-key-cannot-call).
      config: { access: access.signedIn({ sessionOnly: true }) },
      schema: { tags: ['auth'], summary: 'The signed-in user (the impersonated one while impersonating)', response: { 200: currentUserSchema } },
      handler: async (req) => {
        const ctx = requireCtx(req);
        return getCurrentUser(db, ctx.user, ctx.originalUser !== null);
      },
    });
  }

  app.get('/api/auth/organization-token', {
    config: { access: access.signedIn() },
    schema: { tags: ['auth'], summary: "The key of the user's organization's public pages (its slug)", response: { 200: organizationTokenSchema } },
    handler: async (req) => {
      const ctx = requireCtx(req);
      if (ctx.user.organizationId === null) throw notFound('No organization');
      const [org] = await db
        .select({ slug: organizations.slug })
        .from(organizations)
        .where(eq(organizations.id, ctx.user.organizationId))
        .limit(1);
      if (!org?.slug) throw notFound('No organization');
      return { token: org.slug };
    },
  });

  app.get('/api/auth/impersonation-status', {
    config: { access: access.public({ sessionOnly: true }) },
    schema: { tags: ['auth'], summary: 'Whether this browser is impersonating, and who the real user is', response: { 200: impersonationStatusSchema } },
    handler: async (req) => {
      const ctx = req.ctx;
      if (!ctx || !ctx.originalUser || ctx.impersonationSessionId === null) {
        return { isImpersonating: false, originalUser: null, impersonatedUser: null, expiresAt: null };
      }
      const pick = (u: typeof ctx.user) => ({ id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, role: u.role });
      const [s] = await db
        .select({ expiresAt: userSessions.expiresAt })
        .from(userSessions)
        .where(eq(userSessions.id, ctx.impersonationSessionId))
        .limit(1);
      return {
        isImpersonating: true,
        originalUser: pick(ctx.originalUser),
        impersonatedUser: pick(ctx.user),
        expiresAt: s?.expiresAt.toISOString() ?? null,
      };
    },
  });
}
