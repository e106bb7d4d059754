// The review requests form's schema (docs/decisions/015-one-form-pattern.md): the fields hold what the inputs show
// (the wait as the select's text, '' for no link or our words), and the whole object then goes through the contract's
// schema, so its rules (an https link, required to turn them on) and messages are the ones shown.
import { z } from 'zod';
import { REVIEW_CHANNELS, reviewRequestSettingsBodySchema, type ReviewRequestSettings } from '@contracts/review-requests';

export const reviewRequestFormSchema = z
  .object({
    enabled: z.boolean(),
    link: z.string(),
    delayMinutes: z.string(),
    channel: z.enum(REVIEW_CHANNELS),
    message: z.string(),
  })
  .transform((v): unknown => ({ ...v, link: v.link.trim() || null, delayMinutes: Number(v.delayMinutes), message: v.message.trim() || null }))
  .pipe(reviewRequestSettingsBodySchema);

export type ReviewRequestFormValues = z.input<typeof reviewRequestFormSchema>;

export const REVIEW_REQUEST_FIELDS = ['enabled', 'link', 'delayMinutes', 'channel', 'message'] as const;

export function reviewRequestFormValues(s: ReviewRequestSettings): ReviewRequestFormValues {
  return { enabled: s.enabled, link: s.link ?? '', delayMinutes: String(s.delayMinutes), channel: s.channel, message: s.message ?? '' };
}

/** The waits offered; a wait saved through the API that is not one of them is offered too. */
const WAITS: { minutes: number; label: string }[] = [
  { minutes: 0, label: 'Right away' },
  { minutes: 30, label: '30 minutes later' },
  { minutes: 60, label: '1 hour later' },
  { minutes: 120, label: '2 hours later' },
  { minutes: 240, label: '4 hours later' },
  { minutes: 1440, label: 'The next day' },
  { minutes: 2880, label: '2 days later' },
  { minutes: 10080, label: 'A week later' },
];

export function waitChoices(current: number): { value: string; label: string }[] {
  const known = WAITS.some((w) => w.minutes === current);
  const all = known ? WAITS : [...WAITS, { minutes: current, label: `${current.toLocaleString('en-US')} minutes later` }].sort((a, b) => a.minutes - b.minutes);
  return all.map((w) => ({ value: String(w.minutes), label: w.label }));
}
