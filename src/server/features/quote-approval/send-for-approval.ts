// "Send for approval" (docs/rules/quote-approval.md#sending): the quote page's link by e-mail (with the PDF) and/or
// text message. The token is made once per version, so every message of one version opens the same page.
import { and, eq } from 'drizzle-orm';
import { estimateLocked, type Estimate, type SendForApproval } from '../../../contracts/estimates';
import { formatMoney } from '../../../contracts/money';
import { recordWord } from '../../../contracts/vocabulary';
import { deliveryFailure } from '../../adapters/delivery-failure';
import { toE164 } from '../../adapters/sms/e164';
import { isOptedOut } from '../../adapters/sms/opt-outs';
import { estimateLineItems, estimates } from '../../db/schema/index';
import type { AppDeps } from '../../platform/app-deps';
import type { RequestContext } from '../../platform/context';
import { conflict, invalid } from '../../platform/errors';
import { lockEstimateInScope } from '../estimates/lock-estimate';
import { loadBusiness, loadDocumentCustomer } from '../documents/document-parties';
import { emailEstimate, markSent } from '../estimates/email-estimate';
import { quotePath } from '../estimates/estimate-view';
import { getEstimate } from '../estimates/get-estimate';
import { recordDelivery } from '../messaging/send-recorded-email';
import { newQuoteToken, pastValidity } from './quote-page';

/** The quote page's token of the caller's estimate, made now if it has none; refused for a quote that cannot be answered. */
async function approvalToken(deps: AppDeps, ctx: RequestContext, id: number): Promise<{ token: string; organizationId: number; customerId: number }> {
  return deps.db.transaction(async (tx) => {
    const row = await lockEstimateInScope(tx, ctx, id);
    if (estimateLocked(row.status)) throw conflict('This estimate is already approved. Create a new version to send it again.');
    if (row.status === 'declined') throw conflict('The customer declined this estimate. Create a new version to send it again.');
    if (pastValidity(row, new Date())) throw conflict('The valid-until date has passed. Change it before sending the estimate for approval.');
    const [line] = await tx
      .select({ id: estimateLineItems.id })
      .from(estimateLineItems)
      .where(and(eq(estimateLineItems.organizationId, row.organizationId), eq(estimateLineItems.estimateId, row.id)))
      .limit(1);
    if (!line) throw invalid('lineItems: Add at least one line item before sending for approval', [{ path: 'lineItems', message: 'Add at least one line item before sending for approval' }]);
    const token = row.approvalToken ?? newQuoteToken();
    if (!row.approvalToken) {
      await tx.update(estimates).set({ approvalToken: token }).where(and(eq(estimates.organizationId, row.organizationId), eq(estimates.id, row.id)));
    }
    return { token, organizationId: row.organizationId, customerId: row.customerId };
  });
}

export async function sendForApproval(deps: AppDeps, ctx: RequestContext, id: number, input: SendForApproval): Promise<{ approvalUrl: string; estimate: Estimate }> {
  const { token, organizationId, customerId } = await approvalToken(deps, ctx, id);
  const approvalUrl = `${deps.config.appUrl}${quotePath(token)}`;
  const customer = await loadDocumentCustomer(deps.db, organizationId, customerId);
  // Both checks before anything is sent: a missing phone must not leave the e-mail gone and the text refused.
  const phone = toE164(customer?.phone);
  const issues = [
    ...(input.email && !customer?.email?.trim() ? [{ path: 'email', message: 'The customer has no e-mail address' }] : []),
    ...(input.sms && !phone ? [{ path: 'sms', message: 'The customer has no mobile number to text' }] : []),
    // docs/rules/messaging.md#sms-opt-outs: said before the e-mail goes, as a missing number is.
    ...(input.sms && phone && (await isOptedOut(deps.db, phone)) ? [{ path: 'sms', message: 'The customer has opted out of text messages (they replied STOP)' }] : []),
  ];
  if (issues.length > 0) throw invalid(`${issues[0].path}: ${issues[0].message}`, issues);

  if (input.email) await emailEstimate(deps, ctx, id, approvalUrl);
  if (input.sms && phone) {
    const estimate = await getEstimate(deps.db, ctx, id);
    const business = await loadBusiness(deps.db, organizationId);
    const word = recordWord(business.labels, 'estimates');
    const text = `${business.name}: your ${word.lower} ${estimate.estimateNumber} for ${formatMoney(estimate.total)} is ready. Review and approve it here: ${approvalUrl}`;
    const result = await deps.sms.send({ to: phone, text, organizationId, secrets: [approvalUrl] });
    // Messaging keeps US numbers as ten digits, as it sends them (features/messaging/deliver-message.ts).
    const recipient = phone.startsWith('+1') && phone.length === 12 ? phone.slice(2) : phone;
    await recordDelivery(deps.db, ctx, { organizationId, channel: 'sms', to: recipient, subject: null, text, secrets: [approvalUrl] }, result, async (tx, outcome) => {
      if (outcome.sent) await markSent(tx, organizationId, id);
    });
    if (result.status === 'failed') throw deliveryFailure('sms', result);
  }
  return { approvalUrl, estimate: await getEstimate(deps.db, ctx, id) };
}
