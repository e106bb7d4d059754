// The one way services scope queries to the caller's organization.
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RequestContext } from './context';
import { forbidden, invalid } from './errors';

/**
 * The filter for a tenant table's organization column: the caller's organization, or for a super
 * user every organization unless one is asked for.
 */
export function tenantFilter(ctx: RequestContext, column: PgColumn, organizationId?: number | null): SQL | undefined {
  if (ctx.isSuperUser) return organizationId ? eq(column, organizationId) : undefined;
  if (ctx.organizationId === null) return eq(column, -1);
  return eq(column, ctx.organizationId);
}

/** The organization a new record belongs to: the caller's, or for a super user the one they chose. */
export function organizationForWrite(ctx: RequestContext, requested?: number | null): number {
  if (ctx.isSuperUser) {
    const id = requested ?? ctx.organizationId;
    if (!id) throw invalid('organizationId: Organization is required', [{ path: 'organizationId', message: 'Organization is required' }]);
    return id;
  }
  if (ctx.organizationId === null) throw forbidden('Your account is not part of an organization');
  return ctx.organizationId;
}

/** True when the caller may see records of this organization. */
export function canSeeOrganization(ctx: RequestContext, organizationId: number | null): boolean {
  return ctx.isSuperUser || (organizationId !== null && organizationId === ctx.organizationId);
}
