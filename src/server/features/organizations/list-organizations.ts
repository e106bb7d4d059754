// GET /api/organizations: the caller's organization (every one for a super user), by name.
import { asc } from 'drizzle-orm';
import type { OrganizationListItem } from '../../../contracts/organizations';
import type { DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { organizationColumns, toOrganization, toSummary } from './organization-response';

/** Everyone signed in may list (screens use it to show and pick organizations); the private fields only for managers. */
export async function listOrganizations(db: DbOrTx, ctx: RequestContext): Promise<OrganizationListItem[]> {
  const rows = await db.select(organizationColumns).from(organizations).where(scopeFilter(tenantScope(ctx), organizations.id)).orderBy(asc(organizations.name), asc(organizations.id));
  const manages = ctx.permissions.has('manage_organization');
  return rows.map((r) => (manages ? toOrganization(r) : toSummary(r)));
}
