// Which records an export contains (docs/rules/data-exchange.md#accounting-records), claimed for it in the export's
// own transaction: each is inserted into accounting_export_items, whose primary key is the record, and ON CONFLICT DO
// NOTHING leaves out what an earlier export holds. Two exports made at once on PostgreSQL cannot both claim a record:
// the second insert of the same key waits for the first transaction and then skips it (docs/decisions/034-data-in-and-out.md).
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '../../db/client';
import { accountingExportItems, creditNotes, invoices, payments } from '../../db/schema/index';
import { scopeFilter, type OrganizationScope } from '../../platform/tenancy';
import type { ExportPeriod } from './export-period';

export type RecordType = (typeof accountingExportItems.$inferInsert)['recordType'];

/** The order records are claimed in, the same in every export, so two at once wait on each other and never deadlock. */
export const RECORD_TYPES: readonly RecordType[] = ['invoice', 'credit_note', 'payment', 'refund'];

interface Source {
  table: typeof invoices | typeof creditNotes | typeof payments;
  id: PgColumn;
  organizationId: PgColumn;
  /** The day that puts the record in a period. */
  date: PgColumn;
  condition: SQL;
}

const SOURCES: Record<RecordType, Source> = {
  // Issued invoices by their date (the date the invoice prints): never drafts, never void ones.
  invoice: {
    table: invoices,
    id: invoices.id,
    organizationId: invoices.organizationId,
    date: invoices.createdAt,
    condition: sql`${invoices.status} not in ('draft', 'void') and ${invoices.voidedAt} is null`,
  },
  // Credit notes are issued when written and never change.
  credit_note: { table: creditNotes, id: creditNotes.id, organizationId: creditNotes.organizationId, date: creditNotes.createdAt, condition: sql`true` },
  payment: {
    table: payments,
    id: payments.id,
    organizationId: payments.organizationId,
    date: payments.receivedDate,
    condition: sql`${payments.status} = 'completed' and ${payments.refundOfPaymentId} is null and ${payments.amount} > 0`,
  },
  refund: {
    table: payments,
    id: payments.id,
    organizationId: payments.organizationId,
    date: payments.receivedDate,
    condition: sql`${payments.status} = 'completed' and ${payments.refundOfPaymentId} is not null`,
  },
};

export interface Claim {
  /** Records of the period of this kind. */
  eligible: number;
  /** The ones this export took: the rest an earlier export had. */
  claimed: number;
}

/** Claims for the export every record of the kind in the period that no export holds yet. */
export async function claimRecords(tx: Tx, scope: OrganizationScope, exportId: number, type: RecordType, period: ExportPeriod): Promise<Claim> {
  const s = SOURCES[type];
  const [row] = await rowsOf<{ eligible: number | string; claimed: number | string }>(
    tx,
    sql`with eligible as (
          select ${s.id} as id from ${s.table}
          where ${scopeFilter(scope, s.organizationId)} and ${s.date} >= ${period.start.toISOString()}::timestamptz
            and ${s.date} < ${period.end.toISOString()}::timestamptz and ${s.condition}
        ), claimed as (
          insert into ${accountingExportItems} (organization_id, record_type, record_id, export_id)
          select ${scope.organizationId}::int, ${type}, id, ${exportId}::int from eligible order by id
          on conflict do nothing
          returning record_id
        )
        select (select count(*) from eligible) as eligible, (select count(*) from claimed) as claimed`,
  );
  return { eligible: Number(row.eligible), claimed: Number(row.claimed) };
}
