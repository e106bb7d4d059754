// Recurring billing and auto-pay (docs/rules/money-and-payments.md#recurring-invoices, #auto-pay): make each period's
// invoice once, e-mail the ones to send (a customer on auto-pay gets the receipt or the decline notice instead), then
// charge every invoice issued to a customer on auto-pay. Every app instance may run it at once.
import type { Config } from '../config';
import type { Mailer } from '../adapters/mail/mailer';
import type { Db } from '../db/client';
import { startPeriodicJob } from './periodic-job';
import { getOrganizationInvoice } from '../features/documents/get-invoice';
import { chargeAutoPay, claimAutoPay, type AutoPayOutcome } from '../features/recurring-invoices/charge-auto-pay';
import { generateRecurringInvoices } from '../features/recurring-invoices/generate-recurring-invoices';
import { mailIssuedInvoice } from '../features/recurring-invoices/mail-issued-invoice';

export interface BillingDeps {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  config: Pick<Config, 'appUrl' | 'APP_SECRET' | 'STRIPE_API_BASE'>;
}

export type BillingRun = { invoices: number; mailed: number; mailFailures: string[] } & Record<AutoPayOutcome, number>;

const BATCH = 25;
const MAX_BATCHES = 20;

export async function runRecurringBilling(deps: BillingDeps, now = new Date()): Promise<BillingRun> {
  const run: BillingRun = { invoices: 0, mailed: 0, mailFailures: [], charged: 0, declined: 0, no_card: 0, settled: 0, retry: 0 };
  const made = await generateRecurringInvoices(deps.db, now);
  run.invoices = made.length;
  for (const m of made.filter((x) => x.sendEmail)) {
    const invoice = await getOrganizationInvoice(deps.db, m.organizationId, m.invoiceId);
    if (invoice.autoPayState !== null) continue;
    const outcome = await mailIssuedInvoice(deps, m.organizationId, m.invoiceId);
    if (outcome.sent) run.mailed++;
    else run.mailFailures.push(`${invoice.invoiceNumber}: ${outcome.why}`);
  }
  const errors: unknown[] = [];
  for (let i = 0; i < MAX_BATCHES; i++) {
    const claimed = await claimAutoPay(deps.db, now, BATCH);
    for (const c of claimed) {
      try {
        run[await chargeAutoPay(deps, c)]++;
      } catch (err) {
        run.retry++;
        errors.push(err);
      }
    }
    if (claimed.length < BATCH) break;
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} auto-pay charges could not be made now; they are tried again`);
  return run;
}

/** Runs the job every `everyMs`; the returned function stops it and waits for a run in progress. */
export function startRecurringBillingJob(deps: BillingDeps & { onError?: (err: unknown) => void; onRun?: (run: BillingRun) => void }, everyMs = 5 * 60_000): () => Promise<void> {
  return startPeriodicJob({ run: async () => deps.onRun?.(await runRecurringBilling(deps)), everyMs, firstMs: 7_000, onError: deps.onError });
}
