// Two-way SMS (docs/rules/messaging.md#conversations): a thread per phone number, replies received through Twilio,
// opt-outs (STOP/START) of the installation's sending number, and review requests after a finished job.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, setNullOnly, tenantReference } from './columns';
import { customers } from './customers';
import { organizations, users } from './identity';
import { outbox } from './platform';
import { workOrders } from './work-orders';

const organizationId = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** One organization's SMS thread with one phone number (E.164), matched to a customer by phone when one has it. */
export const smsConversations = pgTable(
  'sms_conversations',
  {
    id: id(),
    organizationId: organizationId(),
    phone: text('phone').notNull(),
    customerId: integer('customer_id'),
    lastMessageAt: instant('last_message_at').notNull().defaultNow(),
    lastMessagePreview: text('last_message_preview'),
    /** Replies received since staff last opened the thread. */
    unreadCount: integer('unread_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('sms_conversations_org_id_key').on(t.organizationId, t.id),
    unique('sms_conversations_org_phone_key').on(t.organizationId, t.phone),
    tenantReference('sms_conversations_customer_fk', t.organizationId, t.customerId, customers).onDelete(setNullOnly(t.customerId)),
    index('sms_conversations_org_last_idx').on(t.organizationId, t.lastMessageAt),
  ],
);

export const smsConversationMessages = pgTable(
  'sms_conversation_messages',
  {
    id: id(),
    organizationId: organizationId(),
    conversationId: integer('conversation_id').notNull(),
    direction: text('direction').$type<'inbound' | 'outbound'>().notNull(),
    body: text('body').notNull(),
    /** inbound: received; outbound: stored (outbox), sent, failed, or opted_out (not sent). */
    status: text('status').notNull(),
    error: text('error'),
    /** Twilio's MessageSid: a webhook Twilio retries files its reply once. */
    providerId: text('provider_id'),
    outboxId: integer('outbox_id'),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('sms_conversation_messages_org_id_key').on(t.organizationId, t.id),
    tenantReference('sms_conversation_messages_conversation_fk', t.organizationId, t.conversationId, smsConversations).onDelete('cascade'),
    tenantReference('sms_conversation_messages_outbox_fk', t.organizationId, t.outboxId, outbox).onDelete(setNullOnly(t.outboxId)),
    uniqueIndex('sms_conversation_messages_provider_key').on(t.providerId),
    index('sms_conversation_messages_thread_idx').on(t.organizationId, t.conversationId, t.createdAt),
  ],
);

/**
 * Phone numbers that answered STOP to the installation's sending number (Twilio's own opt-out works per sending
 * number, so ours does too): no SMS goes to them until they answer START.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  optedOutAt: instant('opted_out_at').notNull().defaultNow(),
  /** The word they sent (STOP, UNSUBSCRIBE, …). */
  keyword: text('keyword').notNull(),
});

/** Asking a customer for a review once a job is done (optional, per organization). */
export const reviewRequestSettings = pgTable('review_request_settings', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** The review page (Google or any https URL). */
  link: text('link'),
  /** Minutes after the job is completed. */
  delayMinutes: integer('delay_minutes').notNull().default(60),
  /** sms_then_email: SMS when the customer has a phone that has not opted out, else e-mail. */
  channel: text('channel').$type<'sms_then_email' | 'email' | 'sms'>().notNull().default('sms_then_email'),
  message: text('message'),
  updatedAt: instant('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** One per job, ever (the unique key): completing a job again does not ask again. */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: id(),
    organizationId: organizationId(),
    workOrderId: integer('work_order_id').notNull(),
    dueAt: instant('due_at').notNull(),
    /** pending, sent, skipped (no way to reach the customer, or switched off), failed. */
    status: text('status').$type<'pending' | 'sent' | 'skipped' | 'failed'>().notNull().default('pending'),
    channel: text('channel'),
    error: text('error'),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('review_requests_org_work_order_key').on(t.organizationId, t.workOrderId),
    tenantReference('review_requests_work_order_fk', t.organizationId, t.workOrderId, workOrders).onDelete('cascade'),
    index('review_requests_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
  ],
);
