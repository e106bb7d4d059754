// Reads config, opens the database, migrates, seeds, listens.
import { startPaymentReminderJob } from './jobs/payment-reminders';
import { startRecurringBillingJob } from './jobs/recurring-billing';
import { startSeriesExtensionJob } from './jobs/extend-series';
import { startLapsedHoldsJob } from './jobs/release-lapsed-holds';
import { startReviewRequestJob } from './jobs/review-requests';
import { startWebhookDeliveryJob } from './jobs/webhook-deliveries';
import { assertServerConfig, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateThen } from './db/migrate';
import { DEMO_ACCOUNTS, seedDemo } from './db/seed/seed-demo';
import { outboxIsLocalDelivery } from './features/dev-outbox/outbox-access';
import { startReminderWorker } from './jobs/appointment-reminders';
import { notifyOverdueInvoices } from './jobs/overdue-invoices';
import { expireQuotes } from './jobs/expire-quotes';
import { purgeExpiredRegistrations } from './features/auth/pending-registration';
import { sealStoredCredentials } from './features/payment-processors/seal-stored-credentials';
import { AppSecretError, resolveAppSecret } from './platform/app-secret';
import { secretBoxFor } from './platform/secret-box';
import { deleteExpiredSessions } from './platform/sessions';
import { purgeOldWindows } from './platform/rate-limit';
import { compactOrganizationFigures } from './features/figures/organization-figures';
import { clearAbandonedImports } from './features/imports/clear-abandoned-imports';

async function main() {
  // The key for credentials at rest: APP_SECRET, or the embedded default's generated file (platform/app-secret.ts).
  const config = resolveAppSecret(loadConfig());
  assertServerConfig(config);
  // Opening PGlite (WebAssembly) and loading the app's modules overlap, so the first request comes sooner.
  const [database, { buildApp }] = await Promise.all([
    openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DATABASE_POOL_SIZE }),
    import('./app'),
  ]);
  // The demo seed runs under the migration lock: instances started together seed an empty database once.
  const seeded = await migrateThen(database, async () => (config.SEED_DEMO ? seedDemo(database.db) : false));

  const { app, deps } = await buildApp({ database, config, logger: true });
  // Processor secrets stored in plain text before encryption at rest are sealed before the first request.
  const box = secretBoxFor(config);
  const credentials = await sealStoredCredentials(database.db, box);
  if (credentials.sealed > 0) app.log.info(`encrypted the stored credentials of ${credentials.sealed} payment processor(s)`);
  if (credentials.otherKey.length > 0) {
    app.log.error(
      `payment processor(s) ${credentials.otherKey.join(', ')} hold keys encrypted with another APP_SECRET than this one (key ${box.keyId}): ` +
        'set the APP_SECRET they were saved with, or enter their keys again on the Payment Processors screen',
    );
  }

  const housekeeping = setInterval(() => {
    void deleteExpiredSessions(database.db).catch(() => {});
    void purgeOldWindows(database.db).catch(() => {});
    void purgeExpiredRegistrations(database.db).catch(() => {});
    void compactOrganizationFigures(database.db).catch(() => {});
    void clearAbandonedImports(database.db).catch(() => {});
  }, 60 * 60 * 1000);
  housekeeping.unref();
  const raiseOverdue = () => {
    void notifyOverdueInvoices(database.db).catch((err) => app.log.error({ err }, 'overdue invoice notifications failed'));
    void expireQuotes(database.db).catch((err) => app.log.error({ err }, 'expiring quotes failed'));
  };
  const overdueTimer = setInterval(raiseOverdue, 15 * 60 * 1000);
  overdueTimer.unref();
  setTimeout(raiseOverdue, 2000).unref();
  const stopReminders = startReminderWorker({
    db: database.db,
    mailer: deps.mailer,
    sms: deps.sms,
    appUrl: config.appUrl,
    onError: (err) => app.log.error({ err }, 'appointment reminders failed'),
  });

  const stopPaymentReminders = startPaymentReminderJob({
    db: database.db,
    mailer: deps.mailer,
    sms: deps.sms,
    appUrl: config.appUrl,
    onError: (err) => app.log.error({ err }, 'payment reminders failed'),
  });

  const stopBilling = startRecurringBillingJob({
    db: database.db,
    mailer: deps.mailer,
    config,
    onError: (err) => app.log.error({ err }, 'recurring billing or auto-pay failed'),
    onRun: (run) => {
      if (run.mailFailures.length > 0) app.log.warn({ failures: run.mailFailures }, 'recurring invoices made but not e-mailed');
    },
  });

  const stopSeries = startSeriesExtensionJob({
    db: database.db,
    onError: (err) => app.log.error({ err }, 'extending repeating visits failed'),
    onRun: (run) => {
      if (run.unassigned > 0) app.log.warn({ run }, 'repeating visits made with nobody on them (their people were busy)');
    },
  });

  const stopHolds = startLapsedHoldsJob({ db: database.db, onError: (err) => app.log.error({ err }, 'letting lapsed booking holds go failed') });

  // Review requests after finished jobs (docs/rules/messaging.md#review-requests): every minute, on every instance.
  const stopReviews = startReviewRequestJob({
    db: database.db,
    mailer: deps.mailer,
    sms: deps.sms,
    appUrl: config.appUrl,
    onError: (err) => app.log.error({ err }, 'review requests failed'),
  });

  // Outbound webhooks (docs/rules/public-api.md#webhooks): every 5 seconds, on every instance.
  const stopWebhooks = startWebhookDeliveryJob({
    db: database.db,
    box,
    WEBHOOK_ALLOW_PRIVATE_URLS: config.WEBHOOK_ALLOW_PRIVATE_URLS,
    isProduction: config.isProduction,
    onError: (err) => app.log.error({ err }, 'sending webhooks failed'),
  });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    clearInterval(housekeeping);
    clearInterval(overdueTimer);
    await stopReminders();
    await stopPaymentReminders();
    await stopBilling();
    await stopSeries();
    await stopHolds();
    await stopReviews();
    await stopWebhooks();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
  const lines = [
    '',
    `Tradebook is running at ${config.appUrl}  (database: ${where})`,
  ];
  if (config.SEED_DEMO) {
    lines.push(
      seeded ? 'Demo data created.' : 'Demo data present.',
      `Sign in at ${config.appUrl}/login with one of: ${Object.values(DEMO_ACCOUNTS).join(', ')}`,
    );
  }
  if (outboxIsLocalDelivery(config)) lines.push(`Sign-in codes are delivered to the outbox (readable from this machine only): ${config.appUrl}/dev/outbox`);
  lines.push(
    `API documentation (readable from this machine only): ${config.appUrl}/api/docs`,
    `Prometheus metrics (${config.METRICS_TOKEN ? 'with the METRICS_TOKEN bearer token' : 'readable from this machine only'}): ${config.appUrl}/metrics`,
    '',
  );
  console.log(lines.join('\n'));
}

main().catch((err) => {
  // A setting to fix is said in one line; anything else with its stack.
  console.error(err instanceof AppSecretError ? `Tradebook cannot start: ${err.message}` : err);
  process.exit(1);
});
