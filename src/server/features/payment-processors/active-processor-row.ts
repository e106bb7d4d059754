// The organization's active processor, unmasked: for the payment code, never for a response.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentProcessors } from '../../db/schema/index';

export type PaymentProcessorRow = typeof paymentProcessors.$inferSelect;

export async function findActiveProcessorRow(db: DbOrTx, organizationId: number): Promise<PaymentProcessorRow | null> {
  const [row] = await db
    .select()
    .from(paymentProcessors)
    .where(and(eq(paymentProcessors.organizationId, organizationId), eq(paymentProcessors.isActive, true)))
    // Only one is ever active; should rows written outside the API disagree, the latest change wins.
    .orderBy(desc(paymentProcessors.updatedAt), desc(paymentProcessors.id))
    .limit(1);
  return row ?? null;
}
