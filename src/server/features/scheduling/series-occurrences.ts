// The visits an RFC 5545 rule gives, as wall-clock times of the organization (docs/rules/scheduling.md#repeating-visits).
// The rule is expanded "floating": wall-clock times stand in as UTC instants, so 9:00 stays 9:00 whatever the zone's
// offset that day; each time is turned into an instant in the zone only when it is booked.
import { createRequire } from 'node:module';
import type * as RRuleModule from 'rrule';
import { addMinutes, instantOf, normalize, wallClockAt } from '../../platform/wall-clock';

// rrule's Node build is CommonJS whose names an ES import cannot see (the server bundle fails on `import { RRule }`).
const { RRule } = createRequire(import.meta.url)('rrule') as typeof RRuleModule;
type RRule = InstanceType<typeof RRule>;

const asFloating = (wall: string) => new Date(`${normalize(wall)}Z`);
const fromFloating = (d: Date) => d.toISOString().slice(0, 19);

function ruleOf(rule: string, startsAt: string): RRule {
  return new RRule({ ...RRule.parseString(rule), dtstart: asFloating(startsAt) });
}

/** The rule's wall-clock starts in [from, to), in order (the first visit is always the rule's own start). */
export function occurrencesBetween(rule: string, startsAt: string, from: string, to: string): string[] {
  if (normalize(to) <= normalize(from)) return [];
  return ruleOf(rule, startsAt)
    .between(asFloating(from), asFloating(to), true)
    .map(fromFloating)
    .filter((wall) => wall < normalize(to));
}

/** How many of the rule's visits start before `before` (to carry a COUNT over to a continuation). */
export function countBefore(rule: string, startsAt: string, before: string): number {
  return ruleOf(rule, startsAt).between(asFloating(startsAt), asFloating(before), true).filter((d) => fromFloating(d) < normalize(before)).length;
}

/** Whether the rule has a visit at or after `from`. */
export function hasOccurrenceFrom(rule: string, startsAt: string, from: string): boolean {
  return ruleOf(rule, startsAt).after(asFloating(from), true) !== null;
}

/**
 * Where a visit of the rule is booked. A time the spring-forward change skips (2:30 on such a night) is taken with
 * the offset before the gap, as RFC 5545 3.3.5 says: 2:30 becomes 3:30.
 */
export function bookableWall(wall: string, timeZone: string): string {
  if (instantOf(wall, timeZone)) return normalize(wall);
  const before = instantOf(addMinutes(wall, -180), timeZone);
  if (!before) return normalize(wall);
  return wallClockAt(new Date(before.getTime() + 180 * 60_000), timeZone);
}
