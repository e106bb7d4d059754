// The payment reminder job (docs/rules/money-and-payments.md#payment-reminders): fail sends a stopped worker left behind,
// add late fees, write the reminders that fell due, then claim and send them. Every app instance may run it at once.
import type { Db } from '../db/client';
import { startPeriodicJob } from './periodic-job';
import {
  claimPaymentReminders,
  deliverPaymentReminder,
  type PaymentReminderOutcome,
  type PaymentReminderTransports,
} from '../features/payment-reminders/deliver-payment-reminders';
import { applyLateFees } from '../features/payment-reminders/late-fees';
import { failInterruptedSends, planPaymentReminders } from '../features/payment-reminders/plan-payment-reminders';

export interface PaymentReminderJobDeps extends PaymentReminderTransports {
  db: Db;
}

export type PaymentReminderRun = { planned: number; lateFees: number; interrupted: number; claimed: number } & Record<PaymentReminderOutcome, number>;

const BATCH = 50;
const MAX_BATCHES = 20;

export async function runPaymentReminders(deps: PaymentReminderJobDeps, now = new Date()): Promise<PaymentReminderRun> {
  const run: PaymentReminderRun = { planned: 0, lateFees: 0, interrupted: 0, claimed: 0, sent: 0, retrying: 0, failed: 0, skipped: 0, deferred: 0 };
  run.interrupted = await failInterruptedSends(deps.db, now);
  run.lateFees = await applyLateFees(deps.db, now);
  run.planned = (await planPaymentReminders(deps.db, now)).planned;
  const errors: unknown[] = [];
  for (let i = 0; i < MAX_BATCHES; i++) {
    const claimed = await claimPaymentReminders(deps.db, now, BATCH);
    run.claimed += claimed.length;
    for (const reminder of claimed) {
      try {
        run[await deliverPaymentReminder(deps.db, deps, reminder, now)]++;
      } catch (err) {
        // That row stays `sending` and is failed, never resent, once its claim lapses.
        errors.push(err);
      }
    }
    if (claimed.length < BATCH) break;
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} payment reminders could not be processed`);
  return run;
}

/** Runs the job every `everyMs`; the returned function stops it and waits for a run in progress. */
export function startPaymentReminderJob(deps: PaymentReminderJobDeps & { onError?: (err: unknown) => void }, everyMs = 5 * 60_000): () => Promise<void> {
  return startPeriodicJob({ run: () => runPaymentReminders(deps), everyMs, firstMs: 5_000, onError: deps.onError });
}
