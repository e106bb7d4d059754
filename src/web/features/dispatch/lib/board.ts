// The board's arithmetic (docs/rules/team.md#dispatch-board): the hours a day shows, where a card sits, what a drop
// changes. Wall-clock strings only ('YYYY-MM-DD', 'HH:MM'), never Date, since the times are the organization's.
import { DISPATCH_LIMITS, type DispatchAppointment, type DispatchStaff } from '@contracts/dispatch';

export const SLOT = DISPATCH_LIMITS.slotMinutes;
/** The day view shows at least 7:00 to 19:00, wider when someone's hours or an appointment reach further. */
const DAY_START = 7 * 60;
const DAY_END = 19 * 60;

export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** 'YYYY-MM-DD' plus n days. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** 0 = Sunday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** 'Tue, Mar 3' for a column head; with `long`, 'Tuesday, March 3, 2026'. */
export function dayLabel(date: string, long = false): string {
  const [y, m, d] = date.split('-').map(Number);
  const options: Intl.DateTimeFormatOptions = long
    ? { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }
    : { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', options);
}

/** '13:30' -> '1:30 PM'; on the hour, with `short`, '1 PM'. */
export function timeText(time: string, short = false): string {
  const [h, m] = time.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  const suffix = h < 12 ? 'AM' : 'PM';
  return short && m === 0 ? `${hour} ${suffix}` : `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

export const timeOfStart = (start: string) => start.slice(11, 16);
export const dateOfStart = (start: string) => start.slice(0, 10);

/** The minutes a day view spans, in whole hours. */
export function dayWindow(date: string, staff: readonly DispatchStaff[], appointments: readonly DispatchAppointment[]): { start: number; end: number } {
  let start = DAY_START;
  let end = DAY_END;
  for (const person of staff) {
    const h = person.hours.find((d) => d.date === date);
    if (!h?.enabled) continue;
    start = Math.min(start, minutesOf(h.start));
    end = Math.max(end, minutesOf(h.end));
  }
  for (const a of appointments) {
    if (dateOfStart(a.start) !== date) continue;
    const from = minutesOf(timeOfStart(a.start));
    start = Math.min(start, from);
    end = Math.max(end, Math.min(24 * 60, from + a.duration));
  }
  return { start: Math.floor(start / 60) * 60, end: Math.min(24 * 60, Math.ceil(end / 60) * 60) };
}

/** The drop cells' start times, every SLOT minutes. */
export function slotTimes(window: { start: number; end: number }): string[] {
  const times: string[] = [];
  for (let m = window.start; m < window.end; m += SLOT) times.push(hhmm(m));
  return times;
}

/** Whether the cell [time, time + SLOT) lies outside the person's hours that day, or on their time off. */
export function isOffHours(person: DispatchStaff, date: string, time: string): boolean {
  const h = person.hours.find((d) => d.date === date);
  const from = minutesOf(time);
  if (!h?.enabled || from < minutesOf(h.start) || from + SLOT > minutesOf(h.end)) return true;
  const cellStart = `${date}T${time}:00`;
  const cellEnd = `${date}T${hhmm(from + SLOT)}:00`;
  return person.timeOff.some((t) => t.startsAt < cellEnd && t.endsAt > cellStart);
}

/** A card's place in a day row: left and width as fractions of the window. */
export function placement(a: DispatchAppointment, window: { start: number; end: number }): { left: number; width: number } {
  const span = window.end - window.start;
  const from = Math.max(window.start, minutesOf(timeOfStart(a.start)));
  const to = Math.min(window.end, minutesOf(timeOfStart(a.start)) + a.duration);
  return { left: (from - window.start) / span, width: Math.max(to - from, SLOT / 2) / span };
}

/** Each person's appointments, in time order. */
export function byPerson(appointments: readonly DispatchAppointment[]): Map<number, DispatchAppointment[]> {
  const map = new Map<number, DispatchAppointment[]>();
  for (const a of appointments) for (const p of a.assignees) map.set(p.id, [...(map.get(p.id) ?? []), a]);
  return map;
}

/** Assigned appointments none of whose people is on the board (someone who left the team): shown with the unassigned. */
export function orphans(appointments: readonly DispatchAppointment[], staff: readonly DispatchStaff[]): DispatchAppointment[] {
  const ids = new Set(staff.map((s) => s.id));
  return appointments.filter((a) => !a.assignees.some((p) => ids.has(p.id)));
}

/** The people after a drop: the one it was dragged from replaced by the one dropped on, the others kept. */
export function movedAssignees(current: readonly number[], from: number | null, to: number): number[] {
  if (from !== null && current.includes(from)) return [...new Set(current.map((id) => (id === from ? to : id)))];
  return current.includes(to) ? [...current] : [...current, to];
}

/** When a job dropped on a whole day (the week view) starts: the person's first hour that day, else 9:00. */
export function dayStartFor(person: DispatchStaff, date: string): string {
  const h = person.hours.find((d) => d.date === date);
  return h?.enabled ? h.start : '09:00';
}

/** The first day of the week view that holds `date`: its Sunday, as on the Scheduling screen. */
export function weekStart(date: string): string {
  return addDays(date, -weekdayOf(date));
}

/** '1 h 30 min', '45 min'. */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}
