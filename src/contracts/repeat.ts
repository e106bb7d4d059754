// Repeating visits (docs/rules/scheduling.md#repeating-visits): the form's choice, the RFC 5545 rule it becomes, and
// the sentence both sides show. The rule is over the organization's wall clock, so a visit at 9:00 stays at 9:00
// across a daylight-saving change.
import { z } from 'zod';
import { calendarDateSchema } from './dates';

export const REPEAT_LIMITS = {
  maxInterval: 12,
  maxCount: 200,
  /** Days ahead for which a series' visits exist at any time (made ahead, extended daily). */
  horizonDays: 120,
} as const;

export const REPEAT_MESSAGES = {
  interval: `Every 1 to ${REPEAT_LIMITS.maxInterval}`,
  count: `Between 2 and ${REPEAT_LIMITS.maxCount} visits`,
  endsOnce: 'Choose an end date or a number of visits, not both',
  untilBefore: 'The end date must be on or after the first visit',
  weekdays: 'Choose the days of the week',
  notRepeating: 'This visit does not repeat',
  repeatNeedsFollowing: "Changing how a visit repeats applies to it and the following visits: send applyTo 'following'",
} as const;

export const REPEAT_UNITS = ['week', 'month'] as const;
export const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const ORDINALS = ['first', 'second', 'third', 'fourth'] as const;

export const repeatSchema = z
  .object({
    unit: z.enum(REPEAT_UNITS, { error: 'Repeat weekly or monthly' }),
    interval: z.number({ error: REPEAT_MESSAGES.interval }).int(REPEAT_MESSAGES.interval).min(1, REPEAT_MESSAGES.interval).max(REPEAT_LIMITS.maxInterval, REPEAT_MESSAGES.interval),
    /** Weekly: days of the week (0 Sunday to 6 Saturday); left out, the first visit's day. */
    weekdays: z
      .array(z.number().int().min(0).max(6), { error: REPEAT_MESSAGES.weekdays })
      .min(1, REPEAT_MESSAGES.weekdays)
      .max(7, REPEAT_MESSAGES.weekdays)
      .refine((d) => new Set(d).size === d.length, REPEAT_MESSAGES.weekdays)
      .optional(),
    /** Monthly: on the first visit's day of the month ('day', the 29th to 31st becoming the month's last day when it is shorter) or on its weekday of the month ('weekday': the 2nd Tuesday; a 5th becomes the last). */
    monthlyOn: z.enum(['day', 'weekday'], { error: "Monthly on 'day' or 'weekday'" }).optional(),
    /** Last day a visit may fall on, inclusive. */
    until: calendarDateSchema.nullish(),
    /** Visits in all, the first included. */
    count: z.number({ error: REPEAT_MESSAGES.count }).int(REPEAT_MESSAGES.count).min(2, REPEAT_MESSAGES.count).max(REPEAT_LIMITS.maxCount, REPEAT_MESSAGES.count).nullish(),
  })
  .superRefine((r, ctx) => {
    if (r.until && r.count) ctx.addIssue({ code: 'custom', path: ['count'], message: REPEAT_MESSAGES.endsOnce });
  });
export type Repeat = z.infer<typeof repeatSchema>;

/** Whether an edit or cancellation of a repeating visit is for it alone or for it and every later one. */
export const APPLY_TO = ['this', 'following'] as const;
export type ApplyTo = (typeof APPLY_TO)[number];
export const applyToSchema = z.enum(APPLY_TO, { error: "applyTo must be 'this' or 'following'" });

export const seriesSchema = z.object({
  id: z.number().int(),
  /** The RFC 5545 RRULE value, e.g. FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=10. */
  rule: z.string(),
  /** "Every 2 weeks on Tuesday, 10 visits". */
  summary: z.string(),
});
export type Series = z.infer<typeof seriesSchema>;

