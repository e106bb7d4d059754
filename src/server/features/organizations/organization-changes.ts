// A create or update body as the columns to write: industry checked against the list, blank labels
// dropped, the bank account kept when the masked display comes back.
import { isMaskedBankAccount, ORGANIZATION_MESSAGES, type UpdateOrganizationBody } from '../../../contracts/organizations';
import { INDUSTRIES } from '../../../contracts/vocabulary';
import type { organizations } from '../../db/schema/index';
import { invalid } from '../../platform/errors';

type Changes = Partial<typeof organizations.$inferInsert>;

const PLAIN_FIELDS = ['name', 'address', 'city', 'state', 'zip', 'phone', 'email', 'website', 'paymentLink', 'bankRouting', 'taxId', 'notes'] as const;

/**
 * The columns the body changes (slug is settled by the caller: it may need the database). `current` is the
 * stored row on update, so an organization may keep an industry that is no longer offered.
 */
export function organizationChanges(body: UpdateOrganizationBody, current?: { industry: string | null }): Changes {
  const changes: Changes = {};
  for (const f of PLAIN_FIELDS) {
    const v = body[f];
    if (v !== undefined) (changes as Record<string, unknown>)[f] = v;
  }
  if (body.industry !== undefined) {
    const industry = body.industry;
    if (industry !== null && !INDUSTRIES.includes(industry) && industry !== current?.industry) {
      throw invalid(`industry: ${ORGANIZATION_MESSAGES.industry}`, [{ path: 'industry', message: ORGANIZATION_MESSAGES.industry }]);
    }
    changes.industry = industry;
  }
  if (body.bankAccount !== undefined && !(body.bankAccount !== null && isMaskedBankAccount(body.bankAccount))) {
    changes.bankAccount = body.bankAccount;
  }
  if (body.labelOverrides !== undefined) changes.labelOverrides = cleanLabels(body.labelOverrides);
  return changes;
}

/** Only labels with text are kept; none at all is stored as null (the industry's labels apply). */
function cleanLabels(labels: Record<string, string | undefined> | null): Record<string, string> | null {
  const kept = Object.entries(labels ?? {}).flatMap(([k, v]) => (typeof v === 'string' && v.trim() ? [[k, v.trim()] as const] : []));
  return kept.length > 0 ? Object.fromEntries(kept) : null;
}
