// Changes the fields sent (Activate sends only isActive); the organization never changes.
import { eq } from 'drizzle-orm';
import { processorConfigurationIssues, PROCESSOR_MESSAGES, type PaymentProcessor, type UpdateProcessorBody } from '../../../contracts/payment-processors';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { paymentProcessors } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { invalid, notFound } from '../../platform/errors';
import { secretBoxFor } from '../../platform/secret-box';
import { tenantScope, tenantWhere } from '../../platform/tenancy';
import { auditProcessor } from './processor-audit';
import { deactivateOtherProcessors, lockOrganizationProcessors } from './lock-organization-processors';
import { toProcessorResponse } from './processor-response';
import { openConfiguration, sealConfiguration } from './processor-secrets';
import { resolveConfiguration } from './resolve-configuration';

type ProcessorChanges = Partial<typeof paymentProcessors.$inferInsert>;

export async function updatePaymentProcessor(db: Db, config: Config, ctx: RequestContext, id: number, body: UpdateProcessorBody): Promise<PaymentProcessor> {
  // organizationId is accepted (the form sends the create body) but ignored: processors never move.
  const { organizationId: _ignored, configuration: sentConfiguration, ...fields } = body;
  const scope = tenantWhere(tenantScope(ctx), paymentProcessors, eq(paymentProcessors.id, id));

  const row = await db.transaction(async (tx) => {
    const [found] = await tx.select({ organizationId: paymentProcessors.organizationId }).from(paymentProcessors).where(scope).limit(1);
    if (!found) throw notFound(PROCESSOR_MESSAGES.notFound);
    await lockOrganizationProcessors(tx, found.organizationId);
    const [before] = await tx.select().from(paymentProcessors).where(scope).limit(1);
    if (!before) throw notFound(PROCESSOR_MESSAGES.notFound);

    const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as ProcessorChanges;
    const box = secretBoxFor(config);
    // Masks stand for the plain stored values; a value this key cannot open counts as not set (enter it again).
    const stored = openConfiguration(box, before.organizationId, before.configuration ?? {}, { unreadable: 'omit' });
    let plain: Record<string, unknown> | undefined;
    if (sentConfiguration !== undefined) {
      const resolved = resolveConfiguration(stored, sentConfiguration);
      if (resolved.issues.length > 0) throw invalid(`${resolved.issues[0].path}: ${resolved.issues[0].message}`, resolved.issues);
      plain = resolved.configuration;
      changes.configuration = sealConfiguration(box, before.organizationId, plain);
    }
    const issues = processorConfigurationIssues(changes.processorType ?? before.processorType, plain ?? stored);
    // Only the keys this request sets are judged, so an Activate never fails on what is already stored.
    const relevant = sentConfiguration !== undefined || changes.processorType !== undefined ? issues : [];
    if (relevant.length > 0) throw invalid(`${relevant[0].path}: ${relevant[0].message}`, relevant);

    const sentFields = Object.keys(changes);
    if (sentFields.length === 0) return before;
    const [after] = await tx.update(paymentProcessors).set(changes).where(scope).returning();

    const activated = !before.isActive && after.isActive;
    const deactivatedProcessorIds = after.isActive ? await deactivateOtherProcessors(tx, after.organizationId, after.id) : [];
    const otherFields = sentFields.filter((f) => !(activated && f === 'isActive'));
    if (otherFields.length > 0) await auditProcessor(tx, ctx, 'updated', after, { fields: otherFields.sort() });
    if (activated) await auditProcessor(tx, ctx, 'activated', after, { deactivatedProcessorIds });
    return after;
  });
  return toProcessorResponse(config, row);
}
