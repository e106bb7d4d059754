// The figures an organization keeps as its data changes (drizzle/0012_organization_figures.sql): read as the sum of its
// rows of differences, and compacted so that sum stays a few rows (docs/decisions/023-organization-figures.md).
import { sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { toCents } from '../../../contracts/money';
import { rowsOf, type DbOrTx } from '../../db/client';
import { organizationFigures } from '../../db/schema/index';
import { tenantWhere, type TenantScope } from '../../platform/tenancy';

export interface OrganizationFigures {
  customers: number;
  activeWorkOrders: number;
  owedInvoices: number;
  owedBalanceCents: number;
}

/** Rows an organization may gather before a read folds them into one. */
const COMPACT_ABOVE = 64;

/**
 * The kept figures of the scope (one organization, or every one for a super user's "all") as a one-row subquery:
 * customers, active_work_orders, owed_invoices (numbers), owed_balance (numeric text) and rows (how many rows of
 * differences were summed, for compactIfMany).
 */
export function keptFiguresSql(scope: TenantScope): SQL {
  return sql`(select
      coalesce(sum(${organizationFigures.customers}), 0)::int as customers,
      coalesce(sum(${organizationFigures.activeWorkOrders}), 0)::int as active_work_orders,
      coalesce(sum(${organizationFigures.owedInvoices}), 0)::int as owed_invoices,
      coalesce(sum(${organizationFigures.owedBalance}), 0)::text as owed_balance,
      count(*)::int as rows
    from ${organizationFigures} where ${tenantWhere(scope, organizationFigures)})`;
}

/** The figures of the scope, read as the sum of their rows of differences. */
export async function readOrganizationFigures(db: DbOrTx, scope: TenantScope): Promise<OrganizationFigures> {
  const [r] = await rowsOf<{ customers: number; active_work_orders: number; owed_invoices: number; owed_balance: string; rows: number }>(
    db,
    sql`select * from ${keptFiguresSql(scope)} as kept`,
  );
  if (scope.kind === 'organization') compactIfMany(db, scope.organizationId, Number(r?.rows ?? 0));
  return {
    customers: Number(r?.customers ?? 0),
    activeWorkOrders: Number(r?.active_work_orders ?? 0),
    owedInvoices: Number(r?.owed_invoices ?? 0),
    owedBalanceCents: toCents(r?.owed_balance ?? '0'),
  };
}

/** A read that summed many rows of differences folds them afterwards, so the next read sums few; it never waits. */
export function compactIfMany(db: DbOrTx, organizationId: number, rows: number): void {
  // Not on a transaction's handle: the fold would run after the transaction it belongs to has ended.
  if (rows > COMPACT_ABOVE && !(db instanceof PgTransaction)) compactLater(db, organizationId);
}

const compacting = new Set<number>();

function compactLater(db: DbOrTx, organizationId: number): void {
  if (compacting.has(organizationId)) return;
  compacting.add(organizationId);
  // Best effort: the rows stay correct unfolded, and the hourly housekeeping folds whatever is left.
  void compactOrganizationFigures(db, organizationId)
    .catch(() => {})
    .finally(() => compacting.delete(organizationId));
}

/**
 * Folds rows of differences into one row per organization (one organization, or all when none is given). The rows
 * folded are deleted and their sum inserted in one statement, so a reader sees the figures before or after, never
 * half; rows another compaction holds are skipped (SKIP LOCKED), so two compactions never wait for or double-count
 * each other. A row inserted meanwhile by a writer is simply left for the next time.
 */
export async function compactOrganizationFigures(db: DbOrTx, organizationId?: number): Promise<void> {
  const which = organizationId === undefined ? sql`true` : sql`${organizationFigures.organizationId} = ${organizationId}`;
  await db.execute(sql`
    with gone as (
      delete from ${organizationFigures} where (organization_id, id) in (
        select organization_id, id from ${organizationFigures} where ${which}
        and organization_id in (select organization_id from ${organizationFigures} where ${which} group by 1 having count(*) > 1)
        for update skip locked
      )
      returning organization_id, customers, active_work_orders, owed_invoices, owed_balance
    )
    insert into ${organizationFigures} (organization_id, customers, active_work_orders, owed_invoices, owed_balance)
    select organization_id, sum(customers), sum(active_work_orders), sum(owed_invoices), sum(owed_balance)
    from gone group by organization_id`);
}

/**
 * The figures worked out again from the data, one row per organization (after a restore, whose inserted rows the
 * triggers counted on top of the restored figures).
 */
export async function rederiveOrganizationFigures(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from ${organizationFigures}`);
  await db.execute(sql`
    insert into organization_figures (organization_id, customers, active_work_orders, owed_invoices, owed_balance)
    select o.id,
      (select count(*) from customers as c where c.organization_id = o.id),
      (select count(*) from work_orders as w where w.organization_id = o.id and w.status in ('scheduled', 'in_progress')),
      (select count(*) from invoices as i where i.organization_id = o.id and i.status in ('sent', 'overdue') and i.total > i.amount_paid + i.amount_credited),
      (select coalesce(sum(i.total - i.amount_paid - i.amount_credited), 0) from invoices as i
        where i.organization_id = o.id and i.status in ('sent', 'overdue') and i.total > i.amount_paid + i.amount_credited)
    from organizations as o`);
}
