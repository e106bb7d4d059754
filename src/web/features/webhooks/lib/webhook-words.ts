// How the webhooks panel says things (docs/rules/public-api.md#webhooks-panel): an endpoint's events in a few words,
// and what its last delivery came to.
import { WEBHOOK_EVENTS, type WebhookEvent } from '@contracts/webhooks';

/** "All events", or the first two and how many more: "invoice.paid, invoice.sent +2". */
export function eventsSummary(events: readonly WebhookEvent[]): string {
  if (events.length === WEBHOOK_EVENTS.length) return 'All events';
  const shown = events.slice(0, 2).join(', ');
  return events.length > 2 ? `${shown} +${events.length - 2}` : shown;
}

/** The answer's status code, or what came instead of one. */
export function responseText(responseStatus: number | null, attempted: boolean): string {
  if (responseStatus !== null) return String(responseStatus);
  return attempted ? 'No answer' : 'Not tried yet';
}
