// Credit notes: corrections to a sent invoice, numbered CN-00001 per organization, never edited or deleted
// (docs/rules/records.md#credit-notes).
import { index, integer, numeric, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, money, pricedDocumentColumns, pricedLineColumns, tenantReference } from './columns';
import { customers } from './customers';
import { organizations, users } from './identity';
import { invoices } from './invoices';

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** CN-00001, from number_counters like invoice numbers. */
    creditNoteNumber: text('credit_note_number').notNull(),
    invoiceId: integer('invoice_id').notNull(),
    customerId: integer('customer_id').notNull(),
    reason: text('reason').notNull(),
    subtotal: money('subtotal').notNull(),
    tax: money('tax').notNull().default('0'),
    total: money('total').notNull(),
    ...pricedDocumentColumns(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('credit_notes_org_id_key').on(t.organizationId, t.id),
    uniqueIndex('credit_notes_org_number_key').on(t.organizationId, t.creditNoteNumber),
    // A credited invoice or its customer is never deleted alone: the books keep both. NO ACTION rather than RESTRICT,
    // checked at the statement's end, so deleting a whole organization (which cascades to all three) still works.
    tenantReference('credit_notes_invoice_fk', t.organizationId, t.invoiceId, invoices).onDelete('no action'),
    tenantReference('credit_notes_customer_fk', t.organizationId, t.customerId, customers).onDelete('no action'),
    index('credit_notes_org_invoice_idx').on(t.organizationId, t.invoiceId),
    index('credit_notes_org_created_idx').on(t.organizationId, t.createdAt, t.id),
  ],
);

export const creditNoteLineItems = pgTable(
  'credit_note_line_items',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    creditNoteId: integer('credit_note_id').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'string' }).notNull().default('1'),
    rate: money('rate').notNull().default('0'),
    amount: money('amount').notNull().default('0'),
    sortOrder: integer('sort_order').notNull().default(0),
    ...pricedLineColumns(),
  },
  (t) => [
    tenantReference('credit_note_line_items_note_fk', t.organizationId, t.creditNoteId, creditNotes).onDelete('cascade'),
    index('credit_note_line_items_parent_idx').on(t.organizationId, t.creditNoteId, t.sortOrder),
  ],
);
