// A job just became completed (docs/rules/messaging.md#review-requests): when the organization asks for reviews and
// the job has a customer, a request falls due after the organization's wait. The unique (organization, job) key makes
// it once per job, however often the job is completed again; called inside the completing write's transaction.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers, reviewRequests, reviewRequestSettings, workOrders } from '../../db/schema/index';

/** `organizationId`: the job's, which the caller found in its own scope. */
export async function queueReviewRequest(db: DbOrTx, organizationId: number, workOrderId: number): Promise<void> {
  await db.execute(sql`
    insert into ${reviewRequests} (organization_id, work_order_id, due_at)
    select s.organization_id, w.id, now() + make_interval(mins => s.delay_minutes)
    from ${reviewRequestSettings} s
    join ${workOrders} w on w.organization_id = s.organization_id and w.id = ${workOrderId}
    join ${customers} c on c.organization_id = w.organization_id and c.id = w.customer_id
    where s.organization_id = ${organizationId} and s.enabled and s.link is not null
    on conflict (organization_id, work_order_id) do nothing`);
}
