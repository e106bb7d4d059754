// A short-lived cache for reads that cost a pass over an organization's rows on every request: the
// exact total of a list (X-Total-Count, unfiltered or for a search), the customers a search term names,
// and aggregate figures (dashboard, aging report, reports summary). Page rows themselves are never cached.
//
// Freshness: every state-changing /api request (POST, PUT, PATCH, DELETE) handled by this app instance
// clears the cache of its database when it starts and again when it has answered (guard.ts), and a
// generation counter keeps a value computed across a write from being stored. So this instance's own
// writes are visible at once. Writes made by another app instance on the same PostgreSQL database, by
// background jobs or directly in SQL are visible after at most the entry's TTL (READ_CACHE_TTL_MS).
import type { RequestContext } from './context';

/** How long a cached read may lag behind writes this instance did not make. */
export const READ_CACHE_TTL_MS = 10_000;
/** Searches make one entry per term: the oldest go first beyond this many. */
export const READ_CACHE_MAX_ENTRIES = 1000;

interface Entry {
  value: Promise<unknown>;
  expires: number;
}

class ReadCache {
  generation = 0;
  entries = new Map<string, Entry>();
}

/** One cache per database handle (each test app and each server has its own). */
const caches = new WeakMap<object, ReadCache>();

function cacheOf(db: object): ReadCache {
  let c = caches.get(db);
  if (!c) {
    c = new ReadCache();
    caches.set(db, c);
  }
  return c;
}

/**
 * The value under key, loading it when missing or older than ttlMs. Concurrent callers share one load;
 * a load that fails or overlaps a write is not kept.
 */
export function cachedRead<T>(db: object, key: string, load: () => Promise<T>, ttlMs = READ_CACHE_TTL_MS): Promise<T> {
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const generation = cache.generation;
  const value = load();
  cache.entries.delete(key);
  cache.entries.set(key, { value, expires: now + ttlMs });
  if (cache.entries.size > READ_CACHE_MAX_ENTRIES) cache.entries.delete(cache.entries.keys().next().value!);
  const forget = () => {
    if (cache.entries.get(key)?.value === value) cache.entries.delete(key);
  };
  value.then(() => {
    if (cache.generation !== generation) forget();
  }, forget);
  return value;
}

/** Drops every cached read of this database (called around each state-changing request). */
export function invalidateReads(db: object): void {
  const cache = caches.get(db);
  if (!cache) return;
  cache.generation++;
  cache.entries.clear();
}

/** The organizations a tenant query covers, as tenantFilter() scopes it, for cache keys. */
export function tenantScopeKey(ctx: RequestContext, organizationId?: number | null): string {
  if (ctx.isSuperUser) return organizationId ? `org:${organizationId}` : 'all';
  return ctx.organizationId === null ? 'none' : `org:${ctx.organizationId}`;
}
