// Invoices and their line items.
import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money, pricedDocumentColumns, pricedLineColumns, setNullOnly, tenantReference } from './columns';
import { customers } from './customers';
import { estimates } from './estimates';
import { organizations } from './identity';
import { recurringInvoices } from './recurring-invoices';
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
    customerId: integer('customer_id').notNull(),
    workOrderId: integer('work_order_id'),
    estimateId: integer('estimate_id'),
    status: text('status').notNull().default('draft'),
    subtotal: money('subtotal').notNull().default('0'),
    /** The invoice form sends tax as null. */
    tax: money('tax').default('0'),
    total: money('total').notNull().default('0'),
    /**
     * The sum of the invoice's completed payments, kept by the database itself: triggers on payments add each
     * change in the payment's own transaction (drizzle/0010_invoice_amount_paid.sql), so no code path can forget it.
     * Balances and owed figures read it instead of summing payments (docs/decisions/022-speed-without-a-cache.md).
     * Wider than a money column: several payments may add up to more than one amount's limit.
     */
    amountPaid: numeric('amount_paid', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0'),
    /**
     * The quote's deposits carried onto this invoice when it was converted (docs/rules/quote-approval.md#deposits):
     * a draft whose only payments are these stays editable (docs/rules/records.md#locked-invoices).
     */
    depositApplied: money('deposit_applied').notNull().default('0'),
    /**
     * The sum of the invoice's credit notes, added by the credit-note service in the note's own transaction with the
     * invoice row locked (credit notes are never edited or deleted). What the customer owes is total less amount_paid
     * less amount_credited (docs/rules/records.md#credit-notes).
     */
    amountCredited: numeric('amount_credited', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0'),
    /** Set when the invoice is voided: it keeps its number and record but owes nothing (docs/rules/records.md#voiding). */
    voidedAt: instant('voided_at'),
    voidReason: text('void_reason'),
    dueDate: instant('due_date'),
    paidDate: instant('paid_date'),
    /**
     * When its latest completed payment was received, or later: kept by the triggers on payments with amount_paid,
     * it never moves back, so no completed payment of the invoice was received after it. The dashboard finds the
     * owed invoices paid towards since an instant by it (docs/decisions/023-organization-figures.md).
     */
    lastPaymentAt: instant('last_payment_at'),
    notes: text('notes'),
    ...pricedDocumentColumns(),
    /** The recurring invoice that made it, and the period's date: unique together, so each period is billed once. */
    recurringInvoiceId: integer('recurring_invoice_id'),
    recurringDate: text('recurring_date'),
    /**
     * Auto-pay (docs/rules/money-and-payments.md#auto-pay): 'due' when issued to a customer who pays automatically (set by
     * a trigger on every path to sent), 'charging' while one job run holds it, then 'charged', 'declined' or 'no_card'.
     */
    autoPayState: text('auto_pay_state').$type<'due' | 'charging' | 'charged' | 'declined' | 'no_card'>(),
    autoPayNote: text('auto_pay_note'),
    /** A 'charging' claim's end: a run stopped mid-charge is retried after it (the charge's idempotency key makes that safe). */
    autoPayLockedUntil: instant('auto_pay_locked_until'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('invoices_org_id_key').on(t.organizationId, t.id),
    tenantReference('invoices_customer_fk', t.organizationId, t.customerId, customers).onDelete('restrict'),
    tenantReference('invoices_work_order_fk', t.organizationId, t.workOrderId, workOrders).onDelete(setNullOnly(t.workOrderId)),
    tenantReference('invoices_estimate_fk', t.organizationId, t.estimateId, estimates).onDelete(setNullOnly(t.estimateId)),
    uniqueIndex('invoices_org_number_key').on(t.organizationId, t.invoiceNumber),
    // With the creation instant, so a search's "invoices of the customers named" reads the index alone to order them.
    index('invoices_org_customer_idx').on(t.organizationId, t.customerId, t.createdAt),
    index('invoices_org_status_due_idx').on(t.organizationId, t.status, t.dueDate),
    // With what the reports' status summary reads, so it is an index-only scan of the range (features/reports).
    index('invoices_org_created_idx').on(t.organizationId, t.createdAt, t.status, t.dueDate, t.total),
    index('invoices_org_work_order_idx').on(t.organizationId, t.workOrderId),
    index('invoices_org_estimate_idx').on(t.organizationId, t.estimateId),
    tenantReference('invoices_recurring_fk', t.organizationId, t.recurringInvoiceId, recurringInvoices).onDelete(setNullOnly(t.recurringInvoiceId)),
    uniqueIndex('invoices_recurring_period_key').on(t.organizationId, t.recurringInvoiceId, t.recurringDate),
    index('invoices_auto_pay_due_idx').on(t.autoPayState).where(sql`${t.autoPayState} in ('due', 'charging')`),
    // Owed invoices by due date, with what their figures need, so Pending Invoices, Outstanding Balance and the aging
    // totals are index-only aggregates and an aging bucket's page a walk that stops (docs/decisions/021-aging-report-paging.md).
    index('invoices_org_owed_due_idx')
      .on(t.organizationId, t.dueDate, t.id, t.status, t.total, t.amountPaid, t.amountCredited, t.createdAt)
      .where(sql`${t.status} in ('sent', 'overdue')`),
    // Owed-status invoices by creation with what their balance needs: the dashboard's "owed a month ago" subtracts those
    // created since from the kept owed figure (docs/decisions/023-organization-figures.md).
    index('invoices_org_unpaid_created_idx')
      .on(t.organizationId, t.createdAt, t.total, t.amountPaid, t.amountCredited)
      .where(sql`${t.status} in ('sent', 'overdue')`),
    // Owed-status invoices by their latest payment: those paid towards since the dashboard's comparison instant.
    index('invoices_org_unpaid_last_payment_idx')
      .on(t.organizationId, t.lastPaymentAt, t.createdAt)
      .where(sql`${t.status} in ('sent', 'overdue')`),
    // Paid invoices by when they were paid: the dashboard's "owed a month ago" reads only those paid since, and the
    // reports' revenue and top customers read a range of it alone.
    index('invoices_org_paid_at_idx')
      .on(t.organizationId, sql`coalesce(${t.paidDate}, ${t.updatedAt})`, t.createdAt, t.total, t.amountPaid, t.customerId)
      .where(sql`${t.status} = 'paid'`),
  ],
);

export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'string' }).notNull().default('1'),
    rate: money('rate').notNull().default('0'),
    amount: money('amount').notNull().default('0'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...pricedLineColumns(),
  },
  (t) => [
    tenantReference('invoice_line_items_invoice_fk', t.organizationId, t.invoiceId, invoices).onDelete('cascade'),
    index('invoice_line_items_parent_idx').on(t.organizationId, t.invoiceId, t.sortOrder),
  ],
);
