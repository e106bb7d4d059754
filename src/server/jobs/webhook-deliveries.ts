// Sends the outbound webhooks' deliveries (docs/rules/public-api.md#webhooks) every few seconds: claim a batch, send
// its deliveries side by side (a batch holds at most one per endpoint and record, so order per record stands), record
// each outcome. Every app instance may run this at once (features/webhooks/claim-deliveries.ts). Once an hour it also
// clears deliveries past their keeping time.
import type { Db } from '../db/client';
import { claimDueDeliveries } from '../features/webhooks/claim-deliveries';
import { purgeOldDeliveries } from '../features/webhooks/purge-deliveries';
import { sendDelivery, type SendDeps, type SendResult } from '../features/webhooks/send-delivery';
import { startPeriodicJob } from './periodic-job';

export interface WebhookJobDeps extends SendDeps {
  db: Db;
}

export type WebhookRunResult = { claimed: number } & Record<SendResult, number>;

const BATCH = 20;

/** One batch: the due deliveries this sender could claim, each sent and its outcome recorded. */
export async function runWebhookDeliveries(deps: WebhookJobDeps, now = new Date(), batch = BATCH): Promise<WebhookRunResult> {
  const result: WebhookRunResult = { claimed: 0, succeeded: 0, retrying: 0, failed: 0, lost: 0 };
  // The run's own clock: `now` advanced by the real time spent, so a test's injected time stays consistent.
  const started = Date.now();
  const clock = () => new Date(now.getTime() + (Date.now() - started));
  const claimed = await claimDueDeliveries(deps.db, now, batch);
  result.claimed = claimed.length;
  const outcomes = await Promise.allSettled(claimed.map((d) => sendDelivery(deps.db, deps, d, clock)));
  const errors: unknown[] = [];
  for (const o of outcomes) {
    if (o.status === 'fulfilled') result[o.value]++;
    // A row whose outcome could not be written is sent again when its claim lapses.
    else errors.push(o.reason);
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} of ${claimed.length} webhook deliveries could not be recorded`);
  return result;
}

/** Full batches in a row before yielding to the next tick, so a backlog drains without starving the process. */
const MAX_BATCHES_PER_TICK = 20;
const PURGE_EVERY_MS = 60 * 60_000;

/** Every `everyMs` (5 s; the first run 3 s after start); the returned function stops it and waits for a run in progress. */
export function startWebhookDeliveryJob(deps: WebhookJobDeps & { onError?: (err: unknown) => void }, everyMs = 5_000): () => Promise<void> {
  let purgedAt = 0;
  const run = async (stopped: () => boolean) => {
    for (let i = 0; i < MAX_BATCHES_PER_TICK && !stopped(); i++) {
      const r = await runWebhookDeliveries(deps);
      if (r.claimed < BATCH) break;
    }
    if (Date.now() - purgedAt >= PURGE_EVERY_MS) {
      purgedAt = Date.now();
      await purgeOldDeliveries(deps.db);
    }
  };
  return startPeriodicJob({ run, everyMs, firstMs: Math.min(everyMs, 3_000), onError: deps.onError });
}
