// Sends appointment reminders when they fall due (docs/rules/scheduling.md#reminder-sending): claim, then send outside the claim's
// transaction so a slow SMTP or Twilio call never holds row locks; every app instance may run this at once.
import type { Db } from '../db/client';
import { startPeriodicJob } from './periodic-job';
import { claimDueReminders } from '../features/reminders/claim-due-reminders';
import { deliverReminder, loadReminderContexts, type DeliveryOutcome, type ReminderTransports } from '../features/reminders/deliver-reminder';

export interface ReminderWorkerDeps extends ReminderTransports {
  db: Db;
}

export type ReminderRunResult = { claimed: number } & Record<DeliveryOutcome, number>;

/** One batch: the due rows this worker could claim, each sent or its failure recorded. */
export async function runDueReminders(deps: ReminderWorkerDeps, now = new Date(), batch = 50): Promise<ReminderRunResult> {
  const result: ReminderRunResult = { claimed: 0, sent: 0, retrying: 0, failed: 0, dropped: 0, skipped: 0 };
  // The run's own clock: `now` advanced by the real time spent, so claims renewed mid-batch stay consistent with it.
  const started = Date.now();
  const clock = () => new Date(now.getTime() + (Date.now() - started));
  const claimed = await claimDueReminders(deps.db, now, batch);
  result.claimed = claimed.length;
  if (claimed.length === 0) return result;

  const contexts = await loadReminderContexts(deps.db, claimed.map((c) => c.id));
  const errors: unknown[] = [];
  for (const reminder of claimed) {
    try {
      result[await deliverReminder(deps.db, deps, reminder, contexts.get(reminder.id), clock())]++;
    } catch (err) {
      // One row's database trouble must not strand the rest of the batch; that row is retried when its claim lapses.
      errors.push(err);
    }
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} of ${claimed.length} reminders could not be processed`);
  return result;
}

/** Full batches in a row before yielding to the next tick, so a backlog drains without starving the process. */
const MAX_BATCHES_PER_TICK = 20;

/** Runs the job every `everyMs` (first shortly after start); the returned function stops it and waits for a run in progress. */
export function startReminderWorker(deps: ReminderWorkerDeps & { onError?: (err: unknown) => void }, everyMs = 60_000): () => Promise<void> {
  const drain = async (stopped: () => boolean) => {
    for (let i = 0; i < MAX_BATCHES_PER_TICK && !stopped(); i++) {
      const batch = 50;
      const r = await runDueReminders(deps, new Date(), batch);
      if (r.claimed < batch) return;
    }
  };
  return startPeriodicJob({ run: drain, everyMs, firstMs: Math.min(everyMs, 2000), onError: deps.onError });
}
