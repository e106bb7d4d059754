// One user the caller may see, with their organization's name; another organization's user is a miss.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizations, users } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { tenantScope, tenantWhere } from '../../platform/tenancy';

export async function findVisibleUser(db: DbOrTx, ctx: RequestContext, id: number, opts: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ user: users })
    .from(users)
    .where(tenantWhere(tenantScope(ctx), users, eq(users.id, id)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row?.user ?? null;
}

export async function organizationName(db: DbOrTx, organizationId: number | null): Promise<string | null> {
  if (organizationId === null) return null;
  const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return org?.name ?? null;
}

/** A super user's chosen organization must exist (400 on the field, as for any referenced id). */
export async function organizationExists(db: DbOrTx, organizationId: number): Promise<boolean> {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return Boolean(org);
}
