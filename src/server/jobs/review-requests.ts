// The review request job (docs/rules/messaging.md#review-requests): every minute, claim the requests that fell due and
// send each once. Every app instance may run it at once (features/review-requests/send-review-requests.ts).
import type { Db } from '../db/client';
import { claimReviewRequests, deliverReviewRequest, type ReviewOutcome, type ReviewTransports } from '../features/review-requests/send-review-requests';
import { startPeriodicJob } from './periodic-job';

export interface ReviewRequestJobDeps extends ReviewTransports {
  db: Db;
}

export type ReviewRequestRun = { claimed: number } & Record<ReviewOutcome, number>;

const BATCH = 50;
const MAX_BATCHES = 20;

export async function runReviewRequests(deps: ReviewRequestJobDeps, now = new Date(), stopped: () => boolean = () => false): Promise<ReviewRequestRun> {
  const run: ReviewRequestRun = { claimed: 0, sent: 0, skipped: 0, failed: 0, withdrawn: 0 };
  const errors: unknown[] = [];
  for (let i = 0; i < MAX_BATCHES && !stopped(); i++) {
    const claimed = await claimReviewRequests(deps.db, now, BATCH);
    run.claimed += claimed.length;
    for (const request of claimed) {
      try {
        run[await deliverReviewRequest(deps.db, deps, request)]++;
      } catch (err) {
        // That row keeps its "interrupted" mark and is failed, never resent, once its claim lapses.
        errors.push(err);
      }
    }
    if (claimed.length < BATCH) break;
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} review requests could not be processed`);
  return run;
}

/** Runs the job every `everyMs`; the returned function stops it and waits for a run in progress. */
export function startReviewRequestJob(deps: ReviewRequestJobDeps & { onError?: (err: unknown) => void }, everyMs = 60_000): () => Promise<void> {
  return startPeriodicJob({ run: (stopped) => runReviewRequests(deps, new Date(), stopped), everyMs, firstMs: 7_000, onError: deps.onError });
}
