// The processor row as the API sends it: secrets opened only to be masked, fees as decimal strings, and a Stripe
// processor's own webhook URL.
import { fromCents, isAmount, toCents } from '../../../contracts/money';
import { PROCESSOR_FEE_FIELDS, type PaymentProcessor, type ProcessorFees } from '../../../contracts/payment-processors';
import type { Config } from '../../config';
import { secretBoxFor } from '../../platform/secret-box';
import type { PaymentProcessorRow } from './active-processor-row';
import { maskConfiguration } from './mask-configuration';
import { openConfiguration } from './processor-secrets';

function feeText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return fromCents(toCents(value));
  if (typeof value === 'string' && isAmount(value) && !value.trim().startsWith('-')) return fromCents(toCents(value));
  return null;
}

export function toProcessorFees(fees: Record<string, unknown> | null | undefined): ProcessorFees {
  const out = {} as ProcessorFees;
  for (const field of PROCESSOR_FEE_FIELDS) out[field] = feeText(fees?.[field]);
  return out;
}

/** Where Stripe sends this processor's events (payments.routes.ts); only its signing secret is checked there. */
export function stripeWebhookUrlOf(config: Pick<Config, 'appUrl'>, processorId: number): string {
  return `${config.appUrl}/api/webhooks/stripe/${processorId}`;
}

/** `row` as stored (secrets sealed): opened here so the mask shows the key's own last 4 characters. */
export function toProcessorResponse(config: Pick<Config, 'appUrl' | 'APP_SECRET'>, row: PaymentProcessorRow): PaymentProcessor {
  return {
    id: row.id,
    organizationId: row.organizationId,
    displayName: row.displayName,
    processorType: row.processorType,
    configuration: maskConfiguration(openConfiguration(secretBoxFor(config), row.organizationId, row.configuration ?? {}, { unreadable: 'omit' })),
    capabilities: Array.isArray(row.capabilities) ? row.capabilities.filter((c): c is string => typeof c === 'string') : [],
    fees: toProcessorFees(row.fees),
    isActive: row.isActive,
    testMode: row.testMode,
    webhookUrl: row.webhookUrl,
    stripeWebhookUrl: row.processorType === 'stripe' ? stripeWebhookUrlOf(config, row.id) : null,
    lastTestDate: row.lastTestDate ? row.lastTestDate.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
