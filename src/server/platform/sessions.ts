// Cookie sessions and impersonation sessions (docs/rules/sign-in-and-sessions.md#sessions, #impersonation).
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { userSessions, users } from '../db/schema/index';
import type { SessionUser } from './context';
import { hashToken, newToken } from './tokens';
import { isRole } from '../../contracts/permissions';

export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const IMPERSONATION_MS = 24 * 60 * 60 * 1000;
/** lastSeenAt is refreshed at most this often, so reads do not write on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface SessionMeta {
  ip: string;
  userAgent: string | null;
}

export async function createLoginSession(db: DbOrTx, userId: number, meta: SessionMeta, now = new Date()) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const [row] = await db
    .insert(userSessions)
    .values({
      userId,
      kind: 'login',
      sessionToken: hashToken(token),
      expiresAt,
      lastSeenAt: now,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
    })
    .returning({ id: userSessions.id });
  return { token, id: row.id, expiresAt };
}

export async function createImpersonationSession(
  db: DbOrTx,
  args: { targetUserId: number; superUserId: number; parentSessionId: number },
  meta: SessionMeta,
  now = new Date(),
) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + IMPERSONATION_MS);
  const [row] = await db
    .insert(userSessions)
    .values({
      userId: args.targetUserId,
      impersonatedBy: args.superUserId,
      parentSessionId: args.parentSessionId,
      kind: 'impersonation',
      sessionToken: hashToken(token),
      expiresAt,
      lastSeenAt: now,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      createdAt: now,
    })
    .returning({ id: userSessions.id });
  return { token, id: row.id, expiresAt };
}

export function toSessionUser(u: typeof users.$inferSelect): SessionUser {
  return {
    id: u.id,
    accountId: u.accountId,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    companyName: u.companyName,
    organizationId: u.organizationId,
    role: isRole(u.role) ? u.role : 'guest',
    permissions: Array.isArray(u.permissions) ? u.permissions.filter((p): p is string => typeof p === 'string') : [],
    isActive: u.isActive,
    lastLoginAt: u.lastLoginAt,
    createdAt: u.createdAt,
  };
}

/** The session lookup runs on every request: prepared once per database (a named statement on PostgreSQL). */
function prepareLookup(db: Db) {
  return db
    .select({ session: userSessions, user: users })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.sessionToken, sql.placeholder('token')),
        eq(userSessions.kind, sql.placeholder('kind')),
        gt(userSessions.expiresAt, sql.placeholder('now')),
        gt(userSessions.lastSeenAt, sql.placeholder('idleCutoff')),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
}
const lookups = new WeakMap<object, ReturnType<typeof prepareLookup>>();

async function findSession(db: Db, token: string, kind: 'login' | 'impersonation', now: Date) {
  if (!token || token.length > 200) return null;
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const prepared = lookup;
  // Every request reads its session from the database (one indexed row), never from memory: a sign-out, a
  // deactivation or a role change on any instance applies to the very next call (docs/decisions/022-speed-without-a-cache.md).
  const row = (await prepared.execute({ token: hashToken(token), kind, now, idleCutoff }))[0];
  const found = row && row.user.isActive ? { session: row.session, user: toSessionUser(row.user) } : null;
  if (!found) return null;
  if (found.session.expiresAt.getTime() <= now.getTime() || found.session.lastSeenAt.getTime() <= idleCutoff.getTime()) return null;
  if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(userSessions).set({ lastSeenAt: now }).where(eq(userSessions.id, found.session.id));
  }
  return found;
}

export interface ResolvedSession {
  sessionId: number;
  user: SessionUser;
  impersonation: { sessionId: number; user: SessionUser; expiresAt: Date } | null;
}

/**
 * The cookie session, and the impersonation it carries when the header token belongs to a session
 * this very cookie session created (anything else is ignored, never honoured).
 */
export async function resolveSession(
  db: Db,
  cookieToken: string | undefined,
  impersonationToken: string | undefined,
  now = new Date(),
): Promise<ResolvedSession | null> {
  if (!cookieToken) return null;
  const login = await findSession(db, cookieToken, 'login', now);
  if (!login) return null;
  let impersonation: ResolvedSession['impersonation'] = null;
  if (impersonationToken && login.user.role === 'super_user') {
    const imp = await findSession(db, impersonationToken, 'impersonation', now);
    if (
      imp &&
      imp.session.parentSessionId === login.session.id &&
      imp.session.impersonatedBy === login.user.id &&
      imp.user.role !== 'super_user'
    ) {
      impersonation = { sessionId: imp.session.id, user: imp.user, expiresAt: imp.session.expiresAt };
    }
  }
  return { sessionId: login.session.id, user: login.user, impersonation };
}

/** Ends a login session and every impersonation started from it. */
export async function deleteSession(db: DbOrTx, sessionId: number) {
  await db.delete(userSessions).where(or(eq(userSessions.id, sessionId), eq(userSessions.parentSessionId, sessionId)));
}

/** Ends every session of a user (deactivation), including impersonations of them. */
export async function deleteUserSessions(db: DbOrTx, userId: number) {
  await db.delete(userSessions).where(or(eq(userSessions.userId, userId), eq(userSessions.impersonatedBy, userId)));
}

export async function deleteExpiredSessions(db: DbOrTx, now = new Date()) {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  await db
    .delete(userSessions)
    .where(or(lt(userSessions.expiresAt, now), lt(userSessions.lastSeenAt, idleCutoff)));
}

export async function countActiveSessions(db: DbOrTx, now = new Date()): Promise<number> {
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userSessions)
    .where(and(eq(userSessions.kind, 'login'), gt(userSessions.expiresAt, now), gt(userSessions.lastSeenAt, idleCutoff)));
  return Number(r?.n ?? 0);
}
