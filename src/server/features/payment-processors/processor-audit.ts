// Audit entries for processor changes (docs/rules/sign-in-and-sessions.md#audit-log): names and flags, never configuration values.
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { writeAudit } from '../audit/write-audit';
import type { PaymentProcessorRow } from './active-processor-row';

export type ProcessorAuditAction = 'created' | 'updated' | 'activated' | 'deleted';

/** The row's harmless facts: configuration key names only, so a key's value never reaches the log. */
export function processorAuditFacts(row: PaymentProcessorRow): Record<string, unknown> {
  return {
    displayName: row.displayName,
    processorType: row.processorType,
    isActive: row.isActive,
    testMode: row.testMode,
    configurationKeys: Object.keys(row.configuration ?? {}).sort(),
  };
}

export function auditProcessor(
  db: DbOrTx,
  ctx: RequestContext,
  action: ProcessorAuditAction,
  row: PaymentProcessorRow,
  extra: Record<string, unknown> = {},
): Promise<void> {
  return writeAudit(db, ctx, {
    action: `payment_processor.${action}`,
    entityType: 'payment_processor',
    entityId: row.id,
    organizationId: row.organizationId,
    details: { ...processorAuditFacts(row), ...extra },
  });
}
