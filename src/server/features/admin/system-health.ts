// System Health of the super user dashboard (docs/rules/organizations-and-roles.md#system-health: "from a real check (database reachable and migrated,
// outbox and reminder backlog): Excellent, Degraded or Down").
//
// - Down: the database does not answer, or it lacks a committed migration (the app cannot work correctly).
// - Degraded: mail or reminders are falling behind:
//   * outbox: the outbox has no queue; a row is written once SMTP or Twilio has answered, so an unsent row is a
//     failed delivery that nothing retries. OUTBOX_FAILURES or more failures within the last OUTBOX_WINDOW_MINUTES
//     mean the transport is failing (a single bad address is reported but does not degrade the system, and an old
//     incident stops counting once the window has passed).
//   * reminders: the reminder job runs every minute and retries a failure on the next runs, so a pending reminder
//     more than REMINDER_LATE_MINUTES past its due time means the job is not running or cannot keep up.
// - Excellent: everything above passes.
import { and, count, eq, gte, lt, notInArray } from 'drizzle-orm';
import type { HealthCheck, SystemHealth } from '../../../contracts/admin';
import type { Database } from '../../db/client';
import { isMigrated } from '../../db/migrate';
import { appointmentReminders, outbox } from '../../db/schema/index';

export const HEALTH_THRESHOLDS = {
  outboxWindowMinutes: 60,
  outboxFailures: 3,
  reminderLateMinutes: 10,
} as const;

const MINUTE = 60_000;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

async function databaseCheck(database: Database): Promise<HealthCheck> {
  try {
    await database.query('SELECT 1');
    return { id: 'database', label: 'Database', ok: true, detail: 'Reachable' };
  } catch (err) {
    return { id: 'database', label: 'Database', ok: false, detail: `Not reachable: ${err instanceof Error ? err.message : String(err)}` };
  }
}

async function migrationsCheck(database: Database): Promise<HealthCheck> {
  const ok = await isMigrated(database).catch(() => false);
  return ok
    ? { id: 'migrations', label: 'Database migrations', ok: true, detail: 'All migrations applied' }
    : { id: 'migrations', label: 'Database migrations', ok: false, detail: 'Migrations are missing: the database schema is older than this version of the app' };
}

async function outboxCheck(database: Database, now: Date): Promise<HealthCheck> {
  const since = new Date(now.getTime() - HEALTH_THRESHOLDS.outboxWindowMinutes * MINUTE);
  const [row] = await database.db
    .select({ n: count() })
    .from(outbox)
    // A text not sent because its number answered STOP is the customer's choice, not a failure (docs/rules/messaging.md#sms-opt-outs).
    .where(and(gte(outbox.createdAt, since), notInArray(outbox.status, ['sent', 'stored', 'opted_out'])));
  const failed = Number(row?.n ?? 0);
  const ok = failed < HEALTH_THRESHOLDS.outboxFailures;
  const detail =
    failed === 0
      ? 'No failed e-mail or SMS deliveries in the last hour'
      : `${plural(failed, 'e-mail or SMS delivery', 'e-mail or SMS deliveries')} failed in the last hour` +
        (ok ? ` (below the alert threshold of ${HEALTH_THRESHOLDS.outboxFailures})` : '');
  return { id: 'outbox', label: 'E-mail and SMS outbox', ok, detail };
}

async function remindersCheck(database: Database, now: Date): Promise<HealthCheck> {
  const late = new Date(now.getTime() - HEALTH_THRESHOLDS.reminderLateMinutes * MINUTE);
  const [row] = await database.db
    .select({ n: count() })
    .from(appointmentReminders)
    .where(and(eq(appointmentReminders.status, 'pending'), lt(appointmentReminders.dueAt, late)));
  const overdue = Number(row?.n ?? 0);
  return {
    id: 'reminders',
    label: 'Appointment reminders',
    ok: overdue === 0,
    detail:
      overdue === 0
        ? 'No reminders waiting past their time'
        : `${plural(overdue, 'reminder is', 'reminders are')} more than ${HEALTH_THRESHOLDS.reminderLateMinutes} minutes overdue`,
  };
}

/** A backlog query that fails counts against the backlog, not as an outage of the whole check. */
async function guarded(id: 'outbox' | 'reminders', label: string, run: () => Promise<HealthCheck>): Promise<HealthCheck> {
  try {
    return await run();
  } catch (err) {
    return { id, label, ok: false, detail: `Could not be checked: ${err instanceof Error ? err.message : String(err)}` };
  }
}

export async function checkSystemHealth(database: Database, now = new Date()): Promise<SystemHealth> {
  const db = await databaseCheck(database);
  const checkedAt = now.toISOString();
  if (!db.ok) {
    return { status: 'Down', checkedAt, checks: [db, { id: 'migrations', label: 'Database migrations', ok: false, detail: 'Not checked: the database is not reachable' }] };
  }
  const checks = [
    db,
    await migrationsCheck(database),
    await guarded('outbox', 'E-mail and SMS outbox', () => outboxCheck(database, now)),
    await guarded('reminders', 'Appointment reminders', () => remindersCheck(database, now)),
  ];
  const down = checks.some((c) => (c.id === 'database' || c.id === 'migrations') && !c.ok);
  const status = down ? 'Down' : checks.every((c) => c.ok) ? 'Excellent' : 'Degraded';
  return { status, checkedAt, checks };
}
