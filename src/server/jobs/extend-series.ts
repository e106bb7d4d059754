// Keeps every repeating series' visits made ahead to the horizon (docs/rules/scheduling.md#repeating-visits). Every
// app instance may run it at once; each visit is made once (features/scheduling/appointment-series.ts).
import type { Db } from '../db/client';
import { extendSeries, type ExtensionRun } from '../features/scheduling/appointment-series';
import { startPeriodicJob } from './periodic-job';

/** Runs hourly (a day's turn is what moves the horizon; an hour keeps a restarted instance close behind). */
export function startSeriesExtensionJob(deps: { db: Db; onError?: (err: unknown) => void; onRun?: (run: ExtensionRun) => void }, everyMs = 60 * 60_000): () => Promise<void> {
  return startPeriodicJob({ run: async () => deps.onRun?.(await extendSeries(deps.db)), everyMs, firstMs: 9_000, onError: deps.onError });
}
