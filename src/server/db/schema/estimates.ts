// Estimates (quotes) and their line items.
import { index, integer, numeric, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money, tenantReference } from './columns';
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
  },
  (t) => [
    tenantReference('estimate_line_items_estimate_fk', t.organizationId, t.estimateId, estimates).onDelete('cascade'),
    index('estimate_line_items_parent_idx').on(t.organizationId, t.estimateId, t.sortOrder),
  ],
);
