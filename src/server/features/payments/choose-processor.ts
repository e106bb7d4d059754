// Which processor takes an organization's cards and bank transfers (DECISIONS.md, Payments): the active one,
// or the built-in test gateway when none is active or Stripe has no keys.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentProcessors } from '../../db/schema/index';

export type ProcessorChoice =
  | { kind: 'test' }
  | { kind: 'stripe'; processorId: number; secretKey: string; publishableKey: string; webhookSecret: string | null; testMode: boolean }
  | { kind: 'manual'; processorId: number }
  | { kind: 'square'; processorId: number };

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Placeholder keys (a test-mode processor set up before the real keys exist) are not keys. */
const isRealKey = (key: string | null, prefix: string) => !!key && key.startsWith(prefix) && !/placeholder|x{6,}|your/i.test(key) && key.length >= 20;

export async function chooseProcessor(db: DbOrTx, organizationId: number): Promise<ProcessorChoice> {
  const [row] = await db
    .select()
    .from(paymentProcessors)
    .where(and(eq(paymentProcessors.organizationId, organizationId), eq(paymentProcessors.isActive, true)))
    .limit(1);
  if (!row) return { kind: 'test' };
  if (row.processorType === 'manual') return { kind: 'manual', processorId: row.id };
  if (row.processorType === 'square') return { kind: 'square', processorId: row.id };
  const secretKey = text(row.configuration.secretKey);
  const publishableKey = text(row.configuration.publishableKey);
  if (row.processorType !== 'stripe' || !isRealKey(secretKey, 'sk_') || !isRealKey(publishableKey, 'pk_')) return { kind: 'test' };
  return {
    kind: 'stripe',
    processorId: row.id,
    secretKey: secretKey!,
    publishableKey: publishableKey!,
    webhookSecret: text(row.configuration.webhookSecret),
    testMode: row.testMode || secretKey!.startsWith('sk_test_'),
  };
}
