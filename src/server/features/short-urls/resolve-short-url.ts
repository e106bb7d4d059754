// `/s/{code}`: the target of an active code, counting the click in the same statement.
import { and, eq, sql } from 'drizzle-orm';
import { SHORT_CODE_PATTERN } from '../../../contracts/short-urls';
import type { Db } from '../../db/client';
import { shortUrls } from '../../db/schema/index';

/** The target URL, or null for a malformed, unknown or inactive code. */
export async function resolveShortUrl(db: Db, code: string): Promise<string | null> {
  if (!SHORT_CODE_PATTERN.test(code)) return null;
  // One UPDATE ... RETURNING: concurrent visits never lose a count (no read-then-write).
  const [row] = await db
    .update(shortUrls)
    .set({ clicks: sql`${shortUrls.clicks} + 1`, updatedAt: sql`${shortUrls.updatedAt}` })
    .where(and(eq(shortUrls.shortCode, code), eq(shortUrls.isActive, true)))
    .returning({ originalUrl: shortUrls.originalUrl });
  return row?.originalUrl ?? null;
}
