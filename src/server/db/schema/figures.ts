// Per-organization figures kept as they change, so the dashboard's cards and the customers list's total read a few
// rows instead of counting an organization's history (docs/decisions/023-organization-figures.md).
import { bigint, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { organizations } from './identity';

/**
 * Rows of differences: triggers on customers, work orders and invoices insert one row per organization and changing
 * statement (never update one, so concurrent writers never wait on each other), and a figure is the sum of its
 * organization's rows. Compaction folds an organization's rows into one (features/figures/organization-figures.ts).
 */
export const organizationFigures = pgTable(
  'organization_figures',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    // bigint: every changing statement takes one, for as long as the installation runs.
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    customers: integer('customers').notNull().default(0),
    /** Work orders scheduled or in progress (contracts/dashboard.ts ACTIVE_WORK_ORDER_STATUSES). */
    activeWorkOrders: integer('active_work_orders').notNull().default(0),
    /** Owed invoices (documents/balance-due.ts isOwedSql): sent or overdue, with a balance left. */
    owedInvoices: integer('owed_invoices').notNull().default(0),
    /** Their balances due (total less amount_paid). */
    owedBalance: numeric('owed_balance', { precision: 16, scale: 2, mode: 'string' }).notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'organization_figures_pkey', columns: [t.organizationId, t.id] })],
);
