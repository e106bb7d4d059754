// The organization's active processor, secrets opened and unmasked: for the payment code, never for a response.
import { and, desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { paymentProcessors } from '../../db/schema/index';
import { secretBoxFor } from '../../platform/secret-box';
import { openProcessorRow } from './processor-secrets';

export type PaymentProcessorRow = typeof paymentProcessors.$inferSelect;

export async function findActiveProcessorRow(db: DbOrTx, config: Pick<Config, 'APP_SECRET'>, organizationId: number): Promise<PaymentProcessorRow | null> {
  const [row] = await db
    .select()
    .from(paymentProcessors)
    .where(and(eq(paymentProcessors.organizationId, organizationId), eq(paymentProcessors.isActive, true)))
    // Only one is ever active; should rows written outside the API disagree, the latest change wins.
    .orderBy(desc(paymentProcessors.updatedAt), desc(paymentProcessors.id))
    .limit(1);
  return row ? openProcessorRow(secretBoxFor(config), row) : null;
}
