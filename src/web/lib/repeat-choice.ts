// The appointment form's "Repeats" fields and the contract's repeat they become (docs/rules/scheduling.md#repeating-visits).
import { describeRule, repeatOf, ruleFor, type Repeat, type RepeatFieldValues } from '@contracts/repeat';

export type RepeatFields = RepeatFieldValues;
export type RepeatKind = RepeatFields['repeatKind'];
export type RepeatEnds = RepeatFields['repeatEnds'];

export const NO_REPEAT: RepeatFields = { repeatKind: 'none', repeatEvery: '1', repeatEnds: 'never', repeatUntil: '', repeatCount: '' };

/** The options of the Repeats select for a first visit on `date`, each named as the rule reads ("Monthly on the second Tuesday"). */
export function repeatOptions(date: string): { value: RepeatKind; label: string }[] {
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const named = (repeat: Repeat, fallback: string) => (valid ? describeRule(ruleFor(repeat, date)) : fallback);
  return [
    { value: 'none', label: 'Does not repeat' },
    { value: 'week', label: named({ unit: 'week', interval: 1 }, 'Weekly') },
    { value: 'month-day', label: named({ unit: 'month', interval: 1, monthlyOn: 'day' }, 'Monthly on the same day') },
    { value: 'month-weekday', label: named({ unit: 'month', interval: 1, monthlyOn: 'weekday' }, 'Monthly on the same weekday') },
  ];
}

/** The contract's repeat for the fields, or null for "Does not repeat". */
export function repeatFromFields(f: RepeatFields): Repeat | null {
  if (f.repeatKind === 'none') return null;
  return {
    unit: f.repeatKind === 'week' ? 'week' : 'month',
    interval: Number(f.repeatEvery) || 1,
    ...(f.repeatKind === 'month-weekday' ? { monthlyOn: 'weekday' as const } : f.repeatKind === 'month-day' ? { monthlyOn: 'day' as const } : {}),
    until: f.repeatEnds === 'on' ? f.repeatUntil : null,
    count: f.repeatEnds === 'after' ? Number(f.repeatCount) : null,
  };
}

/** The fields showing a series' rule (editing a repeating visit). */
export function fieldsFromRule(rule: string): RepeatFields {
  const r = repeatOf(rule);
  return {
    repeatKind: r.unit === 'week' ? 'week' : r.monthlyOn === 'weekday' ? 'month-weekday' : 'month-day',
    repeatEvery: String(r.interval),
    repeatEnds: r.count ? 'after' : r.until ? 'on' : 'never',
    repeatUntil: r.until ?? '',
    repeatCount: r.count ? String(r.count) : '',
  };
}
