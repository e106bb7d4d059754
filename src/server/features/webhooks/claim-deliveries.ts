// The outbox's sending side takes its work (docs/decisions/035-api-keys-and-webhooks.md): due pending deliveries of
// active endpoints, each the earliest still pending of its (endpoint, record), so one record's events go out in
// order (docs/rules/public-api.md#webhook-order). Several app instances run this at once: FOR UPDATE SKIP LOCKED while
// claiming and claimed_until afterwards keep a delivery to one sender, and a dead sender's claim lapses.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index';
import { CLAIM_MS } from './retry-schedule';

export interface ClaimedDelivery {
  id: number;
  organizationId: number;
  endpointId: number;
  eventId: number;
  eventType: string;
  recordType: string;
  eventCreatedAt: Date;
  payload: Record<string, unknown>;
  /** Attempts made before this one. */
  attempts: number;
  url: string;
  /** The endpoint's secret as stored (sealed). */
  secret: string;
  /** The claim as written by this sender: whoever holds the delivery holds exactly this value. */
  claimedUntil: Date;
}

interface ClaimRow {
  id: number;
  organization_id: number;
  endpoint_id: number;
  event_id: number;
  attempts: number;
  url: string;
  secret: string;
  type: string;
  record_type: string;
  payload: Record<string, unknown> | string;
  created_at: Date | string;
}

export async function claimDueDeliveries(db: Db, now: Date, batch: number): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const rows = await rowsOf<ClaimRow>(
      tx,
      sql`select d.id, d.organization_id, d.endpoint_id, d.event_id, d.attempts, e.url, e.secret, v.type, v.record_type, v.payload, v.created_at
          from ${webhookDeliveries} d
          join ${webhookEndpoints} e on e.organization_id = d.organization_id and e.id = d.endpoint_id and e.is_active
          join ${webhookEvents} v on v.organization_id = d.organization_id and v.id = d.event_id
          where d.status = 'pending' and d.next_attempt_at <= ${at}::timestamptz
            and (d.claimed_until is null or d.claimed_until <= ${at}::timestamptz)
            and not exists (
              select 1 from ${webhookDeliveries} p
              where p.organization_id = d.organization_id and p.endpoint_id = d.endpoint_id and p.record_key = d.record_key
                and p.status = 'pending' and p.id < d.id)
          order by d.next_attempt_at, d.id
          limit ${batch}
          for update of d skip locked`,
    );
    if (rows.length === 0) return [];
    const claimedUntil = new Date(now.getTime() + CLAIM_MS);
    await tx.execute(
      sql`update ${webhookDeliveries} set claimed_until = ${claimedUntil.toISOString()}::timestamptz
          where id in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      organizationId: Number(r.organization_id),
      endpointId: Number(r.endpoint_id),
      eventId: Number(r.event_id),
      eventType: r.type,
      recordType: r.record_type,
      eventCreatedAt: new Date(r.created_at),
      payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as Record<string, unknown>) : r.payload,
      attempts: Number(r.attempts),
      url: r.url,
      secret: r.secret,
      claimedUntil,
    }));
  });
}
