// Messages sent from the Messaging screen, their per-recipient deliveries, and reusable templates.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, setNullOnly, tenantReference } from './columns';
import { organizations, users } from './identity';
import { outbox } from './platform';

export const messages = pgTable(
  'messages',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    content: text('content').notNull(),
    /** E-mail addresses (type email) or phone numbers (type sms). */
    recipients: jsonb('recipients').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    type: text('type').notNull().default('email'),
    status: text('status').notNull().default('draft'),
    createdAt: createdAt(),
    sentDate: instant('sent_date'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('messages_org_id_key').on(t.organizationId, t.id),
    index('messages_org_created_idx').on(t.organizationId, t.createdAt),
    index('messages_org_status_idx').on(t.organizationId, t.status),
  ],
);

/** One row per recipient of a sent message, with the outcome of handing it to mail/SMS. */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').notNull(),
    recipient: text('recipient').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull().default('pending'),
    error: text('error'),
    outboxId: integer('outbox_id'),
    sentAt: instant('sent_at'),
  },
  (t) => [
    tenantReference('message_deliveries_message_fk', t.organizationId, t.messageId, messages).onDelete('cascade'),
    tenantReference('message_deliveries_outbox_fk', t.organizationId, t.outboxId, outbox).onDelete(setNullOnly(t.outboxId)),
    index('message_deliveries_org_message_idx').on(t.organizationId, t.messageId),
  ],
);

export const messageTemplates = pgTable(
  'message_templates',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull().default('email'),
    subject: text('subject'),
    content: text('content').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    unique('message_templates_org_id_key').on(t.organizationId, t.id),
    index('message_templates_org_name_idx').on(t.organizationId, t.name),
  ],
);
