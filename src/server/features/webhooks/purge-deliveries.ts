// Deliveries are listed for WEBHOOK_LIMITS.keepDays (docs/rules/public-api.md#webhook-deliveries): older ones that
// succeeded or failed go, and so do events no delivery names any more. A pending delivery stays whatever its age.
import { sql } from 'drizzle-orm';
import { WEBHOOK_LIMITS } from '../../../contracts/webhooks';
import { rowsOf, type Db } from '../../db/client';
import { webhookDeliveries, webhookEvents } from '../../db/schema/index';

export async function purgeOldDeliveries(db: Db, now = new Date()): Promise<{ deliveries: number; events: number }> {
  const before = new Date(now.getTime() - WEBHOOK_LIMITS.keepDays * 86_400_000).toISOString();
  const deliveries = await rowsOf<{ id: number }>(
    db,
    sql`delete from ${webhookDeliveries} where status <> 'pending' and created_at < ${before}::timestamptz returning id`,
  );
  const events = await rowsOf<{ id: number }>(
    db,
    sql`delete from ${webhookEvents} v where v.created_at < ${before}::timestamptz
        and not exists (select 1 from ${webhookDeliveries} d where d.organization_id = v.organization_id and d.event_id = v.id)
        returning v.id`,
  );
  return { deliveries: deliveries.length, events: events.length };
}
