// How the team screen words hours and time off (docs/rules/team.md#hours-and-time-off). Both are the organization's
// wall clock: they are formatted as text, never passed through the browser's zone.
import type { StaffMember, TimeOff } from '@contracts/team';
import { label12h } from '@/lib/time-labels';

type DayHours = StaffMember['hours'][number];

/** Seven days from Sunday, as the contract orders them. */
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** A working week reads from Monday. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const hhmm = (value: string) => value.slice(0, 5);

/** Positions in WEEK_ORDER as runs: three or more in a row 'Mon–Fri', else each named ('Sat, Sun'). */
function dayList(positions: number[]): string {
  const runs: number[][] = [];
  for (const p of positions) {
    const run = runs.at(-1);
    if (run && run.at(-1) === p - 1) run.push(p);
    else runs.push([p]);
  }
  const name = (p: number) => SHORT_DAYS[WEEK_ORDER[p]];
  return runs.map((run) => (run.length >= 3 ? `${name(run[0])}–${name(run[run.length - 1])}` : run.map(name).join(', '))).join(', ');
}

/** One part per working window, Monday first: ['Mon–Fri 9:00 AM–5:00 PM', 'Sat 10:00 AM–2:00 PM']; ['No working days'] when none. */
export function hoursParts(hours: readonly DayHours[]): string[] {
  const windows: { start: string; end: string; positions: number[] }[] = [];
  WEEK_ORDER.forEach((day, position) => {
    const h = hours[day];
    if (!h?.enabled) return;
    const start = hhmm(h.start);
    const end = hhmm(h.end);
    const window = windows.find((w) => w.start === start && w.end === end);
    if (window) window.positions.push(position);
    else windows.push({ start, end, positions: [position] });
  });
  if (windows.length === 0) return ['No working days'];
  return windows.map((w) => `${dayList(w.positions)} ${label12h(w.start)}–${label12h(w.end)}`);
}

/** The parts in one line: 'Mon–Fri 9:00 AM–5:00 PM; Sat 10:00 AM–2:00 PM'. */
export const hoursSummary = (hours: readonly DayHours[]): string => hoursParts(hours).join('; ');

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DDTHH:MM[:SS]' as its calendar day ('Mon, Jun 1, 2026') and its 12-hour time. */
function wallParts(value: string): { day: string; date: string; time: string } {
  const [date, time = '00:00'] = value.split('T');
  return { date, day: dayFormat.format(new Date(`${date}T00:00:00Z`)), time: label12h(hhmm(time)) };
}

/** 'Mon, Jun 1, 2026, 9:00 AM – 5:00 PM', or both days when it spans more than one. */
export function timeOffRange(entry: Pick<TimeOff, 'startsAt' | 'endsAt'>): string {
  const from = wallParts(entry.startsAt);
  const to = wallParts(entry.endsAt);
  if (from.date === to.date) return `${from.day}, ${from.time} – ${to.time}`;
  return `${from.day}, ${from.time} – ${to.day}, ${to.time}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A datetime-local input's value ('YYYY-MM-DDTHH:MM') for `hhmm` on the day `daysAhead` from today here. */
export function localDateTimeInput(daysAhead: number, time: string, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + daysAhead);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${time}`;
}
