// A new organization (super users only: the route's permission is manage_all_orgs).
import { ORGANIZATION_MESSAGES, type CreateOrganizationBody, type Organization } from '../../../contracts/organizations';
import type { Db } from '../../db/client';
import { organizations, scheduleSettings } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, pgErrorCode } from '../../platform/errors';
import { writeAudit } from '../audit/write-audit';
import { newScheduleToken } from '../scheduling/schedule-settings';
import { organizationChanges } from './organization-changes';
import { organizationColumns, toOrganization } from './organization-response';
import { assertSlugFree, uniqueSlugFromName } from './organization-slug';

/** A slug made from the name can lose a race to a concurrent create; it is made again this many times. */
const DERIVED_SLUG_TRIES = 3;

export async function createOrganization(db: Db, ctx: RequestContext, body: CreateOrganizationBody): Promise<Organization> {
  const changes = organizationChanges(body);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const slug = body.slug ?? (await uniqueSlugFromName(tx, body.name));
        if (body.slug) await assertSlugFree(tx, body.slug);
        const [row] = await tx
          .insert(organizations)
          .values({ ...changes, name: body.name, slug })
          .returning(organizationColumns);
        // The default schedule (weekdays 9 to 5), so the Booking URL works from the first day.
        await tx.insert(scheduleSettings).values({ organizationId: row.id, scheduleToken: newScheduleToken() });
        await writeAudit(tx, ctx, {
          action: 'organization.create',
          entityType: 'organization',
          entityId: row.id,
          organizationId: row.id,
          // Field names only: bank and tax numbers do not belong in the log.
          details: { name: row.name, slug: row.slug, fields: Object.keys(changes) },
        });
        return toOrganization(row);
      });
    } catch (err) {
      if (pgErrorCode(err) !== '23505') throw err;
      if (body.slug || attempt >= DERIVED_SLUG_TRIES) throw conflict(ORGANIZATION_MESSAGES.slugTaken);
    }
  }
}
