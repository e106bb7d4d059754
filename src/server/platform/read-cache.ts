// Short-lived caches for reads that would otherwise go to the database on every request:
// - cachedRead: values such as the exact total of a list (X-Total-Count, unfiltered or for a search), the
//   customers a search term names, aggregate figures (dashboard, aging report, reports summary), sessions;
// - the response cache (response-cache.ts): whole answers of the list, search and stats calls, per user.
//
// Freshness: the database handle reports every write (db/data-changes.ts), whoever makes it: this instance's
// routes and jobs, a GET with a side effect, and on PostgreSQL other instances (LISTEN/NOTIFY). A write about
// to run bumps a generation counter, so a value read across it is not kept; a committed write empties the
// caches. While an instance cannot hear other instances (its LISTEN connection is down) nothing is served from
// these caches. What no write causes, the clock, is bounded by the TTL (READ_CACHE_TTL_MS): a figure that
// depends on today's date, or a slot that has just passed, lags by at most that.
import type { DataChangeFeed } from '../db/data-changes';
import type { RequestContext } from './context';

/** How long a cached read may lag behind writes this instance did not make. */
export const READ_CACHE_TTL_MS = 10_000;
/** Searches make one entry per term: the oldest go first beyond this many. */
export const READ_CACHE_MAX_ENTRIES = 1000;

interface Entry {
  value: Promise<unknown>;
  expires: number;
}

export interface StoredResponse {
  key: string;
  payload: string;
  headers: Record<string, string>;
  expires: number;
  /** The payload compressed, by content encoding, made when a client first asks for it (response-cache.ts). */
  encoded: Map<string, Promise<Buffer | null>>;
  /** What this answer holds in memory: the text and its compressed forms. */
  bytes: number;
}

/** The response cache's memory bound: the oldest answers go first beyond it. */
export const RESPONSE_CACHE_MAX_BYTES = 64 * 1024 * 1024;

class ReadCache {
  generation = 0;
  entries = new Map<string, Entry>();
  responses = new Map<string, StoredResponse>();
  responseBytes = 0;
  feed: DataChangeFeed | undefined;

  clear() {
    this.generation++;
    this.entries.clear();
    this.responses.clear();
    this.responseBytes = 0;
  }

  /** False while writes elsewhere could go unheard. */
  get usable() {
    return this.feed?.up ?? true;
  }
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
  if (!cache.usable) return load();
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

/** Drops every cached read of this database. */
export function invalidateReads(db: object): void {
  caches.get(db)?.clear();
}

/** Empties this database's caches whenever its handle reports a write (see the top of this file). */
export function followDataChanges(db: object, feed: DataChangeFeed): () => void {
  const cache = cacheOf(db);
  cache.feed = feed;
  cache.clear();
  return feed.on(() => cache.clear());
}

/** The generation a response being computed now must still match to be stored; undefined while caching is off. */
export function responseGeneration(db: object): number | undefined {
  const cache = cacheOf(db);
  return cache.usable ? cache.generation : undefined;
}

export function cachedResponse(db: object, key: string): StoredResponse | undefined {
  const cache = caches.get(db);
  if (!cache || !cache.usable) return undefined;
  const hit = cache.responses.get(key);
  if (!hit) return undefined;
  if (hit.expires > Date.now()) return hit;
  dropResponse(cache, key, hit);
  return undefined;
}

function dropResponse(cache: ReadCache, key: string, entry: StoredResponse) {
  cache.responses.delete(key);
  cache.responseBytes -= entry.bytes;
}

function trimResponses(cache: ReadCache) {
  for (const [k, e] of cache.responses) {
    if (cache.responseBytes <= RESPONSE_CACHE_MAX_BYTES && cache.responses.size <= READ_CACHE_MAX_ENTRIES) break;
    dropResponse(cache, k, e);
  }
}

/** Counts memory an answer took after it was stored (a compressed form), if it is still kept. */
export function addResponseBytes(db: object, entry: StoredResponse, bytes: number): void {
  const cache = caches.get(db);
  if (!cache || cache.responses.get(entry.key) !== entry) return;
  entry.bytes += bytes;
  cache.responseBytes += bytes;
  trimResponses(cache);
}

/** Keeps an answer computed while the generation was still `generation` (nothing was written meanwhile). */
export function storeResponse(
  db: object,
  key: string,
  generation: number,
  payload: string,
  headers: Record<string, string>,
  ttlMs = READ_CACHE_TTL_MS,
): StoredResponse | undefined {
  const cache = cacheOf(db);
  if (!cache.usable || cache.generation !== generation || payload.length > RESPONSE_CACHE_MAX_BYTES / 4) return undefined;
  const old = cache.responses.get(key);
  if (old) dropResponse(cache, key, old);
  const entry: StoredResponse = { key, payload, headers, expires: Date.now() + ttlMs, encoded: new Map(), bytes: payload.length };
  cache.responses.set(key, entry);
  cache.responseBytes += entry.bytes;
  trimResponses(cache);
  return entry;
}

/** The organizations a tenant query covers, as tenantFilter() scopes it, for cache keys. */
export function tenantScopeKey(ctx: RequestContext, organizationId?: number | null): string {
  if (ctx.isSuperUser) return organizationId ? `org:${organizationId}` : 'all';
  return ctx.organizationId === null ? 'none' : `org:${ctx.organizationId}`;
}
