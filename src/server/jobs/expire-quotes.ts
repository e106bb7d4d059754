// Marks quotes nobody answered by their valid-until date as expired (docs/rules/quote-approval.md#statuses). The
// quote page already shows them expired from that moment; this makes the list and its status filter agree.
import { and, inArray, isNotNull, lt } from 'drizzle-orm';
import { AWAITING_ANSWER_STATUSES } from '../../contracts/estimates';
import type { Db } from '../db/client';
import { estimates } from '../db/schema/index';

/** One statement: every awaiting quote whose valid-until day (UTC) has ended. Answers how many it marked. */
export async function expireQuotes(db: Db, now = new Date()): Promise<number> {
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);
  const rows = await db
    .update(estimates)
    .set({ status: 'expired' })
    .where(and(inArray(estimates.status, [...AWAITING_ANSWER_STATUSES]), isNotNull(estimates.validUntil), lt(estimates.validUntil, today)))
    .returning({ id: estimates.id });
  return rows.length;
}
