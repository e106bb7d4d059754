// The outbox's writing side (docs/decisions/035-api-keys-and-webhooks.md): an event and one pending delivery per
// subscribed endpoint, written in the transaction of the change it reports, so an event exists exactly when its
// change committed (docs/rules/public-api.md#webhook-events). Call it after the write that locks the record's row:
// deliveries are numbered in the order their transactions took that lock, which is the order they go out in.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents, type WebhookEventType } from '../../db/schema/index';

export interface WebhookEventInput {
  organizationId: number;
  type: WebhookEventType;
  /** The record it is about ("invoice", 42): an endpoint gets one record's events in order. */
  recordType: string;
  recordId: number;
  /** The body's `data` (`{ object, ... }`): read only when an endpoint listens, inside the same transaction. */
  data: () => Promise<Record<string, unknown>>;
}

/** The organization's active endpoints subscribed to any of these types (webhook_endpoints_org_idx). */
const subscribedTo = (organizationId: number, types: readonly WebhookEventType[]) =>
  sql`${webhookEndpoints.organizationId} = ${organizationId} and ${webhookEndpoints.isActive}
      and ${webhookEndpoints.events} ?| string_to_array(${types.join(',')}, ',')`;

/** Whether the organization (an SQL expression) has an endpoint listening to any of the types: a column for a caller's own read. */
export const webhookListenersSql = (organizationId: SQL, types: readonly WebhookEventType[]): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.organizationId} = ${organizationId} and ${webhookEndpoints.isActive}
    and ${webhookEndpoints.events} ?| string_to_array(${types.join(',')}, ','))`;

/**
 * Whether anyone listens: one indexed read, for a caller that wants to skip building a payload, or to ask before a
 * transaction whose round trips it keeps few (the online booking).
 */
export async function hasWebhookSubscribers(db: DbOrTx, organizationId: number, types: readonly WebhookEventType[]): Promise<boolean> {
  const rows = await rowsOf<{ id: number }>(db, sql`select ${webhookEndpoints.id} as id from ${webhookEndpoints} where ${subscribedTo(organizationId, types)} limit 1`);
  return rows.length > 0;
}

/**
 * Records the event for the organization's subscribed endpoints; nothing (and no payload read) when none listens.
 * The endpoints are read again under FOR KEY SHARE as the deliveries are written, so an endpoint deleted meanwhile
 * is left out instead of failing the caller's change. Answers the event's id, or null when nobody listens.
 */
export async function recordWebhookEvent(tx: DbOrTx, event: WebhookEventInput): Promise<number | null> {
  if (!(await hasWebhookSubscribers(tx, event.organizationId, [event.type]))) return null;
  const data = await event.data();
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`with endpoint as (
          select ${webhookEndpoints.id} as id from ${webhookEndpoints} where ${subscribedTo(event.organizationId, [event.type])} for key share
        ), event as (
          insert into ${webhookEvents} (organization_id, type, record_type, record_id, payload)
          select ${event.organizationId}, ${event.type}, ${event.recordType}, ${event.recordId}, ${JSON.stringify(data)}::jsonb
          where exists (select 1 from endpoint)
          returning id
        ), delivery as (
          insert into ${webhookDeliveries} (organization_id, endpoint_id, event_id, record_key)
          select ${event.organizationId}, endpoint.id, event.id, ${`${event.recordType}:${event.recordId}`} from endpoint, event
          order by endpoint.id
        )
        select id from event`,
  );
  return row?.id ?? null;
}
