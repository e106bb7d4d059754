// Invoices and their line items.
import { index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money } from './columns';
import { customers } from './customers';
import { estimates } from './estimates';
import { organizations } from './identity';
import { workOrders } from './work-orders';

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** INV-00001, assigned by the server from number_counters. */
    invoiceNumber: text('invoice_number').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    workOrderId: integer('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    estimateId: integer('estimate_id').references(() => estimates.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('draft'),
    subtotal: money('subtotal').notNull().default('0'),
    /** The invoice form sends tax as null. */
    tax: money('tax').default('0'),
    total: money('total').notNull().default('0'),
    dueDate: instant('due_date'),
    paidDate: instant('paid_date'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('invoices_org_number_key').on(t.organizationId, t.invoiceNumber),
    index('invoices_org_customer_idx').on(t.organizationId, t.customerId),
    index('invoices_org_status_due_idx').on(t.organizationId, t.status, t.dueDate),
    index('invoices_org_created_idx').on(t.organizationId, t.createdAt),
    index('invoices_org_work_order_idx').on(t.organizationId, t.workOrderId),
    index('invoices_org_estimate_idx').on(t.organizationId, t.estimateId),
  ],
);

export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'string' }).notNull().default('1'),
    rate: money('rate').notNull().default('0'),
    amount: money('amount').notNull().default('0'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('invoice_line_items_parent_idx').on(t.organizationId, t.invoiceId, t.sortOrder)],
);
