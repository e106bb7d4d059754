// Takes due reminder rows for one worker. Several app instances run the job against one database; a row locked
// by one (FOR UPDATE SKIP LOCKED while claiming, locked_until afterwards) is invisible to the others.
import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointmentReminders } from '../../db/schema/index';

/** How long a claim lasts: a worker killed mid-batch holds its rows this long, then another retries them. */
export const CLAIM_MS = 2 * 60_000;
/** Sending attempts before a reminder is given up as failed (docs/rules/scheduling.md#reminder-sending). */
export const MAX_ATTEMPTS = 3;

export interface ClaimedReminder {
  id: number;
  organizationId: number;
  appointmentId: number;
  reminderType: 'email' | 'sms';
  reminderTiming: number;
  /** The claim's expiry as written by this worker: whoever holds the row holds exactly this value. */
  lockedUntil: Date;
}

/**
 * A batch is sent one by one, so a slow transport could outlast the claim of the batch's last rows. Just before
 * each send the claim is renewed, but only if it is still this worker's: a row another worker took meanwhile is
 * left to it. Returns the renewed claim, or null when the row is no longer ours (or no longer pending).
 */
export async function renewClaim(db: Db, reminder: ClaimedReminder, now: Date): Promise<ClaimedReminder | null> {
  const r = appointmentReminders;
  const lockedUntil = new Date(now.getTime() + CLAIM_MS);
  const [row] = await db
    .update(r)
    .set({ lockedUntil })
    .where(and(eq(r.id, reminder.id), eq(r.status, 'pending'), eq(r.lockedUntil, reminder.lockedUntil)))
    .returning({ id: r.id });
  return row ? { ...reminder, lockedUntil } : null;
}

export async function claimDueReminders(db: Db, now: Date, batch: number): Promise<ClaimedReminder[]> {
  return db.transaction(async (tx) => {
    const r = appointmentReminders;
    const rows = await tx
      .select({ id: r.id, organizationId: r.organizationId, appointmentId: r.appointmentId, reminderType: r.reminderType, reminderTiming: r.reminderTiming })
      .from(r)
      .where(and(eq(r.status, 'pending'), lte(r.dueAt, now), or(isNull(r.lockedUntil), lte(r.lockedUntil, now)), lt(r.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(r.dueAt), asc(r.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    const lockedUntil = new Date(now.getTime() + CLAIM_MS);
    await tx
      .update(r)
      .set({ lockedUntil })
      .where(inArray(r.id, rows.map((row) => row.id)));
    return rows.map((row) => ({ ...row, lockedUntil }));
  });
}
