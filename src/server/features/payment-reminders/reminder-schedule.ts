// When an invoice's reminders fall due, and the quiet hours they wait out (docs/rules/money-and-payments.md#payment-reminders).
// Pure: the job and the tests compute with it.
import { addDays, wallClockAt, wallClockToInstant } from '../../platform/wall-clock';

/** Reminders go out at this wall-clock time of their day, in the organization's zone (or when its quiet hours end). */
export const SEND_AT = '09:00';

export interface QuietHours {
  start: string;
  end: string;
}

/** The invoice's due day: the calendar day its due date names (date-only due dates are stored as midnight UTC). */
export const dueDayOf = (dueDate: Date) => dueDate.toISOString().slice(0, 10);

/** The instant a step is due: SEND_AT on the due day plus `days`, in the zone. */
export function stepDueAt(dueDay: string, days: number, timeZone: string): Date {
  return wallClockToInstant(`${addDays(dueDay, days)}T${SEND_AT}:00`, timeZone);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a wall-clock time of day falls in the quiet hours (which may run over midnight). */
export function inQuietHours(hhmm: string, quiet: QuietHours): boolean {
  const t = minutesOf(hhmm);
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  return start < end ? t >= start && t < end : t >= start || t < end;
}

/** `now` if it is outside the quiet hours, else the instant they end (that day or the next). */
export function outsideQuietHours(now: Date, timeZone: string, quiet: QuietHours | null): Date {
  if (!quiet) return now;
  const wall = wallClockAt(now, timeZone);
  const time = wall.slice(11, 16);
  if (!inQuietHours(time, quiet)) return now;
  const day = wall.slice(0, 10);
  // Past the end time today means the quiet hours run over midnight and end tomorrow.
  const endDay = minutesOf(time) >= minutesOf(quiet.end) ? addDays(day, 1) : day;
  return wallClockToInstant(`${endDay}T${quiet.end}:00`, timeZone);
}

/** "due in 3 days", "due today", "7 days overdue", counted in calendar days in the zone. */
export function dueWhen(dueDay: string, now: Date, timeZone: string): string {
  const today = wallClockAt(now, timeZone).slice(0, 10);
  const days = Math.round((Date.parse(`${dueDay}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (days === 0) return 'due today';
  if (days > 0) return `due in ${days} day${days === 1 ? '' : 's'}`;
  return `${-days} day${days === -1 ? '' : 's'} overdue`;
}

export interface StepToPlan {
  days: number;
  channel: 'email' | 'sms';
  dueAt: Date;
}

/**
 * Which steps to write for an invoice now: every enabled step and channel already due, of which the latest per channel
 * is to be sent and the earlier ones are skipped (the job was off, or reminders were turned on late: the customer
 * gets one reminder, not a burst). `existing` names the step/channel pairs already written.
 */
export function stepsToPlan(
  steps: readonly { days: number; enabled: boolean; email: boolean; sms: boolean }[],
  dueDay: string,
  timeZone: string,
  now: Date,
  existing: ReadonlySet<string>,
): { send: StepToPlan[]; skip: StepToPlan[] } {
  const send: StepToPlan[] = [];
  const skip: StepToPlan[] = [];
  for (const channel of ['email', 'sms'] as const) {
    const due = steps
      .filter((s) => s.enabled && s[channel])
      .map((s) => ({ days: s.days, channel, dueAt: stepDueAt(dueDay, s.days, timeZone) }))
      .filter((s) => s.dueAt.getTime() <= now.getTime())
      .sort((a, b) => a.days - b.days);
    const latest = due.at(-1);
    for (const step of due) {
      if (existing.has(`${step.days}:${channel}`)) continue;
      (step === latest ? send : skip).push(step);
    }
  }
  return { send, skip };
}
