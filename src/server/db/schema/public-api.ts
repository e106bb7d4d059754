// The public API (docs/rules/public-api.md): an organization's API keys, and its outbound webhooks with the events
// they carry and every delivery of each (written in the transaction of the change, sent by a job: an outbox).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, tenantReference } from './columns';
import { organizations, users } from './identity';

const organizationId = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** An API key: shown once, kept as a hash; it acts with its permissions in its organization. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    /** The key's first characters, shown in lists so a key can be recognised ("tb_7Hq2…"). */
    prefix: text('prefix').notNull(),
    /** SHA-256 (hex) of the whole key; the key itself is never stored. */
    secretHash: text('secret_hash').notNull(),
    /** Permissions from the role table (contracts/permissions.ts). */
    permissions: jsonb('permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The admin who made it; the key's writes are attributed to them. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: instant('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('api_keys_org_id_key').on(t.organizationId, t.id),
    uniqueIndex('api_keys_secret_hash_key').on(t.secretHash),
    index('api_keys_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** The events a webhook endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'customer.created',
  'estimate.approved',
  'invoice.sent',
  'invoice.paid',
  'payment.refunded',
  'appointment.booked',
  'appointment.changed',
  'appointment.cancelled',
  'work_order.completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    organizationId: organizationId(),
    url: text('url').notNull(),
    description: text('description'),
    events: jsonb('events').$type<WebhookEventType[]>().notNull().default(sql`'[]'::jsonb`),
    /** The signing secret, sealed (platform/secret-box.ts). */
    secret: text('secret').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [unique('webhook_endpoints_org_id_key').on(t.organizationId, t.id), index('webhook_endpoints_org_idx').on(t.organizationId, t.createdAt)],
);

/** Something that happened, as sent to subscribers: written in the same transaction as the change itself. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    organizationId: organizationId(),
    type: text('type').$type<WebhookEventType>().notNull(),
    /** The record it is about ("invoice", 42): deliveries about one record go out in order. */
    recordType: text('record_type').notNull(),
    recordId: integer('record_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('webhook_events_org_id_key').on(t.organizationId, t.id), index('webhook_events_org_created_idx').on(t.organizationId, t.createdAt)],
);

/** One event to one endpoint: tried until it answers 2xx, with backoff, for a day. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    organizationId: organizationId(),
    endpointId: integer('endpoint_id').notNull(),
    eventId: integer('event_id').notNull(),
    /** "invoice:42": an endpoint gets a record's events one after another, in the order they happened. */
    recordKey: text('record_key').notNull(),
    /** pending (to try, or to try again), succeeded, failed (gave up after a day). */
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** Until when it is claimed by a sender (a crashed sender's claim lapses). */
    claimedUntil: instant('claimed_until'),
    lastAttemptAt: instant('last_attempt_at'),
    responseStatus: integer('response_status'),
    /** The start of the endpoint's answer (at most 2 KB). */
    responseBody: text('response_body'),
    error: text('error'),
    deliveredAt: instant('delivered_at'),
    /** A delivery sent again by hand names the one it repeats (no key: the original may be cleared first). */
    replayOf: integer('replay_of'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('webhook_deliveries_org_id_key').on(t.organizationId, t.id),
    tenantReference('webhook_deliveries_endpoint_fk', t.organizationId, t.endpointId, webhookEndpoints).onDelete('cascade'),
    tenantReference('webhook_deliveries_event_fk', t.organizationId, t.eventId, webhookEvents).onDelete('cascade'),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_order_idx').on(t.organizationId, t.endpointId, t.recordKey, t.id).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.organizationId, t.endpointId, t.id),
  ],
);
