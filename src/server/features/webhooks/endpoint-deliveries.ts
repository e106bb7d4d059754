// An endpoint's deliveries (docs/rules/public-api.md#webhook-deliveries): listed newest first with their outcome, sent
// again by hand (Replay: a new delivery of the same event, in its record's order), and a test event on request.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE } from '../../../contracts/lists';
import { WEBHOOK_MESSAGES, type SendTestWebhook, type WebhookDeliveriesQuery, type WebhookDelivery } from '../../../contracts/webhooks';
import type { Db, DbOrTx } from '../../db/client';
import { webhookDeliveries, webhookEvents } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, notFound } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { findEndpointRow } from './manage-endpoints';
import { sampleData } from './sample-objects';
import { TEST_RECORD_TYPE, webhookEnvelope } from './send-delivery';

const columns = { d: webhookDeliveries, type: webhookEvents.type, recordType: webhookEvents.recordType, payload: webhookEvents.payload, eventCreatedAt: webhookEvents.createdAt };
const eventJoin = and(eq(webhookEvents.organizationId, webhookDeliveries.organizationId), eq(webhookEvents.id, webhookDeliveries.eventId));

type Row = { d: typeof webhookDeliveries.$inferSelect; type: (typeof webhookEvents.$inferSelect)['type']; recordType: string; payload: Record<string, unknown>; eventCreatedAt: Date };

function toDelivery(r: Row): WebhookDelivery {
  const { d } = r;
  const iso = (t: Date | null) => t?.toISOString() ?? null;
  return {
    id: d.id,
    endpointId: d.endpointId,
    eventId: `evt_${d.eventId}`,
    eventType: r.type,
    test: r.recordType === TEST_RECORD_TYPE,
    recordKey: d.recordKey,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    lastAttemptAt: iso(d.lastAttemptAt),
    responseStatus: d.responseStatus,
    responseBody: d.responseBody,
    error: d.error,
    deliveredAt: iso(d.deliveredAt),
    replayOf: d.replayOf,
    createdAt: d.createdAt.toISOString(),
    payload: webhookEnvelope({
      eventId: d.eventId,
      eventType: r.type,
      eventCreatedAt: r.eventCreatedAt,
      organizationId: d.organizationId,
      recordType: r.recordType,
      payload: r.payload,
    }),
  };
}

async function oneDelivery(db: DbOrTx, where: SQL): Promise<WebhookDelivery | null> {
  const [row] = await db.select(columns).from(webhookDeliveries).innerJoin(webhookEvents, eventJoin).where(where).limit(1);
  return row ? toDelivery(row) : null;
}

/** The endpoint's deliveries, newest first, and how many match (X-Total-Count). */
export async function listDeliveries(db: Db, ctx: RequestContext, endpointId: number, query: WebhookDeliveriesQuery): Promise<{ rows: WebhookDelivery[]; total: number }> {
  const endpoint = await findEndpointRow(db, ctx, endpointId);
  const where = tenantWhere(
    tenantScope(ctx),
    webhookDeliveries,
    eq(webhookDeliveries.organizationId, endpoint.organizationId),
    eq(webhookDeliveries.endpointId, endpoint.id),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eventJoin)
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(query.limit ?? DEFAULT_PAGE_SIZE)
      .offset(query.offset ?? 0),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows: rows.map(toDelivery), total: Number(total?.n ?? 0) };
}

/** A new delivery of the delivery's event to the same endpoint, after any of that record's still pending. */
export async function replayDelivery(db: Db, ctx: RequestContext, endpointId: number, deliveryId: number): Promise<WebhookDelivery> {
  const id = await db.transaction(async (tx) => {
    const endpoint = await findEndpointRow(tx, ctx, endpointId);
    const [original] = await tx
      .select()
      .from(webhookDeliveries)
      .where(tenantWhere(tenantScope(ctx), webhookDeliveries, eq(webhookDeliveries.organizationId, endpoint.organizationId), eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.id, deliveryId)));
    if (!original) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
    if (!endpoint.isActive) throw conflict(WEBHOOK_MESSAGES.inactive);
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ organizationId: endpoint.organizationId, endpointId: endpoint.id, eventId: original.eventId, recordKey: original.recordKey, replayOf: original.id })
      .returning({ id: webhookDeliveries.id });
    return row.id;
  });
  return (await oneDelivery(db, eq(webhookDeliveries.id, id)))!;
}

/** A sample event of the type (sample-objects.ts), to this endpoint only, whatever it subscribes to. */
export async function sendTestEvent(db: Db, ctx: RequestContext, endpointId: number, body: SendTestWebhook): Promise<WebhookDelivery> {
  const id = await db.transaction(async (tx) => {
    const endpoint = await findEndpointRow(tx, ctx, endpointId);
    if (!endpoint.isActive) throw conflict(WEBHOOK_MESSAGES.inactive);
    const organizationId = endpoint.organizationId;
    const [event] = await tx
      .insert(webhookEvents)
      .values({ organizationId, type: body.type, recordType: TEST_RECORD_TYPE, recordId: endpoint.id, payload: sampleData(body.type, organizationId) })
      .returning({ id: webhookEvents.id });
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ organizationId, endpointId: endpoint.id, eventId: event.id, recordKey: `${TEST_RECORD_TYPE}:${endpoint.id}` })
      .returning({ id: webhookDeliveries.id });
    return row.id;
  });
  return (await oneDelivery(db, eq(webhookDeliveries.id, id)))!;
}
