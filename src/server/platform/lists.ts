// Paging, sorting and the total-count header shared by every list route.
import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { DEFAULT_PAGE_SIZE, TOTAL_COUNT_HEADER, type ListQuery } from '../../contracts/lists';
import { invalid } from './errors';

export function page(query: ListQuery): { limit: number; offset: number } {
  return { limit: query.limit ?? DEFAULT_PAGE_SIZE, offset: query.offset ?? 0 };
}

/** ORDER BY from `sort` restricted to the allowed columns; unknown names answer 400 with the field. */
export function orderBy(query: ListQuery, allowed: Record<string, PgColumn>, fallback: SQL[]): SQL[] {
  if (!query.sort) return fallback;
  const descending = query.sort.startsWith('-');
  const name = descending ? query.sort.slice(1) : query.sort;
  const column = allowed[name];
  if (!column) throw invalid(`sort: Cannot sort by ${name}`, [{ path: 'sort', message: `Cannot sort by ${name}` }]);
  return [descending ? desc(column) : asc(column), ...fallback];
}

export function setTotalCount(reply: FastifyReply, total: number): void {
  reply.header(TOTAL_COUNT_HEADER, String(total));
  reply.header('Access-Control-Expose-Headers', TOTAL_COUNT_HEADER);
}

/** Escapes LIKE wildcards in user input. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
