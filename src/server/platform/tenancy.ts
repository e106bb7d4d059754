// The one way services scope queries to the caller's organization (docs/decisions/019-tenant-scope.md).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { RequestContext } from './context';
import { forbidden, invalid } from './errors';

declare const tenantScopeBrand: unique symbol;

type ScopeShape =
  | { readonly kind: 'organization'; readonly organizationId: number }
  | { readonly kind: 'all' }
  | { readonly kind: 'none' };

/**
 * Which organizations' rows a query may touch. Only tenantScope() makes one (the brand has no value to forge), so
 * "every organization" exists only where a super user's context produced it, never as a forgotten filter.
 */
export type TenantScope = ScopeShape & { readonly [tenantScopeBrand]: true };

const scope = (shape: ScopeShape): TenantScope => Object.freeze(shape) as TenantScope;

/**
 * The caller's scope: a staff user's is always their own organization (none when they have none, which matches no
 * row); a super user's is the organization they ask for, or every organization when they ask for none.
 */
export function tenantScope(ctx: RequestContext, requestedOrganizationId?: number | null): TenantScope {
  if (ctx.isSuperUser) return requestedOrganizationId ? scope({ kind: 'organization', organizationId: requestedOrganizationId }) : scope({ kind: 'all' });
  if (ctx.organizationId === null) return scope({ kind: 'none' });
  return scope({ kind: 'organization', organizationId: ctx.organizationId });
}

/** A scope of exactly one organization: what a write acts on. */
export type OrganizationScope = TenantScope & { readonly kind: 'organization' };

/** The scope of the one organization a write acts on: organizationForWrite's choice, with its id. */
export function tenantScopeForWrite(ctx: RequestContext, requestedOrganizationId?: number | null): OrganizationScope {
  return scope({ kind: 'organization', organizationId: organizationForWrite(ctx, requestedOrganizationId) }) as OrganizationScope;
}

/** The scope's condition on an organization column: always a condition, so `and(...)` can never drop it silently. */
export function scopeFilter(tenant: TenantScope, column: PgColumn): SQL {
  if (tenant.kind === 'organization') return eq(column, tenant.organizationId);
  return tenant.kind === 'all' ? sql`true` : sql`false`;
}

/** A tenant table's WHERE: the scope on its organization column and the other conditions. */
export function tenantWhere(tenant: TenantScope, table: { organizationId: PgColumn }, ...conditions: (SQL | undefined)[]): SQL {
  return and(scopeFilter(tenant, table.organizationId), ...conditions) as SQL;
}

/** The scope as part of a cache key: `org:<id>`, `all` or `none`. */
export function scopeKey(tenant: TenantScope): string {
  return tenant.kind === 'organization' ? `org:${tenant.organizationId}` : tenant.kind;
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
