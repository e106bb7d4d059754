// The processor row as the API sends it: secrets masked, fees as decimal strings.
import { fromCents, isAmount, toCents } from '../../../contracts/money';
import { PROCESSOR_FEE_FIELDS, type PaymentProcessor, type ProcessorFees } from '../../../contracts/payment-processors';
import type { PaymentProcessorRow } from './active-processor-row';
import { maskConfiguration } from './mask-configuration';

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

export function toProcessorResponse(row: PaymentProcessorRow): PaymentProcessor {
  return {
    id: row.id,
    organizationId: row.organizationId,
    displayName: row.displayName,
    processorType: row.processorType,
    configuration: maskConfiguration(row.configuration ?? {}),
    capabilities: Array.isArray(row.capabilities) ? row.capabilities.filter((c): c is string => typeof c === 'string') : [],
    fees: toProcessorFees(row.fees),
    isActive: row.isActive,
    testMode: row.testMode,
    webhookUrl: row.webhookUrl,
    lastTestDate: row.lastTestDate ? row.lastTestDate.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
