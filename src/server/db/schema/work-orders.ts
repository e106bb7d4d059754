// Work orders (jobs) and their line items.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money, setNullOnly, tenantReference } from './columns';
import { customers } from './customers';
import { estimates } from './estimates';
import { organizations } from './identity';

export interface StoredSignOff {
  signerName: string;
  signature: { width: number; height: number; strokes: [number, number][][] };
  /** ISO instant. */
  signedAt: string;
  /** The staff member whose screen it was signed on. */
  takenById: number;
  takenByName: string;
}

export const workOrders = pgTable(
  'work_orders',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** WO-00001, assigned by the server from number_counters. */
    orderNumber: text('order_number').notNull(),
    // Restrict: deleting a customer must not silently take their jobs and billing history with it.
    customerId: integer('customer_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').notNull().default('scheduled'),
    startDate: instant('start_date'),
    dueDate: instant('due_date'),
    completedDate: instant('completed_date'),
    estimatedHours: numeric('estimated_hours', { precision: 10, scale: 2, mode: 'string' }),
    actualHours: numeric('actual_hours', { precision: 10, scale: 2, mode: 'string' }),
    /** The element shape is left open (docs/rules/records.md#work-order-form); stored as given. */
    materials: jsonb('materials').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    laborCost: money('labor_cost').notNull().default('0'),
    materialCost: money('material_cost').notNull().default('0'),
    totalCost: money('total_cost').notNull().default('0'),
    /** The approved quote this job was converted from (docs/rules/quote-approval.md#converting). */
    estimateId: integer('estimate_id'),
    /** The customer's acceptance of the finished job, signed on the technician's screen (docs/rules/team.md#sign-off). */
    signOff: jsonb('sign_off').$type<StoredSignOff>(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('work_orders_org_id_key').on(t.organizationId, t.id),
    tenantReference('work_orders_customer_fk', t.organizationId, t.customerId, customers).onDelete('restrict'),
    tenantReference('work_orders_estimate_fk', t.organizationId, t.estimateId, estimates).onDelete(setNullOnly(t.estimateId)),
    index('work_orders_org_estimate_idx').on(t.organizationId, t.estimateId),
    uniqueIndex('work_orders_org_number_key').on(t.organizationId, t.orderNumber),
    index('work_orders_org_customer_idx').on(t.organizationId, t.customerId),
    index('work_orders_org_status_due_idx').on(t.organizationId, t.status, t.dueDate),
    // With what the reports' work-order figures read, so they are an index-only scan of the range (features/reports).
    index('work_orders_org_created_idx').on(t.organizationId, t.createdAt, t.status, t.totalCost),
    // The dashboard's active jobs (counts, the newest five) and the jobs that ended after an instant, without
    // reading the rest of the organization's work orders (docs/decisions/022-speed-without-a-cache.md).
    index('work_orders_org_active_created_idx')
      .on(t.organizationId, t.createdAt, t.id)
      .where(sql`${t.status} in ('scheduled', 'in_progress')`),
    index('work_orders_org_ended_idx')
      .on(t.organizationId, sql`coalesce(${t.completedDate}, ${t.updatedAt})`, t.createdAt)
      .where(sql`${t.status} in ('completed', 'cancelled')`),
  ],
);

/** The work order's `lineItems` list (docs/rules/records.md#line-items), kept as rows rather than JSON. */
export const workOrderLineItems = pgTable(
  'work_order_line_items',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workOrderId: integer('work_order_id').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'string' }).notNull().default('1'),
    rate: money('rate').notNull().default('0'),
    amount: money('amount').notNull().default('0'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    tenantReference('work_order_line_items_work_order_fk', t.organizationId, t.workOrderId, workOrders).onDelete('cascade'),
    index('work_order_line_items_parent_idx').on(t.organizationId, t.workOrderId, t.sortOrder),
  ],
);
