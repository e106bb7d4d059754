// Sends one claimed delivery and records what became of it (docs/rules/public-api.md#webhook-requests,
// #webhook-retries): a 2xx succeeds it; anything else counts an attempt and sets the next by the retry schedule, and
// after the last it is failed. The outcome is written only while the claim is still this sender's: a sender that
// outlived its claim (another took the delivery over) leaves the row to that one.
import { sql } from 'drizzle-orm';
import { WEBHOOK_MESSAGES } from '../../../contracts/webhooks';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../db/schema/index';
import type { SecretBox } from '../../platform/secret-box';
import type { ClaimedDelivery } from './claim-deliveries';
import { postWebhook, type PostOutcome } from './post-webhook';
import { nextAttemptAt } from './retry-schedule';
import { openWebhookSecret, signatureHeader } from './webhook-signature';
import type { UrlRules } from './webhook-url';

export const WEBHOOK_USER_AGENT = 'Tradebook-Webhooks/1.0';

/** The record type of Send test event's events: `test: true` in the body, and their own order ("test:<endpoint id>"). */
export const TEST_RECORD_TYPE = 'test';

export interface SendDeps extends UrlRules {
  box: SecretBox;
  /** Shorter in tests of the timeout; WEBHOOK_LIMITS.timeoutSeconds otherwise. */
  timeoutMs?: number;
}

export type SendResult = 'succeeded' | 'retrying' | 'failed' | 'lost';

type EventParts = Pick<ClaimedDelivery, 'eventId' | 'eventType' | 'eventCreatedAt' | 'organizationId' | 'recordType' | 'payload'>;

/** The body's JSON (docs/rules/public-api.md#webhook-payloads); a test event's record type is 'test'. */
export function webhookEnvelope(d: EventParts): Record<string, unknown> {
  return {
    id: `evt_${d.eventId}`,
    type: d.eventType,
    created: d.eventCreatedAt.toISOString(),
    organization_id: d.organizationId,
    test: d.recordType === TEST_RECORD_TYPE,
    data: d.payload,
  };
}

/** The body every attempt and replay of an event sends, byte for byte. */
export const webhookBody = (d: EventParts): string => JSON.stringify(webhookEnvelope(d));

export function webhookHeaders(d: ClaimedDelivery, secret: string, body: string, signedAt: Date): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': WEBHOOK_USER_AGENT,
    'Tradebook-Signature': signatureHeader(secret, body, signedAt),
    'Tradebook-Event-Id': `evt_${d.eventId}`,
    'Tradebook-Event-Type': d.eventType,
    'Tradebook-Delivery': String(d.id),
  };
}

/** `now` is the run's clock for the schedule; the signature carries the real time, which receivers compare with theirs. */
export async function sendDelivery(db: Db, deps: SendDeps, d: ClaimedDelivery, now: () => Date): Promise<SendResult> {
  const secret = openWebhookSecret(deps.box, d.organizationId, d.secret);
  let outcome: PostOutcome;
  if (secret === null) {
    outcome = { status: null, body: null, error: `Not sent: ${WEBHOOK_MESSAGES.secretUnreadable}` };
  } else {
    const body = webhookBody(d);
    outcome = await postWebhook(d.url, webhookHeaders(d, secret, body, new Date()), body, deps);
  }
  const at = now();
  const attempts = d.attempts + 1;
  const ok = outcome.error === null;
  const next = ok ? null : nextAttemptAt(attempts, at);
  const status = ok ? 'succeeded' : next ? 'pending' : 'failed';
  const rows = await db
    .update(webhookDeliveries)
    .set({
      status,
      attempts,
      lastAttemptAt: at,
      responseStatus: outcome.status,
      responseBody: outcome.body,
      error: outcome.error,
      deliveredAt: ok ? at : null,
      ...(next ? { nextAttemptAt: next } : {}),
      claimedUntil: null,
    })
    .where(sql`${webhookDeliveries.id} = ${d.id} and ${webhookDeliveries.status} = 'pending' and ${webhookDeliveries.claimedUntil} = ${d.claimedUntil.toISOString()}::timestamptz`)
    .returning({ id: webhookDeliveries.id });
  if (rows.length === 0) return 'lost';
  return ok ? 'succeeded' : next ? 'retrying' : 'failed';
}
