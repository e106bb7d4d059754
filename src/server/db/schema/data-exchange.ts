// Data in and out (docs/rules/data-exchange.md): spreadsheet imports, and the accounting exports an accountant takes
// each month with what each one contained, so the next one does not repeat it.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, instant, tenantReference } from './columns';
import { organizations, users } from './identity';

const organizationId = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/** What an import brings in. */
export type ImportKind = 'customers' | 'inventory_items' | 'services' | 'vendors';

/** What an import does with a row matching a record already there. */
export type ImportDuplicates = 'skip' | 'update' | 'create';

/**
 * An uploaded spreadsheet, kept from upload through mapping and preview to the one transaction that brings it in.
 * The file's bytes stay until the import is done or abandoned (a job clears old ones).
 */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    organizationId: organizationId(),
    kind: text('kind').$type<ImportKind>().notNull(),
    fileName: text('file_name').notNull(),
    /** text/csv or the XLSX type. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** The file's bytes; null once the import is done or abandoned. */
    data: bytea('data'),
    /** The header row as read, in order. */
    columns: jsonb('columns').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    rowCount: integer('row_count').notNull().default(0),
    /** Field -> column header, as last previewed or imported. */
    mapping: jsonb('mapping').$type<Record<string, string | null>>(),
    duplicates: text('duplicates').$type<ImportDuplicates>(),
    /** uploaded, importing, completed, failed. */
    status: text('status').$type<'uploaded' | 'importing' | 'completed' | 'failed'>().notNull().default('uploaded'),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: instant('completed_at'),
  },
  (t) => [unique('imports_org_id_key').on(t.organizationId, t.id), index('imports_org_created_idx').on(t.organizationId, t.createdAt)],
);

/** The accounts and tax codes an organization's accounting exports use, set once. */
export interface StoredAccountMapping {
  /** Income account for invoice lines (e.g. "Sales" or "200"). */
  incomeAccount: string;
  /** Accounts receivable account. */
  receivablesAccount: string;
  /** Where received payments are deposited (e.g. "Undeposited Funds" or "090"). */
  depositAccount: string;
  /** Sales tax liability account (the QuickBooks formats post tax to it). */
  salesTaxAccount?: string;
  /** Tax code or name by key: a tax rate id, rate ids joined by `+` (a line carrying several), or `manual`. */
  taxCodes: Record<string, string>;
  /** The code used for lines without tax. */
  noTaxCode: string;
}

export const accountingSettings = pgTable('accounting_settings', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** qbo_csv, qbo_iif or xero_csv. */
  format: text('format').$type<'qbo_csv' | 'qbo_iif' | 'xero_csv'>().notNull().default('qbo_csv'),
  mapping: jsonb('mapping').$type<StoredAccountMapping>(),
  updatedAt: instant('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export const accountingExports = pgTable(
  'accounting_exports',
  {
    id: id(),
    organizationId: organizationId(),
    format: text('format').$type<'qbo_csv' | 'qbo_iif' | 'xero_csv'>().notNull(),
    /** The period, as dates in the organization's zone (inclusive). */
    periodFrom: text('period_from').notNull(),
    periodTo: text('period_to').notNull(),
    /** Counts of what it contained, by kind. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    /** The files as produced (a zip or one file), so the same export can be downloaded again. */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [unique('accounting_exports_org_id_key').on(t.organizationId, t.id), index('accounting_exports_org_created_idx').on(t.organizationId, t.createdAt)],
);

/** A record an accounting export contained: each record goes into one export only (the primary key). */
export const accountingExportItems = pgTable(
  'accounting_export_items',
  {
    organizationId: organizationId(),
    /** invoice, payment, credit_note or refund. */
    recordType: text('record_type').$type<'invoice' | 'payment' | 'credit_note' | 'refund'>().notNull(),
    recordId: integer('record_id').notNull(),
    exportId: integer('export_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'accounting_export_items_pkey', columns: [t.organizationId, t.recordType, t.recordId] }),
    index('accounting_export_items_export_idx').on(t.organizationId, t.exportId),
    tenantReference('accounting_export_items_export_fk', t.organizationId, t.exportId, accountingExports).onDelete('cascade'),
  ],
);
