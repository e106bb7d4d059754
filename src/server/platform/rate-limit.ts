// Fixed-window counters in the database, shared by every app instance.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema/index';
import { rateLimited } from './errors';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

function windowStart(now: Date, windowMs: number): Date {
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Counts one hit against the limit and returns the new count for the window. */
export async function hit(db: DbOrTx, limit: Limit, now = new Date()): Promise<number> {
  const start = windowStart(now, limit.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: limit.key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  return row.count;
}

/** Current count without counting. */
export async function peek(db: DbOrTx, limit: Limit, now = new Date()): Promise<number> {
  const start = windowStart(now, limit.windowMs);
  const r = await db.execute(
    sql`select count from ${rateLimits} where ${rateLimits.key} = ${limit.key} and ${rateLimits.windowStart} = ${start.toISOString()}`,
  );
  const rows = (r as unknown as { rows: { count: number }[] }).rows;
  return Number(rows[0]?.count ?? 0);
}

/**
 * Counts one hit only while the window's count is below the limit: the comparison and the count are one statement,
 * so however many callers arrive at once, at most `limit.max` are counted. Returns the new count, or null when the
 * limit is reached (nothing counted). `peek` then `hit` is not atomic: every concurrent caller would pass the peek.
 */
export async function hitBelowLimit(db: DbOrTx, limit: Limit, now = new Date()): Promise<number | null> {
  const start = windowStart(now, limit.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: limit.key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
      setWhere: sql`${rateLimits.count} < ${limit.max}`,
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? null;
}

/** Gives back a hit counted by `hitBelowLimit` with the same `now` (a reservation that turned out not to count). */
export async function unhit(db: DbOrTx, limit: Limit, now = new Date()): Promise<void> {
  const start = windowStart(now, limit.windowMs);
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, limit.key), eq(rateLimits.windowStart, start), gt(rateLimits.count, 0)));
}

export function secondsUntilWindowEnds(limit: Limit, now = new Date()): number {
  const end = windowStart(now, limit.windowMs).getTime() + limit.windowMs;
  return Math.max(1, Math.ceil((end - now.getTime()) / 1000));
}

/** Counts a hit and throws 429 (with Retry-After) once the window's limit is passed. */
export async function enforce(db: DbOrTx, limit: Limit, message: string, now = new Date()): Promise<void> {
  const count = await hit(db, limit, now);
  if (count > limit.max) throw rateLimited(message, secondsUntilWindowEnds(limit, now));
}

export async function purgeOldWindows(db: DbOrTx, olderThanMs = 2 * 24 * 60 * 60 * 1000, now = new Date()) {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - olderThanMs)));
}
