// The one signing secret a Stripe event is checked against (docs/payments.md, "Webhooks"): the processor named
// in the URL, or for the legacy URL the processor the event's intent names. Never a search through every
// organization's secrets.
import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { paymentProcessors } from '../../db/schema/index';
import { secretBoxFor } from '../../platform/secret-box';
import { openProcessorRow } from './processor-secrets';

export type WebhookSecretLookup =
  | { found: true; processorId: number; organizationId: number; secret: string | null }
  | { found: false };

export async function stripeWebhookSecret(
  db: DbOrTx,
  config: Pick<Config, 'APP_SECRET'>,
  which: { processorId: number } | { activeProcessorOf: number },
): Promise<WebhookSecretLookup> {
  const where =
    'processorId' in which
      ? and(eq(paymentProcessors.id, which.processorId), eq(paymentProcessors.processorType, 'stripe'))
      : and(eq(paymentProcessors.organizationId, which.activeProcessorOf), eq(paymentProcessors.processorType, 'stripe'), eq(paymentProcessors.isActive, true));
  const [row] = await db.select().from(paymentProcessors).where(where).orderBy(desc(paymentProcessors.updatedAt), desc(paymentProcessors.id)).limit(1);
  if (!row) return { found: false };
  const secret = openProcessorRow(secretBoxFor(config), row).configuration.webhookSecret;
  return { found: true, processorId: row.id, organizationId: row.organizationId, secret: typeof secret === 'string' && secret.trim() ? secret.trim() : null };
}
