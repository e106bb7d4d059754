// The users the caller may see: an organization admin their organization's, a super user everyone's (or one
// organization's). Sorted by first name; q searches name, e-mail and company.
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { ListQuery } from '../../../contracts/lists';
import type { User } from '../../../contracts/users';
import type { DbOrTx } from '../../db/client';
import { organizations, users } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { likePattern, orderBy, page, runAll } from '../../platform/lists';
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

export async function listUsers(db: DbOrTx, ctx: RequestContext, query: ListQuery): Promise<{ rows: User[]; total: number }> {
  const pattern = query.q ? likePattern(query.q) : null;
  const where = and(
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
  const { limit, offset } = page(query);
  const byFirstName = [asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id)];
  const [rows, [totalRow]] = await runAll(
    db,
    () =>
      db
        .select({ user: users, organizationName: organizations.name })
        .from(users)
        .leftJoin(organizations, eq(organizations.id, users.organizationId))
        .where(where)
        .orderBy(...orderBy(query, SORTABLE, byFirstName))
        .limit(limit)
        .offset(offset),
    () => db.select({ total: count() }).from(users).where(where),
  );
  return { rows: rows.map((r) => toUserResponse(r.user, r.organizationName ?? null)), total: Number(totalRow?.total ?? 0) };
}
