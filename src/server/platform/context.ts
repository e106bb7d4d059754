// What every route knows about its caller: the effective user, the tenant, and how they got here.
import type { Permission, Role } from '../../contracts/permissions';

export interface SessionUser {
  id: number;
  accountId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  organizationId: number | null;
  role: Role;
  permissions: string[];
  isActive: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
}

export interface RequestContext {
  /** The user whose data and permissions apply (the impersonated user while impersonating). */
  user: SessionUser;
  /** The super user behind an impersonation, else null. */
  originalUser: SessionUser | null;
  /** The cookie session (always the real person's own). */
  sessionId: number;
  impersonationSessionId: number | null;
  /** The caller's organization; null for a super user without one. */
  organizationId: number | null;
  /** A super user's context may span organizations. */
  isSuperUser: boolean;
  permissions: ReadonlySet<Permission>;
  ip: string;
  userAgent: string | null;
}

/** Declared by every /api route: who may call it. */
export type Access =
  | { kind: 'public'; csrf?: boolean }
  | { kind: 'signedIn' }
  | { kind: 'permission'; anyOf: readonly Permission[]; tenant: boolean };

export const access = {
  /** Anyone, signed in or not. `csrf: false` for machine callers such as webhooks. */
  public: (opts: { csrf?: boolean } = {}): Access => ({ kind: 'public', csrf: opts.csrf }),
  /** Any signed-in user, whatever the role. */
  signedIn: (): Access => ({ kind: 'signedIn' }),
  /**
   * Signed in with one of the permissions. `tenant: true` means the route works on the caller's
   * organization's records (a super user's may span organizations).
   */
  require: (permission: Permission | readonly Permission[], opts: { tenant: boolean }): Access => ({
    kind: 'permission',
    anyOf: Array.isArray(permission) ? (permission as readonly Permission[]) : [permission as Permission],
    tenant: opts.tenant,
  }),
};

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
}
