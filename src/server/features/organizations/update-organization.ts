// Changes an organization: an org admin only their own (another's is a 404), a super user any.
import { and, eq } from 'drizzle-orm';
import { ORGANIZATION_MESSAGES, type Organization, type UpdateOrganizationBody } from '../../../contracts/organizations';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, notFound, pgErrorCode } from '../../platform/errors';
import { scopeFilter, tenantScope } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';
import { organizationChanges } from './organization-changes';
import { organizationColumns, toOrganization } from './organization-response';
import { assertSlugFree, uniqueSlugFromName } from './organization-slug';

export async function updateOrganization(db: Db, ctx: RequestContext, id: number, body: UpdateOrganizationBody): Promise<Organization> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select(organizationColumns)
        .from(organizations)
        .where(and(eq(organizations.id, id), scopeFilter(tenantScope(ctx), organizations.id)))
        .for('update')
        .limit(1);
      if (!current) throw notFound(ORGANIZATION_MESSAGES.notFound);

      const changes = organizationChanges(body, current);
      if (body.slug !== undefined) {
        // A cleared slug is made again from the (new) name: the public pages need one.
        const slug = body.slug ?? (await uniqueSlugFromName(tx, body.name ?? current.name, id));
        if (slug !== current.slug) {
          if (body.slug) await assertSlugFree(tx, slug, id);
          changes.slug = slug;
        }
      }
      const stored = current as Record<string, unknown>;
      const changed = Object.keys(changes).filter((k) => JSON.stringify((changes as Record<string, unknown>)[k] ?? null) !== JSON.stringify(stored[k] ?? null));
      if (changed.length === 0) return toOrganization(current);

      const set = Object.fromEntries(changed.map((k) => [k, (changes as Record<string, unknown>)[k]])) as typeof changes;
      const [row] = await tx.update(organizations).set(set).where(eq(organizations.id, id)).returning(organizationColumns);
      await writeAudit(tx, ctx, {
        action: 'organization.update',
        entityType: 'organization',
        entityId: id,
        organizationId: id,
        // Field names, plus the old and new slug (it moves the public pages); never bank or tax numbers.
        details: { fields: changed, ...(set.slug !== undefined ? { slug: { from: current.slug, to: set.slug } } : {}) },
      });
      return toOrganization(row);
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw conflict(ORGANIZATION_MESSAGES.slugTaken);
    throw err;
  }
}
