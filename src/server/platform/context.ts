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
  /** The cookie session (always the real person's own); null for a call made with an API key. */
  sessionId: number | null;
  impersonationSessionId: number | null;
  /**
   * The API key the call was made with (docs/rules/public-api.md#api-keys), else null. `user` is then the admin who
   * created it and `permissions` exactly the key's (docs/decisions/035-api-keys-and-webhooks.md).
   */
  apiKeyId: number | null;
  /** The caller's organization; null for a super user without one. */
  organizationId: number | null;
  /** A super user's context may span organizations. */
  isSuperUser: boolean;
  permissions: ReadonlySet<Permission>;
  ip: string;
  userAgent: string | null;
}

/**
 * `sessionOnly`: a call only a person signed in with a session makes (signing in and out, impersonation, one's own
 * profile, bell and calendar address, API key management): an API key is refused with 403
 * (docs/rules/public-api.md#what-a-key-cannot-call).
 */
export type Access =
  | { kind: 'public'; csrf?: boolean; sessionOnly?: boolean }
  | { kind: 'signedIn'; sessionOnly?: boolean }
  | { kind: 'permission'; anyOf: readonly Permission[]; tenant: boolean; sessionOnly?: boolean };

export const access = {
  /** Anyone, signed in or not. `csrf: false` for machine callers such as webhooks. */
  public: (opts: { csrf?: boolean; sessionOnly?: boolean } = {}): Access => ({ kind: 'public', csrf: opts.csrf, ...(opts.sessionOnly && { sessionOnly: true }) }),
  /** Any signed-in user, whatever the role. */
  signedIn: (opts: { sessionOnly?: boolean } = {}): Access => ({ kind: 'signedIn', ...(opts.sessionOnly && { sessionOnly: true }) }),
  /**
   * Signed in with one of the permissions. `tenant: true` means the route works on the caller's
   * organization's records (a super user's may span organizations).
   */
  require: (permission: Permission | readonly Permission[], opts: { tenant: boolean; sessionOnly?: boolean }): Access => ({
    kind: 'permission',
    anyOf: Array.isArray(permission) ? (permission as readonly Permission[]) : [permission as Permission],
    tenant: opts.tenant,
    ...(opts.sessionOnly && { sessionOnly: true }),
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
