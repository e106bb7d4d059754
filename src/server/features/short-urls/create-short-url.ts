// A new short URL in the caller's organization, with the chosen code or a generated one.
import { eq } from 'drizzle-orm';
import { SHORT_URL_MESSAGES, type CreateShortUrlBody, type ShortUrl } from '../../../contracts/short-urls';
import type { Db } from '../../db/client';
import { organizations, shortUrls } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict, invalid } from '../../platform/errors';
import { organizationForWrite } from '../../platform/tenancy';
import { generateShortCode } from './generate-short-code';
import { toShortUrlResponse } from './short-url-response';

/** 64^7 codes make a collision rare; a few retries make a failure practically impossible. */
const GENERATE_ATTEMPTS = 8;

export async function createShortUrl(db: Db, ctx: RequestContext, body: CreateShortUrlBody): Promise<ShortUrl> {
  const organizationId = organizationForWrite(ctx, body.organizationId);
  if (ctx.isSuperUser) {
    const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
    if (!org) throw invalid('organizationId: Organization not found', [{ path: 'organizationId', message: 'Organization not found' }]);
  }
  const insert = (shortCode: string) =>
    db
      .insert(shortUrls)
      .values({ organizationId, title: body.title, originalUrl: body.originalUrl, shortCode, createdBy: ctx.user.id })
      // The unique index decides, so two concurrent requests for one code cannot both win.
      .onConflictDoNothing({ target: shortUrls.shortCode })
      .returning();

  if (body.shortCode) {
    const [row] = await insert(body.shortCode);
    if (!row) throw conflict(SHORT_URL_MESSAGES.codeTaken);
    return toShortUrlResponse(row);
  }
  for (let i = 0; i < GENERATE_ATTEMPTS; i++) {
    const [row] = await insert(generateShortCode());
    if (row) return toShortUrlResponse(row);
  }
  throw conflict('Could not generate a free short code, please try again');
}
