// Which processor takes an organization's cards and bank transfers (docs/rules/money-and-payments.md#active-processor): the active one,
// or the built-in test gateway when none is active or Stripe has no keys.
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { SecretBoxError } from '../../platform/secret-box';
import { findActiveProcessorRow } from '../payment-processors/active-processor-row';

export type ProcessorChoice =
  | { kind: 'test' }
  | { kind: 'stripe'; processorId: number; secretKey: string; publishableKey: string; webhookSecret: string | null; testMode: boolean }
  | { kind: 'manual'; processorId: number }
  | { kind: 'square'; processorId: number };

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Placeholder keys (a test-mode processor set up before the real keys exist) are not keys. */
const isRealKey = (key: string | null, prefix: string) => !!key && key.startsWith(prefix) && !/placeholder|x{6,}|your/i.test(key) && key.length >= 20;

export const UNREADABLE_KEYS = "The payment processor's saved keys cannot be read with this installation's APP_SECRET. An administrator must enter them again.";

export async function chooseProcessor(db: DbOrTx, config: Pick<Config, 'APP_SECRET'>, organizationId: number): Promise<ProcessorChoice> {
  let row;
  try {
    row = await findActiveProcessorRow(db, config, organizationId);
  } catch (err) {
    // Never the test gateway in its place: that would take "payments" no one is paid for.
    if (err instanceof SecretBoxError) throw new AppError('UNAVAILABLE', UNREADABLE_KEYS);
    throw err;
  }
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
