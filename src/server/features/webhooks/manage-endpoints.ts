// An organization's webhook endpoints (docs/rules/public-api.md#webhook-endpoints): a URL, a note, the events it
// hears, on or off, and its signing secret, shown when it is made and kept sealed (platform/secret-box.ts).
import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpoint,
  type UpdateWebhookEndpoint,
  type WebhookEndpoint,
} from '../../../contracts/webhooks';
import type { Db, DbOrTx } from '../../db/client';
import { organizations, webhookDeliveries, webhookEndpoints } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, invalid, notFound } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import { organizationForWrite, scopeFilter, tenantScope, tenantWhere } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';
import { newWebhookSecret, sealWebhookSecret } from './webhook-signature';
import { checkEndpointUrl, type UrlRules } from './webhook-url';

export interface EndpointDeps {
  box: SecretBox;
  rules: UrlRules;
}

// Qualified by hand: inside the subqueries an unqualified column would name the deliveries'.
const lastDelivery = sql<{ status: 'pending' | 'succeeded' | 'failed'; responseStatus: number | null; at: string } | null>`(
  select json_build_object('status', d.status, 'responseStatus', d.response_status, 'at', coalesce(d.last_attempt_at, d.created_at))
  from ${webhookDeliveries} d
  where d.organization_id = webhook_endpoints.organization_id and d.endpoint_id = webhook_endpoints.id and d.attempts > 0
  order by d.id desc limit 1)`;
const pendingCount = sql<number>`(select count(*)::int from ${webhookDeliveries} d
  where d.organization_id = webhook_endpoints.organization_id and d.endpoint_id = webhook_endpoints.id and d.status = 'pending')`;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

function toEndpoint(row: EndpointRow, last: { status: 'pending' | 'succeeded' | 'failed'; responseStatus: number | null; at: string } | null, pending: number): WebhookEndpoint {
  return {
    id: row.id,
    organizationId: row.organizationId,
    url: row.url,
    description: row.description,
    events: row.events,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastDelivery: last ? { status: last.status, responseStatus: last.responseStatus, at: new Date(last.at).toISOString() } : null,
    pendingCount: Number(pending),
  };
}

async function selectEndpoints(db: DbOrTx, where: SQL): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select({ e: webhookEndpoints, last: lastDelivery, pending: pendingCount })
    .from(webhookEndpoints)
    .where(where)
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map((r) => toEndpoint(r.e, r.last, r.pending));
}

/** The endpoint row in the caller's scope (another organization's is not found), locked when `lock`. */
export async function findEndpointRow(db: DbOrTx, ctx: RequestContext, id: number, lock = false): Promise<EndpointRow> {
  const query = db.select().from(webhookEndpoints).where(tenantWhere(tenantScope(ctx), webhookEndpoints, eq(webhookEndpoints.id, id))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return row;
}

/** The caller's organization's endpoints (a super user's chosen one, or all), oldest first. */
export function listEndpoints(db: DbOrTx, ctx: RequestContext, organizationId?: number): Promise<WebhookEndpoint[]> {
  return selectEndpoints(db, scopeFilter(tenantScope(ctx, organizationId), webhookEndpoints.organizationId));
}

export async function getEndpoint(db: DbOrTx, ctx: RequestContext, id: number): Promise<WebhookEndpoint> {
  const [found] = await selectEndpoints(db, tenantWhere(tenantScope(ctx), webhookEndpoints, eq(webhookEndpoints.id, id)));
  if (!found) throw notFound(WEBHOOK_MESSAGES.notFound);
  return found;
}

export async function createEndpoint(db: Db, deps: EndpointDeps, ctx: RequestContext, body: CreateWebhookEndpoint): Promise<CreatedWebhookEndpoint> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  checkEndpointUrl(deps.rules, body.url);
  const secret = newWebhookSecret();
  const id = await db.transaction(async (tx) => {
    // The organization row's lock serializes creators, so two at once cannot pass the limit.
    const [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
    if (!org) throw invalid('organizationId: Organization not found', [{ path: 'organizationId', message: 'Organization not found' }]);
    const [kept] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId));
    if (Number(kept?.n ?? 0) >= WEBHOOK_LIMITS.endpoints) throw conflict(WEBHOOK_MESSAGES.tooMany);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        organizationId,
        url: body.url,
        description: body.description,
        events: body.events,
        secret: sealWebhookSecret(deps.box, organizationId, secret),
        createdBy: ctx.user.id,
      })
      .returning({ id: webhookEndpoints.id });
    await writeAudit(tx, ctx, { action: 'webhook_endpoint.create', entityType: 'webhook_endpoint', entityId: row.id, organizationId, details: { url: body.url, events: body.events } });
    return row.id;
  });
  return { ...(await getEndpoint(db, ctx, id)), secret };
}

export async function updateEndpoint(db: Db, deps: EndpointDeps, ctx: RequestContext, id: number, body: UpdateWebhookEndpoint): Promise<WebhookEndpoint> {
  if (body.url !== undefined) checkEndpointUrl(deps.rules, body.url);
  await db.transaction(async (tx) => {
    const current = await findEndpointRow(tx, ctx, id, true);
    const changes = {
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.events !== undefined ? { events: body.events } : {}),
      ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
    };
    if (Object.keys(changes).length === 0) return;
    await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, current.id));
    await writeAudit(tx, ctx, { action: 'webhook_endpoint.update', entityType: 'webhook_endpoint', entityId: current.id, organizationId: current.organizationId, details: changes });
  });
  return getEndpoint(db, ctx, id);
}

/** Deletes the endpoint with its deliveries (the events stay until their keeping time: another endpoint may name them). */
export async function deleteEndpoint(db: Db, ctx: RequestContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findEndpointRow(tx, ctx, id, true);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, current.id));
    await writeAudit(tx, ctx, { action: 'webhook_endpoint.delete', entityType: 'webhook_endpoint', entityId: current.id, organizationId: current.organizationId, details: { url: current.url } });
  });
}