function weekdayOfDate(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

const compact = (date: string) => date.replaceAll('-', '');

/** The RRULE value for a choice, given the first visit's date ('YYYY-MM-DD'). */
export function ruleFor(repeat: Repeat, firstDate: string): string {
  const parts = [`FREQ=${repeat.unit === 'week' ? 'WEEKLY' : 'MONTHLY'}`, `INTERVAL=${repeat.interval}`];
  const day = Number(firstDate.slice(8, 10));
  if (repeat.unit === 'week') {
    const days = repeat.weekdays?.length ? [...repeat.weekdays].sort((a, b) => a - b) : [weekdayOfDate(firstDate)];
    parts.push(`BYDAY=${days.map((d) => WEEKDAY_CODES[d]).join(',')}`);
  } else if (repeat.monthlyOn === 'weekday') {
    const nth = Math.ceil(day / 7);
    parts.push(`BYDAY=${nth >= 5 ? -1 : nth}${WEEKDAY_CODES[weekdayOfDate(firstDate)]}`);
  } else if (day >= 29) {
    // "The 31st" in a 30-day month is its 30th: the last of the candidate days each month has.
    parts.push(`BYMONTHDAY=${Array.from({ length: day - 27 }, (_, i) => 28 + i).join(',')}`, 'BYSETPOS=-1');
  } else {
    parts.push(`BYMONTHDAY=${day}`);
  }
  if (repeat.count) parts.push(`COUNT=${repeat.count}`);
  if (repeat.until) parts.push(`UNTIL=${compact(repeat.until)}T235959`);
  return parts.join(';');
}

function ruleParts(rule: string): Map<string, string> {
  return new Map(rule.split(';').map((p) => p.split('=') as [string, string]));
}

/** The choice a rule came from (the form shows it when a repeating visit is edited). */
export function repeatOf(rule: string): Repeat {
  const p = ruleParts(rule);
  const byDay = p.get('BYDAY');
  const until = p.get('UNTIL');
  const repeat: Repeat = {
    unit: p.get('FREQ') === 'MONTHLY' ? 'month' : 'week',
    interval: Number(p.get('INTERVAL') ?? 1),
    until: until ? `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}` : null,
    count: p.get('COUNT') ? Number(p.get('COUNT')) : null,
  };
  if (repeat.unit === 'week' && byDay) repeat.weekdays = byDay.split(',').map((c) => WEEKDAY_CODES.indexOf(c as (typeof WEEKDAY_CODES)[number]));
  if (repeat.unit === 'month') repeat.monthlyOn = byDay ? 'weekday' : 'day';
  return repeat;
}

function listWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function readableDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** "Every 2 weeks on Tuesday and Thursday, 10 visits", "Monthly on the last Friday, until Dec 31, 2027". */
export function describeRule(rule: string): string {
  const p = ruleParts(rule);
  const interval = Number(p.get('INTERVAL') ?? 1);
  const monthly = p.get('FREQ') === 'MONTHLY';
  const unit = monthly ? 'month' : 'week';
  let text = interval === 1 ? (monthly ? 'Monthly' : 'Weekly') : `Every ${interval} ${unit}s`;
  const byDay = p.get('BYDAY');
  const byMonthDay = p.get('BYMONTHDAY');
  if (!monthly && byDay) {
    text += ` on ${listWords(byDay.split(',').map((c) => WEEKDAY_NAMES[WEEKDAY_CODES.indexOf(c as (typeof WEEKDAY_CODES)[number])]))}`;
  } else if (monthly && byDay) {
    const m = /^(-?\d)([A-Z]{2})$/.exec(byDay);
    if (m) text += ` on the ${m[1] === '-1' ? 'last' : ORDINALS[Number(m[1]) - 1]} ${WEEKDAY_NAMES[WEEKDAY_CODES.indexOf(m[2] as (typeof WEEKDAY_CODES)[number])]}`;
  } else if (monthly && byMonthDay) {
    const days = byMonthDay.split(',');
    const last = Number(days[days.length - 1]);
    text += days.length > 1 ? ` on day ${last} (or the month's last day)` : ` on day ${last}`;
  }
  const count = p.get('COUNT');
  const until = p.get('UNTIL');
  if (count) text += `, ${count} visits`;
  else if (until) text += `, until ${readableDate(`${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`)}`;
  return text;
}

/** The same rule ending with the visit before `beforeDate` (its UNTIL the day before), for "this and following". */
export function ruleEndingBefore(rule: string, beforeDate: string): string {
  const [y, m, d] = beforeDate.split('-').map(Number);
  const dayBefore = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
  const kept = rule.split(';').filter((part) => !part.startsWith('COUNT=') && !part.startsWith('UNTIL='));
  return [...kept, `UNTIL=${compact(dayBefore)}T235959`].join(';');
}

/** The same rule with its COUNT replaced (the visits a continuation still has to make). */
export function ruleWithCount(rule: string, count: number | null): string {
  const kept = rule.split(';').filter((part) => !part.startsWith('COUNT='));
  return count === null ? kept.join(';') : [...kept, `COUNT=${count}`].join(';');
}

/**
 * A form's "Repeats" fields as typed (selects and text boxes), before they become a `repeat`: the job dialog's
 * Schedule visit form nests them under `repeat` and checks them with `checkRepeatFields`.
 */
export const repeatFieldsSchema = z.object({
  repeatKind: z.enum(['none', 'week', 'month-day', 'month-weekday']),
  repeatEvery: z.string(),
  repeatEnds: z.enum(['never', 'on', 'after']),
  repeatUntil: z.string(),
  repeatCount: z.string(),
});
export type RepeatFieldValues = z.infer<typeof repeatFieldsSchema>;

/** The same limits as `repeatSchema`, reported on the field that breaks them; `firstDate` is the first visit's day. */
export function checkRepeatFields(v: RepeatFieldValues, firstDate: string, ctx: z.RefinementCtx, at: PropertyKey[] = []): void {
  if (v.repeatKind === 'none') return;
  const every = Number(v.repeatEvery);
  if (!/^\d+$/.test(v.repeatEvery) || every < 1 || every > REPEAT_LIMITS.maxInterval) ctx.addIssue({ code: 'custom', path: [...at, 'repeatEvery'], message: REPEAT_MESSAGES.interval });
  const count = Number(v.repeatCount);
  if (v.repeatEnds === 'after' && (!/^\d+$/.test(v.repeatCount) || count < 2 || count > REPEAT_LIMITS.maxCount)) ctx.addIssue({ code: 'custom', path: [...at, 'repeatCount'], message: REPEAT_MESSAGES.count });
  if (v.repeatEnds === 'on' && (!v.repeatUntil || (firstDate && v.repeatUntil < firstDate))) ctx.addIssue({ code: 'custom', path: [...at, 'repeatUntil'], message: REPEAT_MESSAGES.untilBefore });
}
