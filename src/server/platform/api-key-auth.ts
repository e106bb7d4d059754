// Calls made with an API key (docs/rules/public-api.md#api-keys): `Authorization: Bearer tb_…` becomes the same request
// context a session gives, in the key's organization with exactly the key's permissions, its user the admin who
// created it (docs/decisions/035-api-keys-and-webhooks.md).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { API_KEY_PERMISSIONS, API_KEY_PREFIX_LENGTH } from '../../contracts/api-keys';
import { permissionsFor, type Permission } from '../../contracts/permissions';
import type { Db } from '../db/client';
import { apiKeys, users } from '../db/schema/index';
import type { RequestContext } from './context';
import { forbidden, rateLimited, unauthenticated } from './errors';
import { hitBelowLimit, secondsUntilWindowEnds, type Limit } from './rate-limit';
import { toSessionUser } from './sessions';

const KEY_START = 'tb_';
/** `tb_` and 32 random bytes in base64url (43 characters): docs/rules/public-api.md#key-format. */
const KEY_SHAPE = /^tb_[A-Za-z0-9_-]{43}$/;
/** The last use is written at most this often per key, so calls do not write beyond the limiter's counter. */
const TOUCH_EVERY_MS = 60 * 1000;

/** Texts of docs/rules/public-api.md#refusals. */
export const API_KEY_MESSAGES = {
  malformed: 'Malformed API key: send Authorization: Bearer followed by the whole key (tb_ and 43 characters)',
  unknown: 'Unknown API key',
  revoked: 'This API key has been revoked',
  creatorInactive: 'This API key no longer works: the admin who created it is deactivated or no longer in its organization',
  sessionOnly: 'This call is for people signed in to Tradebook: an API key cannot make it',
  rateLimited: (perMinute: number) => `Too many calls with this API key: at most ${perMinute} a minute`,
} as const;

export interface NewApiKeySecret {
  secret: string;
  prefix: string;
  secretHash: string;
}

export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new key: shown once; only its hash and its first characters are stored. */
export function newApiKeySecret(): NewApiKeySecret {
  const secret = `${KEY_START}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, API_KEY_PREFIX_LENGTH), secretHash: hashApiKey(secret) };
}

/**
 * The key a request carries: undefined without an `Authorization: Bearer` header (any other scheme is not ours), else
 * the text after `Bearer` (possibly malformed: resolveApiKey refuses it, the cookie is never tried instead).
 */
export function bearerKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^\s*bearer(?:\s+(.*))?$/i.exec(header);
  if (!m) return undefined;
  return (m[1] ?? '').trim();
}

/** The key lookup runs on every call made with a key: one indexed row, prepared once per database. */
function prepareLookup(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      organizationId: apiKeys.organizationId,
      permissions: apiKeys.permissions,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      creator: users,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.secretHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('api_key_lookup');
}
const lookups = new WeakMap<object, ReturnType<typeof prepareLookup>>();

/**
 * What a key may do now: its own permissions that an organization admin may hold, and never more than its creator
 * holds today (a demoted admin's keys lose what the admin lost): docs/rules/public-api.md#key-permissions.
 */
function keyPermissions(keyPermissions: readonly string[], creatorHolds: ReadonlySet<Permission>): ReadonlySet<Permission> {
  const out = new Set<Permission>();
  for (const p of API_KEY_PERMISSIONS) if (keyPermissions.includes(p) && creatorHolds.has(p)) out.add(p);
  return out;
}

export interface ApiKeyCallOptions {
  /** Calls one key may make per minute (API_KEY_CALLS_PER_MINUTE). */
  callsPerMinute: number;
  now?: Date;
}

/**
 * The request context of a call made with `secret`, counted against the key's limit. Throws 401 for a malformed,
 * unknown or revoked key and for one whose creator can no longer act in its organization, 429 past the limit.
 */
export async function resolveApiKey(db: Db, request: FastifyRequest, secret: string, opts: ApiKeyCallOptions): Promise<RequestContext> {
  if (!KEY_SHAPE.test(secret)) throw unauthenticated(API_KEY_MESSAGES.malformed);
  const now = opts.now ?? new Date();
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  // Read from the database on every call (docs/decisions/022-speed-without-a-cache.md): a revocation or a creator's
  // deactivation on any instance applies to the very next call.
  const [row] = await lookup.execute({ hash: hashApiKey(secret) });
  if (!row) throw unauthenticated(API_KEY_MESSAGES.unknown);
  if (row.revokedAt) throw unauthenticated(API_KEY_MESSAGES.revoked);
  const creator = row.creator ? toSessionUser(row.creator) : null;
  if (!creator || !creator.isActive || creator.organizationId !== row.organizationId) throw unauthenticated(API_KEY_MESSAGES.creatorInactive);

  const limit: Limit = { key: `api-key:${row.id}`, max: opts.callsPerMinute, windowMs: 60_000 };
  if ((await hitBelowLimit(db, limit, now)) === null) {
    throw rateLimited(API_KEY_MESSAGES.rateLimited(opts.callsPerMinute), secondsUntilWindowEnds(limit, now));
  }

  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    // Conditional, so instances that read the same stale time write it once between them.
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now, lastUsedIp: request.ip })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - TOUCH_EVERY_MS)))));
  }

  return {
    user: creator,
    originalUser: null,
    sessionId: null,
    impersonationSessionId: null,
    apiKeyId: row.id,
    organizationId: row.organizationId,
    isSuperUser: false,
    permissions: keyPermissions(row.permissions, permissionsFor(creator.role, creator.permissions)),
    ip: request.ip,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  };
}

/** 403 for a key on a call only a person with a session makes (docs/rules/public-api.md#what-a-key-cannot-call). */
export const sessionOnlyRefusal = () => forbidden(API_KEY_MESSAGES.sessionOnly);
