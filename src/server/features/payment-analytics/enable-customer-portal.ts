// Enable Portal: portal access for every customer of the organization without it (docs/rules/money-and-payments.md#recommended-actions).
import { and, eq } from 'drizzle-orm';
import type { AnalyticsActionBody, EnablePortalResult } from '../../../contracts/payment-analytics';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { organizationForWrite } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';

export async function enableCustomerPortal(db: Db, ctx: RequestContext, body: AnalyticsActionBody): Promise<EnablePortalResult> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(customers)
      .set({ portalAccessEnabled: true })
      .where(and(eq(customers.organizationId, organizationId), eq(customers.portalAccessEnabled, false)))
      .returning({ id: customers.id });
    // Opens the portal to many people at once: kept in the audit log with who did it.
    if (changed.length > 0) {
      await writeAudit(tx, ctx, {
        action: 'customer.portal_enabled',
        entityType: 'customer',
        organizationId,
        details: { updated: changed.length, customerIds: changed.slice(0, 1000).map((c) => c.id) },
      });
    }
    return { updated: changed.length };
  });
}
