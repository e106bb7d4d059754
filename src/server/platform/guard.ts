// The sign-in guard every /api route passes through: CSRF rule, API key or session and impersonation, permission.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { permissionsFor, type Permission } from '../../contracts/permissions';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Access, RequestContext } from './context';
import { bearerKeyOf, resolveApiKey, sessionOnlyRefusal } from './api-key-auth';
import { AppError, forbidden, unauthenticated } from './errors';
import { resolveSession } from './sessions';

export const IMPERSONATION_HEADER = 'x-impersonation-token';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /** The route's zod schemas (tests generate bad input from them). */
  schema: { body?: unknown; params?: unknown; querystring?: unknown };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes that are not ours to declare (the OpenAPI UI plugin's own routes). */
const isUndeclaredAllowed = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

export function isApiUrl(url: string) {
  return url === '/api' || url.startsWith('/api/');
}

export function registerGuard(app: FastifyInstance, deps: { db: Db; config: Config }): RouteEntry[] {
  const catalog: RouteEntry[] = [];
  app.decorateRequest('ctx', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiUrl(route.url) || isUndeclaredAllowed(route.url)) return;
    const a = route.config?.access;
    if (!a) throw new Error(`Route ${String(route.method)} ${route.url} does not declare its access`);
    for (const m of [route.method].flat()) {
      if (m === 'HEAD') continue;
      const sc = (route.schema ?? {}) as RouteEntry['schema'];
      catalog.push({ method: String(m), url: route.url, access: a, schema: { body: sc.body, params: sc.params, querystring: sc.querystring } });
    }
  });

  const appOrigin = new URL(deps.config.appUrl).origin;

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !isApiUrl(url) || isUndeclaredAllowed(url)) return;
    const a = request.routeOptions.config.access;
    if (!a) throw forbidden();

    // A key is never sent by a browser on its own (no ambient credential), so its calls need no Origin check; the
    // content-type rule stays (docs/rules/public-api.md#api-keys).
    const apiKey = bearerKeyOf(request);
    if (STATE_CHANGING.has(request.method) && !(a.kind === 'public' && a.csrf === false)) {
      checkCsrf(request, appOrigin, { checkOrigin: apiKey === undefined });
    }

    if (apiKey !== undefined) {
      // With a key, the cookie and the impersonation header are ignored: a bad key is refused, never replaced by them.
      request.ctx = await resolveApiKey(deps.db, request, apiKey, { callsPerMinute: deps.config.API_KEY_CALLS_PER_MINUTE });
      if (a.sessionOnly) throw sessionOnlyRefusal();
    } else {
      await resolveSessionContext(request, deps);
    }

    if (a.kind !== 'public') {
      const ctx = request.ctx;
      if (!ctx) throw unauthenticated();
      if (a.kind === 'permission') {
        if (!a.anyOf.some((p) => ctx.permissions.has(p))) throw forbidden();
        if (a.tenant && !ctx.isSuperUser && ctx.organizationId === null) {
          throw forbidden('Your account is not part of an organization');
        }
      }
    }
  });

  return catalog;
}

/** The cookie session's context (and the impersonation it carries), when there is one. */
async function resolveSessionContext(request: FastifyRequest, deps: { db: Db; config: Config }) {
  const cookieToken = request.cookies?.[deps.config.cookieName];
  const impHeader = request.headers[IMPERSONATION_HEADER];
  const impToken = typeof impHeader === 'string' ? impHeader : undefined;
  const resolved = await resolveSession(deps.db, cookieToken, impToken);
  if (resolved) {
    const effective = resolved.impersonation?.user ?? resolved.user;
    const ctx: RequestContext = {
      user: effective,
      originalUser: resolved.impersonation ? resolved.user : null,
      sessionId: resolved.sessionId,
      impersonationSessionId: resolved.impersonation?.sessionId ?? null,
      apiKeyId: null,
      organizationId: effective.organizationId,
      isSuperUser: effective.role === 'super_user',
      permissions: permissionsOf(effective),
      ip: request.ip,
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
    };
    request.ctx = ctx;
  }
}

/** A user's permission set, built once per session user object. Read-only. */
const permissionSets = new WeakMap<object, ReadonlySet<Permission>>();
function permissionsOf(user: RequestContext['user']): ReadonlySet<Permission> {
  let set = permissionSets.get(user);
  if (!set) {
    set = permissionsFor(user.role, user.permissions);
    permissionSets.set(user, set);
  }
  return set;
}

function checkCsrf(request: FastifyRequest, appOrigin: string, opts: { checkOrigin: boolean }) {
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  const okType = type.startsWith('application/json') || type.startsWith('multipart/form-data');
  if (!okType) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Requests that change data must be sent as application/json');
  if (!opts.checkOrigin) return;
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    const host = request.headers.host;
    let sameHost: boolean;
    try {
      sameHost = !!host && new URL(origin).host === host;
    } catch {
      sameHost = false;
    }
    if (origin !== appOrigin && !sameHost) throw forbidden('Cross-origin request refused');
  } else if (origin === 'null') {
    throw forbidden('Cross-origin request refused');
  }
}

/** The route's context, for routes that require a signed-in caller. */
export function requireCtx(request: FastifyRequest): RequestContext {
  if (!request.ctx) throw unauthenticated();
  return request.ctx;
}
