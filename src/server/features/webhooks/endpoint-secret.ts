// An endpoint's signing secret (docs/rules/public-api.md#webhook-signatures): revealed to an admin on request and
// rolled into a new one, which signs every delivery from then on (the old one stops at once). Both are audited.
import { eq } from 'drizzle-orm';
import { WEBHOOK_MESSAGES, type WebhookSecret } from '../../../contracts/webhooks';
import type { Db } from '../../db/client';
import { webhookEndpoints } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict } from '../../platform/errors';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import type { SecretBox } from '../../platform/secret-box';
import { writeAudit } from '../audit/write-audit';
import { findEndpointRow } from './manage-endpoints';
import { newWebhookSecret, openWebhookSecret, sealWebhookSecret } from './webhook-signature';

export async function revealSecret(db: Db, box: SecretBox, ctx: RequestContext, id: number): Promise<WebhookSecret> {
  return db.transaction(async (tx) => {
    const row = await findEndpointRow(tx, ctx, id);
    const secret = openWebhookSecret(box, row.organizationId, row.secret);
    if (secret === null) throw conflict(WEBHOOK_MESSAGES.secretUnreadable);
    await writeAudit(tx, ctx, { action: 'webhook_endpoint.secret_revealed', entityType: 'webhook_endpoint', entityId: row.id, organizationId: row.organizationId });
    return { secret };
  });
}

export async function rollSecret(db: Db, box: SecretBox, ctx: RequestContext, id: number): Promise<WebhookSecret> {
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    const row = await findEndpointRow(tx, ctx, id, true);
    await tx.update(webhookEndpoints).set({ secret: sealWebhookSecret(box, row.organizationId, secret) }).where(tenantWhere(tenantScope(ctx), webhookEndpoints, eq(webhookEndpoints.id, row.id)));
    await writeAudit(tx, ctx, { action: 'webhook_endpoint.secret_rolled', entityType: 'webhook_endpoint', entityId: row.id, organizationId: row.organizationId });
  });
  return { secret };
}
