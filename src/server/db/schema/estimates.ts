// Estimates (quotes) and their line items.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money, pricedDocumentColumns, pricedLineColumns, tenantReference } from './columns';
import { customers } from './customers';
import { organizations } from './identity';

export const estimates = pgTable(
  'estimates',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** EST-00001, assigned by the server from number_counters. */
    estimateNumber: text('estimate_number').notNull(),
    customerId: integer('customer_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').notNull().default('draft'),
    subtotal: money('subtotal').notNull().default('0'),
    tax: money('tax').default('0'),
    total: money('total').notNull().default('0'),
    validUntil: instant('valid_until'),
    notes: text('notes'),
    /** Shown to the customer on the quote page and the PDF (docs/rules/quote-approval.md). */
    terms: text('terms'),
    /** A deposit the customer pays on approval: a percent of the total or a fixed amount (docs/rules/quote-approval.md#deposits). */
    depositType: text('deposit_type').$type<'percent' | 'fixed'>(),
    depositValue: money('deposit_value'),
    /** 1, then one more each time a new version replaces what the customer was sent; older ones are in estimate_versions. */
    version: integer('version').notNull().default(1),
    /** The public quote page's bearer token (/quote/{token}); set when first sent for approval, replaced by a new version. */
    approvalToken: text('approval_token'),
    sentAt: instant('sent_at'),
    /** First time the customer opened the current version. */
    viewedAt: instant('viewed_at'),
    convertedAt: instant('converted_at'),
    ...pricedDocumentColumns(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('estimates_org_id_key').on(t.organizationId, t.id),
    tenantReference('estimates_customer_fk', t.organizationId, t.customerId, customers).onDelete('restrict'),
    uniqueIndex('estimates_org_number_key').on(t.organizationId, t.estimateNumber),
    index('estimates_org_customer_idx').on(t.organizationId, t.customerId),
    index('estimates_org_status_idx').on(t.organizationId, t.status),
    index('estimates_org_created_idx').on(t.organizationId, t.createdAt),
    uniqueIndex('estimates_approval_token_key').on(t.approvalToken),
  ],
);

export const estimateLineItems = pgTable(
  'estimate_line_items',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    estimateId: integer('estimate_id').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'string' }).notNull().default('1'),
    rate: money('rate').notNull().default('0'),
    amount: money('amount').notNull().default('0'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** An optional item the customer may tick on the quote page; only selected ones count in the totals. */
    optional: boolean('optional').notNull().default(false),
    selected: boolean('selected').notNull().default(true),
    ...pricedLineColumns(),
  },
  (t) => [
    tenantReference('estimate_line_items_estimate_fk', t.organizationId, t.estimateId, estimates).onDelete('cascade'),
    index('estimate_line_items_parent_idx').on(t.organizationId, t.estimateId, t.sortOrder),
  ],
);

/** What the customer answered on the quote page: approved (signed), declined, or asked for changes. Never updated. */
export const estimateResponses = pgTable(
  'estimate_responses',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    estimateId: integer('estimate_id').notNull(),
    /** The estimate's version the customer answered. */
    version: integer('version').notNull(),
    kind: text('kind').$type<'approved' | 'declined' | 'changes_requested'>().notNull(),
    /** The typed name (approval), or null. */
    signerName: text('signer_name'),
    /** The drawn signature: strokes of [x, y] points in a box of width x height. */
    signature: jsonb('signature').$type<{ width: number; height: number; strokes: [number, number][][] }>(),
    /** The decline reason or the change request. */
    message: text('message'),
    /** The total the customer approved, with the optional items they ticked. */
    total: money('total'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('estimate_responses_org_id_key').on(t.organizationId, t.id),
    tenantReference('estimate_responses_estimate_fk', t.organizationId, t.estimateId, estimates).onDelete('cascade'),
    index('estimate_responses_estimate_idx').on(t.organizationId, t.estimateId, t.createdAt),
    // One approval per version: a second click, tab or device finds it taken.
    uniqueIndex('estimate_responses_one_approval').on(t.organizationId, t.estimateId, t.version).where(sql`kind = 'approved'`),
  ],
);

/** What each earlier version held when a new one replaced it (title, lines, totals, terms, status). */
export const estimateVersions = pgTable(
  'estimate_versions',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    estimateId: integer('estimate_id').notNull(),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    /** The replaced version's page token: its old link says a newer version exists instead of "not found". */
    approvalToken: text('approval_token'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('estimate_versions_token_key').on(t.approvalToken),
    tenantReference('estimate_versions_estimate_fk', t.organizationId, t.estimateId, estimates).onDelete('cascade'),
    uniqueIndex('estimate_versions_key').on(t.organizationId, t.estimateId, t.version),
  ],
);
