// Asking a customer for a review once their job is done (docs/rules/messaging.md#review-requests): the organization's
// settings, shared by the server and the Organization screen's form.
import { z } from 'zod';

export const REVIEW_CHANNELS = ['sms_then_email', 'email', 'sms'] as const;
export type ReviewChannel = (typeof REVIEW_CHANNELS)[number];

export const REVIEW_CHANNEL_LABELS: Record<ReviewChannel, string> = {
  sms_then_email: 'Text message, else e-mail',
  email: 'E-mail only',
  sms: 'Text message only',
};

export const REVIEW_LIMITS = {
  link: 500,
  message: 480,
  delayMinutesMax: 10_080,
  defaultDelayMinutes: 60,
} as const;

/** What the message may name, as {name} or {{name}}. */
export const REVIEW_VARIABLES = ['customerName', 'organizationName', 'reviewLink'] as const;

export const DEFAULT_REVIEW_MESSAGE = 'Thank you for choosing {organizationName}! Could you take a minute to tell others how we did? {reviewLink}';

export const REVIEW_MESSAGES = {
  linkRequired: "Enter your review page's address to turn review requests on",
  linkHttps: 'The review link must be an https:// address',
  linkTooLong: `The review link must be at most ${REVIEW_LIMITS.link} characters`,
  delay: `Minutes must be a whole number from 0 to ${REVIEW_LIMITS.delayMinutesMax.toLocaleString('en-US')}`,
  channel: 'Choose text message, e-mail, or text message then e-mail',
  messageTooLong: `The message must be at most ${REVIEW_LIMITS.message} characters`,
  saved: 'Review request settings saved',
  saveFailed: 'Failed to save review request settings',
} as const;

/** An https URL with a host; anything else (http, mailto, a bare word) is refused. */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** PUT /api/review-requests/settings: the whole settings object. */
export const reviewRequestSettingsBodySchema = z
  .object({
    enabled: z.boolean({ error: 'Enabled must be true or false' }),
    link: z
      .string({ error: REVIEW_MESSAGES.linkHttps })
      .trim()
      .max(REVIEW_LIMITS.link, REVIEW_MESSAGES.linkTooLong)
      .nullable()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || isHttpsUrl(v), REVIEW_MESSAGES.linkHttps),
    delayMinutes: z.number({ error: REVIEW_MESSAGES.delay }).int(REVIEW_MESSAGES.delay).min(0, REVIEW_MESSAGES.delay).max(REVIEW_LIMITS.delayMinutesMax, REVIEW_MESSAGES.delay),
    channel: z.enum(REVIEW_CHANNELS, { error: REVIEW_MESSAGES.channel }),
    /** Null (or blank) for our words, DEFAULT_REVIEW_MESSAGE. */
    message: z
      .string({ error: 'Message must be text' })
      .trim()
      .max(REVIEW_LIMITS.message, REVIEW_MESSAGES.messageTooLong)
      .nullable()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (v.enabled && !v.link) ctx.addIssue({ code: 'custom', path: ['link'], message: REVIEW_MESSAGES.linkRequired });
  });
export type ReviewRequestSettingsBody = z.infer<typeof reviewRequestSettingsBodySchema>;

export const reviewRequestSettingsSchema = z.object({
  enabled: z.boolean(),
  link: z.string().nullable(),
  delayMinutes: z.number().int(),
  channel: z.enum(REVIEW_CHANNELS),
  message: z.string().nullable(),
  /** The words sent when `message` is null. */
  defaultMessage: z.string(),
  variables: z.array(z.string()),
});
export type ReviewRequestSettings = z.infer<typeof reviewRequestSettingsSchema>;
