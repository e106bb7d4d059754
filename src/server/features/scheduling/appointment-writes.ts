// Shared pieces of every appointment write: referenced records, the wall-clock time, the slot guard.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { parseLocalDateTime, SCHEDULING_DEFAULTS, SCHEDULING_MESSAGES } from '../../../contracts/scheduling';
import type { Mailer } from '../../adapters/mail/mailer';
import type { DbOrTx } from '../../db/client';
import { customers, services, workOrders } from '../../db/schema/index';
import { conflict, invalid, pgErrorCode } from '../../platform/errors';
import type { AfterCommit } from './after-commit';
import { releaseLapsedHolds } from './booking-holds';
import { anyBusy, heldRange, type Hold } from '../team/assignees';
import { addMinutes, instantOf } from '../../platform/wall-clock';

export interface MailDeps {
  mailer: Mailer;
  appUrl: string;
  mailFrom: string;
  /** Where the online booking's confirmation e-mail runs after its commit (after-commit.ts). */
  afterCommit: AfterCommit;
}

const fieldError = (path: string, message: string) => invalid(`${path}: ${message}`, [{ path, message }]);

export async function serviceOf(db: DbOrTx, organizationId: number, serviceId: number) {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.organizationId, organizationId)))
    .limit(1);
  if (!row) throw fieldError('serviceId', 'Service not found');
  return row;
}

export async function customerOf(db: DbOrTx, organizationId: number, customerId: number) {
  const [row] = await db
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.organizationId, organizationId)))
    .limit(1);
  if (!row) throw fieldError('customerId', 'Customer not found');
  return row;
}

export async function checkWorkOrder(db: DbOrTx, organizationId: number, workOrderId: number): Promise<void> {
  const [row] = await db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(and(eq(workOrders.id, workOrderId), eq(workOrders.organizationId, organizationId)))
    .limit(1);
  if (!row) throw fieldError('workOrderId', 'Work order not found');
}

/** 'YYYY-MM-DDTHH:MM:00' from the body's date (with or without its time) and separate time. */
export function wallClockOf(appointmentDate: string, appointmentTime?: string | null): string {
  const parsed = parseLocalDateTime(appointmentDate);
  if (!parsed) throw fieldError('appointmentDate', SCHEDULING_MESSAGES.dateRequired);
  const time = appointmentTime || parsed.time;
  if (!time) throw fieldError('appointmentTime', SCHEDULING_MESSAGES.timeRequired);
  return `${parsed.date}T${time}:00`;
}

/** Refuses a time already gone (or skipped by a daylight-saving change) in the organization's zone. */
export function checkNotPast(wall: string, timeZone: string, now = new Date()): void {
  const at = instantOf(wall, timeZone);
  if (!at) throw fieldError('appointmentTime', SCHEDULING_MESSAGES.timeSkipped);
  if (at.getTime() <= now.getTime()) throw fieldError('appointmentDate', SCHEDULING_MESSAGES.datePast);
}

export const defaultDuration = (service: { duration: number | null } | null) => service?.duration || SCHEDULING_DEFAULTS.appointmentDuration;

/** The calendar days (wall clock) a held range touches, first and last: one, or more past midnight. */
export function daysTouched(range: { start: string; end: string }): { first: string; last: string } {
  const lastMinute = range.end > range.start ? addMinutes(range.end, -1) : range.start;
  return { first: range.start.slice(0, 10), last: lastMinute.slice(0, 10) };
}

/** An appointment's time with its buffers, held for these people (docs/rules/team.md#no-double-booking). */
export interface SlotHold extends Hold {
  organizationId: number;
  userIds: readonly number[];
  /** The appointment being moved, which does not stand in its own way. */
  exceptId?: number;
}

/**
 * Writers of one organization's appointments on one calendar day take turns (a transaction-level advisory lock
 * per day the held time touches, taken in date order so two writers never wait on each other in a circle), so the
 * check below sees every committed neighbour and concurrent inserts never deadlock inside the exclusion
 * constraint. Two holds that overlap share a day, so their writers always meet on its lock; writers of other days
 * do not wait (one lock per organization made every booking of a busy page queue, docs/performance.md). The
 * constraint (appointment_assignees_no_overlap, 23P01) still stands behind any other writer; both answer the same
 * 409. Must run inside a transaction, and `write` must set the assignees.
 */
export async function guardSlot<T>(db: DbOrTx, hold: SlotHold, write: () => Promise<T>): Promise<T> {
  const range = heldRange(hold);
  await db.execute(sql`select count(pg_advisory_xact_lock(k.a, k.b)) from (${slotLockKeys(hold.organizationId, range)}) k`);
  // A booking whose hold lapsed no longer holds its time (docs/rules/scheduling.md#holding-a-booking): let it go first.
  await releaseLapsedHolds(db, hold.organizationId, range);
  if (await anyBusy(db, hold.organizationId, hold.userIds, range, hold.exceptId)) throw conflict(SCHEDULING_MESSAGES.slotTaken);
  return slotTakenAsConflict(write);
}

/** The keys (a, b) of the day locks guardSlot takes, in date order: a query for a statement's FROM. */
export function slotLockKeys(organizationId: number, range: { start: string; end: string }): SQL {
  const { first, last } = daysTouched(range);
  return sql`select hashtext('appointment_holds:' || to_char(d, 'YYYY-MM-DD')) as a, ${organizationId}::int as b from generate_series(${first}::date, ${last}::date, interval '1 day') d`;
}

/** Runs a write that may meet the exclusion constraint: a taken slot is the same 409 however it is found. */
export async function slotTakenAsConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    // 40P01: waiters on one conflicting slot can deadlock in the constraint check; the slot is taken all the same.
    const code = pgErrorCode(err);
    if (code === '23P01' || code === '40P01') throw conflict(SCHEDULING_MESSAGES.slotTaken);
    throw err;
  }
}
