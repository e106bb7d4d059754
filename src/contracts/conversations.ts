// Two-way SMS (docs/rules/messaging.md#conversations): a thread per phone number on the Messaging screen, the replies
// Twilio brings back, staff answers, and the numbers that opted out (docs/rules/messaging.md#sms-opt-outs).
import { z } from 'zod';
import { formatPhone } from './format';
import { listQuerySchema } from './lists';

export const CONVERSATION_LIMITS = {
  /** Twilio's own ceiling for one message body (as Messaging's SMS). */
  body: 1600,
  /** Messages a thread shows: the latest ones, oldest first. */
  shownMessages: 200,
  /** The list's preview of the last message. */
  preview: 120,
} as const;

export const CONVERSATION_MESSAGES = {
  bodyRequired: 'Write a message',
  bodyTooLong: `A text message can be at most ${CONVERSATION_LIMITS.body.toLocaleString('en-US')} characters`,
  notFound: 'Conversation not found',
  customerNotFound: 'Customer not found',
  phoneOrCustomer: 'Choose a customer or enter a phone number',
  phone: 'Enter a phone number SMS can reach (10 digits, or + and the country code)',
  customerNoPhone: 'This customer has no mobile number SMS can reach',
  /** A send refused because the number answered STOP (409). */
  optedOut: 'This number has opted out of text messages (they replied STOP). Nothing was sent.',
  optedOutBadge: 'Opted out of SMS',
  replySent: 'Reply sent',
  replyFailed: 'Failed to send reply',
  empty: 'No conversations yet. Replies to your text messages appear here.',
} as const;

const INT_MAX = 2_147_483_647;

/** "(555) 555-0123" for a US/Canada number in E.164, the E.164 text for any other. */
export function phoneLabel(e164: string): string {
  return /^\+1\d{10}$/.test(e164) ? formatPhone(e164.slice(2)) : e164;
}

export const conversationIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(INT_MAX) });

export const conversationListQuerySchema = listQuerySchema.pick({ q: true, limit: true, offset: true, organizationId: true });
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

export const conversationBodySchema = z
  .string({ error: CONVERSATION_MESSAGES.bodyRequired })
  .trim()
  .min(1, CONVERSATION_MESSAGES.bodyRequired)
  .max(CONVERSATION_LIMITS.body, CONVERSATION_MESSAGES.bodyTooLong);

/** POST /api/conversations/{id}/messages: staff answer from the thread. */
export const replyBodySchema = z.object({ body: conversationBodySchema });
export type ReplyBody = z.infer<typeof replyBodySchema>;

/** POST /api/conversations: a first text to a customer (by their phone) or to a number. */
export const startConversationBodySchema = z
  .object({
    customerId: z.number({ error: 'Customer must be a customer id' }).int().positive().max(INT_MAX).nullish(),
    phone: z.string({ error: CONVERSATION_MESSAGES.phone }).trim().max(30, CONVERSATION_MESSAGES.phone).nullish(),
    body: conversationBodySchema,
    /** A super user names the organization; everyone else writes in their own. */
    organizationId: z.number({ error: 'Organization must be an organization id' }).int().positive().max(INT_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.customerId && !v.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: CONVERSATION_MESSAGES.phoneOrCustomer });
  });
export type StartConversationBody = z.infer<typeof startConversationBodySchema>;

export const CONVERSATION_DIRECTIONS = ['inbound', 'outbound'] as const;

/**
 * inbound: `received`; outbound: `stored` (the outbox is the delivery), `sent` (Twilio took it) or `failed` (with its
 * error). A send refused for an opt-out is not kept in the thread.
 */
export const conversationMessageSchema = z.object({
  id: z.number().int(),
  direction: z.enum(CONVERSATION_DIRECTIONS),
  body: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  /** Who wrote an answer from the thread; null for replies and for texts the app sent (reminders, messages). */
  sentByName: z.string().nullable(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  /** E.164: +15555550123. */
  phone: z.string(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  lastMessageAt: z.string(),
  lastMessagePreview: z.string().nullable(),
  unreadCount: z.number().int(),
  /** The number answered STOP: nothing can be sent to it until it answers START. */
  optedOut: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListSchema = z.array(conversationSchema);

/** GET /api/conversations/unread-count: how many threads have replies nobody has opened (the Conversations tab's badge). */
export const conversationUnreadCountSchema = z.object({ count: z.number().int() });
export type ConversationUnreadCount = z.infer<typeof conversationUnreadCountSchema>;

/** GET /api/conversations/{id}: the thread and its latest messages, oldest first. */
export const conversationDetailSchema = conversationSchema.extend({
  messages: z.array(conversationMessageSchema),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/** An answer from the thread, as it was recorded. */
export const replyResultSchema = z.object({ conversationId: z.number().int(), message: conversationMessageSchema });
export type ReplyResult = z.infer<typeof replyResultSchema>;

/** GET /api/customers/{id}/sms-opt-out: whether the customer's phone replied STOP (the customer's screens show it). */
export const customerSmsOptOutSchema = z.object({
  /** The phone as texts go to it (E.164); null when it is not a number SMS can reach. */
  phone: z.string().nullable(),
  optedOut: z.boolean(),
  optedOutAt: z.string().nullable(),
});
export type CustomerSmsOptOut = z.infer<typeof customerSmsOptOutSchema>;

// ---- The development outbox's "Reply as recipient" -------------------------------------------------

export const outboxReplyBodySchema = z.object({ body: conversationBodySchema });
export type OutboxReplyBody = z.infer<typeof outboxReplyBodySchema>;

/** What filing a reply did: filed in a thread, a repeat of one already filed, or no organization to file it under. */
export const outboxReplyResultSchema = z.object({
  outcome: z.enum(['filed', 'duplicate', 'dropped']),
  conversationId: z.number().int().nullable(),
  /** STOP or START words change the number's opt-out. */
  optOut: z.enum(['opted_out', 'opted_in']).nullable(),
});
export type OutboxReplyResult = z.infer<typeof outboxReplyResultSchema>;
