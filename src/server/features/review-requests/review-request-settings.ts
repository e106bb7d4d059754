// An organization's review request settings (docs/rules/messaging.md#review-requests): stored once saved, off with
// our words until then.
import { eq } from 'drizzle-orm';
import {
  DEFAULT_REVIEW_MESSAGE,
  REVIEW_LIMITS,
  REVIEW_VARIABLES,
  type ReviewRequestSettings,
  type ReviewRequestSettingsBody,
} from '../../../contracts/review-requests';
import type { Db, DbOrTx } from '../../db/client';
import { organizations, reviewRequestSettings } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { tenantScopeForWrite, tenantWhere, type OrganizationScope } from '../../platform/tenancy';

export type StoredReviewSettings = ReviewRequestSettingsBody;

export const DEFAULT_REVIEW_SETTINGS: StoredReviewSettings = {
  enabled: false,
  link: null,
  delayMinutes: REVIEW_LIMITS.defaultDelayMinutes,
  channel: 'sms_then_email',
  message: null,
};

export function toStoredReviewSettings(row: typeof reviewRequestSettings.$inferSelect | undefined): StoredReviewSettings {
  if (!row) return DEFAULT_REVIEW_SETTINGS;
  return { enabled: row.enabled, link: row.link, delayMinutes: row.delayMinutes, channel: row.channel, message: row.message };
}

const withWords = (s: StoredReviewSettings): ReviewRequestSettings => ({ ...s, defaultMessage: DEFAULT_REVIEW_MESSAGE, variables: [...REVIEW_VARIABLES] });

async function scopeOf(db: DbOrTx, ctx: RequestContext, requested: number | null | undefined): Promise<OrganizationScope> {
  const scope = tenantScopeForWrite(ctx, requested);
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, scope.organizationId));
  if (!org) throw notFound('Organization not found');
  return scope;
}

export async function getReviewRequestSettings(db: Db, ctx: RequestContext, requested?: number | null): Promise<ReviewRequestSettings> {
  const scope = await scopeOf(db, ctx, requested);
  const [row] = await db.select().from(reviewRequestSettings).where(tenantWhere(scope, reviewRequestSettings));
  return withWords(toStoredReviewSettings(row));
}

export async function saveReviewRequestSettings(db: Db, ctx: RequestContext, body: ReviewRequestSettingsBody, requested?: number | null): Promise<ReviewRequestSettings> {
  const scope = await scopeOf(db, ctx, requested);
  const values = { enabled: body.enabled, link: body.link, delayMinutes: body.delayMinutes, channel: body.channel, message: body.message };
  const [row] = await db
    .insert(reviewRequestSettings)
    .values({ organizationId: scope.organizationId, ...values })
    .onConflictDoUpdate({ target: reviewRequestSettings.organizationId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return withWords(toStoredReviewSettings(row));
}
