// What happened to an estimate since it was sent (docs/rules/records.md#estimate-form): sent, viewed, the customer's
// answers (of every version) and the conversion, oldest first.
import type { Estimate, EstimateResponse } from '@contracts/estimates';

export type TimelineEvent =
  | { kind: 'sent'; at: string }
  | { kind: 'viewed'; at: string }
  | { kind: 'converted'; at: string }
  | { kind: 'response'; at: string; response: EstimateResponse };

export function approvalTimeline(estimate: Pick<Estimate, 'sentAt' | 'viewedAt' | 'convertedAt' | 'responses'>): TimelineEvent[] {
  const events: TimelineEvent[] = [
    ...estimate.responses.map((response): TimelineEvent => ({ kind: 'response', at: response.createdAt, response })),
  ];
  if (estimate.sentAt) events.push({ kind: 'sent', at: estimate.sentAt });
  if (estimate.viewedAt) events.push({ kind: 'viewed', at: estimate.viewedAt });
  if (estimate.convertedAt) events.push({ kind: 'converted', at: estimate.convertedAt });
  // Stable: equal times keep sent, viewed, answer, converted in the order they happen.
  const rank = { sent: 0, viewed: 1, response: 2, converted: 3 } as const;
  return events.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || rank[a.kind] - rank[b.kind]);
}

/** The valid-until date has passed (the quote is valid through that day's end, UTC): it cannot be sent until changed. */
export function pastValidUntil(validUntil: string | null, now = new Date()): boolean {
  if (!validUntil) return false;
  const end = new Date(validUntil);
  if (Number.isNaN(end.getTime())) return false;
  end.setUTCHours(23, 59, 59, 999);
  return end.getTime() < now.getTime();
}
