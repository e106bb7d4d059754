// Staff hear of an answer at once: the bell (written with the answer) and an e-mail to the organization's address.
import type { FastifyBaseLogger } from 'fastify';
import { formatMoney } from '../../../contracts/money';
import { recordWord } from '../../../contracts/vocabulary';
import type { AppDeps } from '../../platform/app-deps';
import { loadBusiness } from '../documents/document-parties';
import type { AnsweredQuote } from './answer-quote';

/**
 * E-mails the organization's own address about the answer. The customer's answer is stored whatever happens here: a
 * failed delivery is logged with its provider, and the bell has already rung.
 */
export async function tellOrganization(deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>, answered: AnsweredQuote, log: FastifyBaseLogger): Promise<void> {
  try {
    const { estimate } = answered;
    const business = await loadBusiness(deps.db, estimate.organizationId);
    const to = business.email?.trim();
    if (!to) return;
    const word = recordWord(business.labels, 'estimates');
    const label = `${word.title} ${estimate.estimateNumber}`;
    const who = answered.signerName ?? 'The customer';
    const what = {
      approved: { subject: `${label} approved by ${who}`, line: `${who} approved ${word.lower} ${estimate.estimateNumber} (${estimate.title}) for ${formatMoney(estimate.total)}.` },
      declined: { subject: `${label} declined`, line: `The customer declined ${word.lower} ${estimate.estimateNumber} (${estimate.title}).` },
      changes_requested: { subject: `Changes requested to ${label}`, line: `The customer asked for changes to ${word.lower} ${estimate.estimateNumber} (${estimate.title}).` },
    }[answered.kind];
    const text = [
      what.line,
      ...(answered.message ? ['', answered.kind === 'declined' ? 'Reason:' : 'Their message:', answered.message] : []),
      '',
      `Open it in Tradebook: ${deps.config.appUrl}/estimates?open=${estimate.id}`,
    ].join('\n');
    const result = await deps.mailer.send({ to, subject: what.subject, text, organizationId: estimate.organizationId, fromName: 'Tradebook' });
    if (result.status === 'failed') log.warn({ provider: deps.mailer.transport, error: result.error, estimateId: estimate.id }, 'the e-mail telling the organization of a quote answer failed');
  } catch (err) {
    log.warn({ err, provider: deps.mailer.transport }, 'the e-mail telling the organization of a quote answer failed');
  }
}
