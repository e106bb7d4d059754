// Opening the quote page records that the customer saw it (docs/rules/quote-approval.md#statuses).
import { and, eq, isNull, or } from 'drizzle-orm';
import type { PublicQuote } from '../../../contracts/estimates';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { estimates } from '../../db/schema/index';
import { estimateByToken, publicQuote } from './quote-page';

/**
 * The page of a token. The first open of a version stamps viewedAt, and a sent quote becomes viewed; later opens
 * write nothing, so the revision a customer holds in one tab stays good in another.
 */
export async function openQuote(db: Db, config: Pick<Config, 'APP_SECRET'>, token: string, now = new Date()): Promise<PublicQuote> {
  let row = await estimateByToken(db, token);
  if (row.viewedAt === null || row.status === 'sent') {
    const [updated] = await db
      .update(estimates)
      .set({ viewedAt: row.viewedAt ?? now, status: row.status === 'sent' ? 'viewed' : row.status })
      .where(
        and(
          eq(estimates.organizationId, row.organizationId),
          eq(estimates.id, row.id),
          eq(estimates.approvalToken, token),
          // Only the first open writes: a parallel open or an answer since then leaves the row alone.
          or(isNull(estimates.viewedAt), eq(estimates.status, 'sent')),
        ),
      )
      .returning();
    row = updated ?? (await estimateByToken(db, token));
  }
  return publicQuote(db, config, row, now);
}
