// Recurring invoices (docs/rules/money-and-payments.md#recurring-invoices): the schedule and the lines each period's invoice
// is made from. The invoices it made carry recurring_invoice_id and their period's date, unique together.
import { boolean, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money, setNullOnly, tenantReference } from './columns';
import { customers } from './customers';
import { organizations } from './identity';
import { workOrders } from './work-orders';

export interface RecurringLine {
  description: string;
  quantity: string;
  rate: string;
  discountType: 'percent' | 'amount' | null;
  discountValue: string | null;
  taxRateIds: number[];
}

export const recurringInvoices = pgTable(
  'recurring_invoices',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').notNull(),
    workOrderId: integer('work_order_id'),
    title: text('title').notNull(),
    notes: text('notes'),
    lineItems: jsonb('line_items').$type<RecurringLine[]>().notNull(),
    discountType: text('discount_type').$type<'percent' | 'amount'>(),
    discountValue: money('discount_value'),
    frequency: text('frequency').$type<'weekly' | 'monthly' | 'quarterly' | 'yearly'>().notNull(),
    interval: integer('interval').notNull().default(1),
    /** Calendar days ('YYYY-MM-DD') in the organization's zone. */
    startDate: text('start_date').notNull(),
    endDate: text('end_date'),
    maxCount: integer('max_count'),
    dueDays: integer('due_days').notNull().default(30),
    sendEmail: boolean('send_email').notNull().default(true),
    status: text('status').$type<'active' | 'paused' | 'ended'>().notNull().default('active'),
    /** Periods billed so far: the next period is periodDate(schedule, generated_count). */
    generatedCount: integer('generated_count').notNull().default(0),
    nextDate: text('next_date'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('recurring_invoices_org_id_key').on(t.organizationId, t.id),
    tenantReference('recurring_invoices_customer_fk', t.organizationId, t.customerId, customers).onDelete('restrict'),
    tenantReference('recurring_invoices_work_order_fk', t.organizationId, t.workOrderId, workOrders).onDelete(setNullOnly(t.workOrderId)),
    index('recurring_invoices_org_customer_idx').on(t.organizationId, t.customerId),
    // The job finds what is due across organizations.
    index('recurring_invoices_due_idx').on(t.status, t.nextDate),
  ],
);
