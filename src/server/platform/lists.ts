// Paging, sorting and the total-count header shared by every list route.
import { and, asc, count, desc, type SQL } from 'drizzle-orm';
import { PgTransaction, union, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import type { FastifyReply } from 'fastify';
import { DEFAULT_PAGE_SIZE, TOTAL_COUNT_HEADER, type ListQuery } from '../../contracts/lists';
import { fieldInvalid } from './errors';
import { NEXT_CURSOR_HEADER } from './list-cursor';

export function page(query: ListQuery): { limit: number; offset: number } {
  return { limit: query.limit ?? DEFAULT_PAGE_SIZE, offset: query.offset ?? 0 };
}

/** ORDER BY from `sort` restricted to the allowed columns; unknown names answer 400 with the field. */
export function orderBy(query: ListQuery, allowed: Record<string, PgColumn>, fallback: SQL[]): SQL[] {
  if (!query.sort) return fallback;
  const descending = query.sort.startsWith('-');
  const name = descending ? query.sort.slice(1) : query.sort;
  // Own keys only: `constructor`, `toString`... are on every object's prototype and are no column.
  const column = Object.hasOwn(allowed, name) ? allowed[name] : undefined;
  if (!column) throw fieldInvalid('sort', `Cannot sort by ${name}`);
  return [descending ? desc(column) : asc(column), ...fallback];
}

export function setTotalCount(reply: FastifyReply, total: number): void {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  reply.header('Access-Control-Expose-Headers', `${TOTAL_COUNT_HEADER}, ${NEXT_CURSOR_HEADER}`);
}

/** Where the next page starts, for a list that walks by cursor (platform/list-cursor.ts). */
export function setNextCursor(reply: FastifyReply, cursor: string): void {
  reply.header(NEXT_CURSOR_HEADER, cursor);
}

/** Escapes LIKE wildcards in user input. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The number of rows of table matching where and, when given, any of the alternatives. Alternatives are
 * counted as a UNION of ids so each can use its own index (an OR of a trigram and a btree condition
 * makes the planner scan every row of the organization).
 */
export async function countRows(db: DbOrTx, table: PgTable, id: PgColumn, where: SQL | undefined, alternatives?: SQL[]): Promise<number> {
  if (!alternatives || alternatives.length < 2) {
    const [r] = await db.select({ n: count() }).from(table).where(and(where, ...(alternatives ?? [])));
    return Number(r?.n ?? 0);
  }
  const [first, second, ...rest] = alternatives.map((alt) => db.select({ id }).from(table).where(and(where, alt)));
  const [r] = await db.select({ n: count() }).from(union(first, second, ...rest).as('matches'));
  return Number(r?.n ?? 0);
}

/**
 * Runs independent reads: concurrently on the pool (each on its own PostgreSQL connection), one after
 * the other inside a transaction, whose single connection must not get overlapping queries (node-postgres
 * deprecates that). PGlite serves one query at a time either way.
 */
export async function runAll<T extends unknown[]>(db: DbOrTx, ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as T;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as T;
}
