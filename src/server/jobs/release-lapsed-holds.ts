// Lets go of online bookings whose deposit or card did not come within their hold (docs/rules/scheduling.md#holding-a-booking):
// cancelled, their time free. The slots and every booking of that time already treat a lapsed hold as free; this keeps
// the calendar honest. Every app instance may run it at once: rows are claimed with FOR UPDATE SKIP LOCKED.
import type { Db } from '../db/client';
import { releaseLapsedHoldsBatch } from '../features/scheduling/booking-holds';
import { startPeriodicJob } from './periodic-job';

const BATCH = 200;

/** Batches until none is left (or the job is stopped); answers how many holds it let go. */
export async function releaseLapsedHolds(db: Db, stopped: () => boolean = () => false): Promise<number> {
  let released = 0;
  for (;;) {
    const n = await releaseLapsedHoldsBatch(db, BATCH);
    released += n;
    if (n < BATCH || stopped()) return released;
  }
}

/** Every minute: a hold lasts minutes, so the calendar shows a lapsed one cancelled soon after. */
export function startLapsedHoldsJob(deps: { db: Db; onError?: (err: unknown) => void }, everyMs = 60_000): () => Promise<void> {
  return startPeriodicJob({ run: (stopped) => releaseLapsedHolds(deps.db, stopped), everyMs, firstMs: 7_000, onError: deps.onError });
}
