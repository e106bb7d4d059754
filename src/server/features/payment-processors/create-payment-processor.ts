// A new processor for the caller's organization (a super user names one); activating it turns the others off.
import { processorConfigurationIssues, PROCESSOR_MESSAGES, type CreateProcessorBody, type PaymentProcessor } from '../../../contracts/payment-processors';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { paymentProcessors } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { invalid } from '../../platform/errors';
import { secretBoxFor } from '../../platform/secret-box';
import { organizationForWrite } from '../../platform/tenancy';
import { auditProcessor } from './processor-audit';
import { deactivateOtherProcessors, lockOrganizationProcessors } from './lock-organization-processors';
import { toProcessorResponse } from './processor-response';
import { sealConfiguration } from './processor-secrets';

export async function createPaymentProcessor(db: Db, config: Config, ctx: RequestContext, body: CreateProcessorBody): Promise<PaymentProcessor> {
  // Processors are chosen per organization on the super user's screen, so a super user always names it.
  if (ctx.isSuperUser && !body.organizationId) {
    throw invalid(`organizationId: ${PROCESSOR_MESSAGES.organizationRequired}`, [{ path: 'organizationId', message: PROCESSOR_MESSAGES.organizationRequired }]);
  }
  const organizationId = organizationForWrite(ctx, body.organizationId);
  const configuration = body.configuration ?? {};
  const issues = processorConfigurationIssues(body.processorType, configuration);
  if (issues.length > 0) throw invalid(`${issues[0].path}: ${issues[0].message}`, issues);

  const row = await db.transaction(async (tx) => {
    if (!(await lockOrganizationProcessors(tx, organizationId))) {
      throw invalid(`organizationId: ${PROCESSOR_MESSAGES.organizationNotFound}`, [{ path: 'organizationId', message: PROCESSOR_MESSAGES.organizationNotFound }]);
    }
    const [created] = await tx
      .insert(paymentProcessors)
      .values({
        organizationId,
        displayName: body.displayName,
        processorType: body.processorType,
        // Secret values are stored sealed (docs/payments.md); the rules above judged the plain ones.
        configuration: sealConfiguration(secretBoxFor(config), organizationId, configuration),
        capabilities: body.capabilities ?? [],
        fees: body.fees ?? {},
        isActive: body.isActive ?? false,
        testMode: body.testMode ?? true,
        webhookUrl: body.webhookUrl ?? null,
      })
      .returning();
    const deactivatedProcessorIds = created.isActive ? await deactivateOtherProcessors(tx, organizationId, created.id) : [];
    await auditProcessor(tx, ctx, 'created', created, { deactivatedProcessorIds });
    return created;
  });
  return toProcessorResponse(config, row);
}
