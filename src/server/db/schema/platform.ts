// Rows the platform itself keeps: rate-limit counters, the outbox, notifications, the audit log, uploads.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, instant } from './columns';
import { organizations, users } from './identity';

/** Fixed-window counters kept in the database so every app instance sees the same limits. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: instant('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/** Every e-mail and SMS the app sends; without SMTP/Twilio settings this is where they stay. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    /** Attachment metadata (file name, content type, size); the bytes are not kept. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; size: number }[]>(),
    transport: text('transport').notNull().default('outbox'),
    status: text('status').notNull().default('stored'),
    error: text('error'),
    providerId: text('provider_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('outbox_org_id_key').on(t.organizationId, t.id),
    index('outbox_created_idx').on(t.createdAt), index('outbox_org_idx').on(t.organizationId, t.createdAt),
    // A reply goes to the organization that last texted the number (docs/rules/messaging.md#conversations): one
    // probe however large the outbox, for a number never texted too.
    index('outbox_sms_to_idx').on(t.to, t.createdAt, t.id).where(sql`${t.channel} = 'sms'`),
  ],
);

/** Bell items, one row per recipient user. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link'),
    entityType: text('entity_type'),
    entityId: integer('entity_id'),
    readAt: instant('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.organizationId, t.userId, t.readAt, t.createdAt),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** The person at the keyboard (the super user while impersonating). */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The user the actor was acting as, when impersonating. */
    asUserId: integer('as_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: integer('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_org_idx').on(t.organizationId, t.createdAt)],
);

/** Uploaded files (logos), kept in the database so app instances stay stateless. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    data: bytea('data').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_org_idx').on(t.organizationId)],
);
