// The users the caller may see: an organization admin their organization's, a super user everyone's (or one
// organization's). Sorted by first name; q searches name, e-mail and company.
import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { ListQuery } from '../../../contracts/lists';
import type { User } from '../../../contracts/users';
import type { DbOrTx } from '../../db/client';
import { organizations, users } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, page, runAll } from '../../platform/lists';
import { ascending, keysetReader, orderOf, sortKeys, type BatchQuery, type BatchReader } from '../../platform/list-order';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { toUserResponse } from './user-response';

const SORTABLE = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

const BY_FIRST_NAME = [ascending(sql`lower(${users.firstName})`), ascending(sql`lower(${users.lastName})`), ascending(users.id)];

/** The list's rows batch by batch in its order, with its search: its export (docs/rules/data-exchange.md#list-exports). */
export function userBatches(db: DbOrTx, ctx: RequestContext, query: ListQuery): BatchReader<User> {
  const where = usersWhere(ctx, query);
  return keysetReader(
    sortKeys(query, SORTABLE, BY_FIRST_NAME),
    (b: BatchQuery) =>
      db
        .select({ user: users, organizationName: organizations.name, listKey: b.key })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(and(where, b.after))
        .orderBy(...b.order)
        .limit(b.limit),
    (rows) => rows.map((r) => toUserResponse(r.user, r.organizationName ?? null)),
  );
}

function usersWhere(ctx: RequestContext, query: ListQuery) {
  const pattern = query.q ? likePattern(query.q) : null;
  return and(
    scopeFilter(tenantScope(ctx, query.organizationId), users.organizationId),
    pattern
      ? or(
          ilike(users.email, pattern),
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.companyName, pattern),
          // "Alex Admin" finds Alex Admin.
          ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
        )
      : undefined,
  );
}

export async function listUsers(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<{ rows: User[]; total: number }> {
  const where = usersWhere(ctx, query);
  const { limit, offset } = page(query);
  const [rows, [totalRow]] = await runAll(
    db,
    () =>
      db
        .select({ user: users, organizationName: organizations.name })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(where)
        .orderBy(...orderOf(sortKeys(query, SORTABLE, BY_FIRST_NAME)))
        .limit(limit)
        .offset(offset),
    () => db.select({ total: count() }).from(users).where(where),
  );
  return { rows: rows.map((r) => toUserResponse(r.user, r.organizationName ?? null)), total: Number(totalRow?.total ?? 0) };
}
