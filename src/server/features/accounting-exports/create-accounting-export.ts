// Making an accounting export (docs/rules/data-exchange.md#accounting-exports), in one transaction: the
// organization's settings row locked (its exports are made one after another), the period's records not in an
// earlier export claimed (claim-records.ts), read back, written in the format, and the file kept with the counts.
// Nothing new rolls the whole export back and answers why, so no empty file is ever kept or downloaded.
import { eq } from 'drizzle-orm';
import { describePeriod, type AccountingExportResult, type AccountingFormat, type CreateAccountingExport, type ExportCounts } from '../../../contracts/accounting';
import type { Db, Tx } from '../../db/client';
import { accountingExports, users } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { conflict } from '../../platform/errors';
import { tenantScopeForWrite, tenantWhere, type OrganizationScope } from '../../platform/tenancy';
import { organizationTimeZone } from '../payment-reminders/reminder-settings';
import { readSettings } from './accounting-settings';
import { claimRecords, RECORD_TYPES, type Claim, type RecordType } from './claim-records';
import { codeBook, SETTINGS_MISSING, type CodeBook } from './export-codes';
import type { ExportFile } from './export-files';
import { exportPeriod } from './export-period';
import { creatorJoin, describeCounts, EMPTY_COUNTS, exportColumns, toAccountingExport } from './export-view';
import { iifFile } from './iif-format';
import { loadExportRecords, type ExportRecords } from './load-export-records';
import { qboCsvFile } from './qbo-csv-format';
import { rateNames } from './tax-code-rows';
import { xeroCsvFile } from './xero-csv-format';

type Writer = (records: ExportRecords, codes: CodeBook, period: { from: string; to: string }, exportId: number) => ExportFile;

const WRITERS: Record<AccountingFormat, Writer> = { qbo_csv: qboCsvFile, qbo_iif: iifFile, xero_csv: xeroCsvFile };

const COUNT_OF: Record<RecordType, keyof Omit<ExportCounts, 'leftOut'>> = {
  invoice: 'invoices',
  credit_note: 'creditNotes',
  payment: 'payments',
  refund: 'refunds',
};

/** Thrown inside the transaction to roll it back when the period holds nothing new. */
class NothingNew extends Error {
  constructor(readonly counts: ExportCounts) {
    super('nothing new');
  }
}

export async function createAccountingExport(
  db: Db,
  ctx: RequestContext,
  input: CreateAccountingExport,
  requestedOrganizationId?: number | null,
): Promise<{ created: boolean; result: AccountingExportResult }> {
  const scope = tenantScopeForWrite(ctx, requestedOrganizationId);
  const period = exportPeriod(input.from, input.to, await organizationTimeZone(db, scope.organizationId));
  const days = describePeriod(input.from, input.to);
  try {
    const exported = await db.transaction(async (tx) => {
      const settings = await readSettings(tx, scope, { lock: true });
      if (!settings.mapping) throw conflict(SETTINGS_MISSING);
      const format = input.format ?? settings.format;
      const [row] = await tx
        .insert(accountingExports)
        .values({
          organizationId: scope.organizationId,
          format,
          periodFrom: input.from,
          periodTo: input.to,
          fileName: '',
          contentType: '',
          data: Buffer.alloc(0),
          createdBy: ctx.user.id,
        })
        .returning({ id: accountingExports.id });

      const counts: ExportCounts = { ...EMPTY_COUNTS };
      for (const type of RECORD_TYPES) {
        const claim: Claim = await claimRecords(tx, scope, row.id, type, period);
        counts[COUNT_OF[type]] = claim.claimed;
        counts.leftOut += claim.eligible - claim.claimed;
      }
      if (counts.invoices + counts.creditNotes + counts.payments + counts.refunds === 0) throw new NothingNew(counts);

      const records = await loadExportRecords(tx, scope, row.id, period.timeZone);
      const codes = codeBook(format, settings.mapping, records, await rateNames(tx, scope));
      const file = WRITERS[format](records, codes, period, row.id);
      await tx
        .update(accountingExports)
        .set({ fileName: file.fileName, contentType: file.contentType, data: file.data, counts })
        .where(tenantWhere(scope, accountingExports, eq(accountingExports.id, row.id)));
      return readExport(tx, scope, row.id);
    });
    return { created: true, result: { export: exported, message: `Exported ${describeCounts(exported.counts)}.`, counts: exported.counts } };
  } catch (error) {
    if (!(error instanceof NothingNew)) throw error;
    const message =
      error.counts.leftOut > 0
        ? `Nothing new to export for ${days}: its ${error.counts.leftOut} ${error.counts.leftOut === 1 ? 'record was' : 'records were'} in earlier exports.`
        : `Nothing to export for ${days}: no invoices, credit notes, payments or refunds fell on those days.`;
    return { created: false, result: { export: null, message, counts: error.counts } };
  }
}

async function readExport(db: Tx, scope: OrganizationScope, id: number) {
  const [r] = await db
    .select(exportColumns)
    .from(accountingExports)
    .leftJoin(users, creatorJoin)
    .where(tenantWhere(scope, accountingExports, eq(accountingExports.id, id)));
  return toAccountingExport(r);
}
