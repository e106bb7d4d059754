// The import itself (docs/rules/data-exchange.md#running-an-import): the file is checked again, and any problem refuses
// it whole (400, nothing written); else one transaction writes every row, in multi-row statements of a thousand, and
// completes the import. The import's row is locked first (FOR UPDATE NOWAIT): a second run of it answers 409 at once.
import { eq } from 'drizzle-orm';
import { IMPORT_KIND_LABELS, IMPORT_LIMITS, IMPORT_MESSAGES, type Import, type ImportChoices, type ImportProblem } from '../../../contracts/imports';
import type { Db } from '../../db/client';
import { imports } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { AppError, conflict, invalid, pgErrorCode } from '../../platform/errors';
import { tenantScopeForWrite, tenantWhere } from '../../platform/tenancy';
import { writeAudit } from '../audit/write-audit';
import { checkRows, completeMapping, planRows, sortProblems } from './check-file';
import { findImport, toImportView } from './find-import';
import { withSpec } from './import-kinds';
import { insertRecords, updateRecords } from './import-spec';
import { readImportFile } from './read-import-file';

/** Rows per INSERT or UPDATE statement. */
export const IMPORT_BATCH = 1000;

export type ImportProgress = (done: number, total: number) => void;

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** 400 naming the problems by row and column (the first IMPORT_LIMITS.maxProblems of them). */
function refused(problems: ImportProblem[]): AppError {
  const sorted = sortProblems(problems);
  const first = sorted[0];
  const where = `Row ${first.row}${first.column ? `, ${first.column}` : ''}`;
  return invalid(
    `Nothing was imported: the file has ${plural(sorted.length, 'problem')}. ${where}: ${first.message}`,
    sorted.slice(0, IMPORT_LIMITS.maxProblems).map((p) => ({ path: `rows.${p.row}.${p.field || 'row'}`, message: `${p.column ? `${p.column}: ` : ''}${p.message}` })),
  );
}

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IMPORT_BATCH) out.push(items.slice(i, i + IMPORT_BATCH));
  return out;
}

export async function runImport(db: Db, ctx: RequestContext, id: number, choices: ImportChoices, onProgress: ImportProgress = () => {}): Promise<Import> {
  const row = await findImport(db, ctx, id);
  const sheet = await readImportFile(db, ctx, row);
  const mapping = completeMapping(row.kind, sheet.columns, choices.mapping);
  const scope = tenantScopeForWrite(ctx, row.organizationId);
  const where = tenantWhere(scope, imports, eq(imports.id, row.id));

  await withSpec(row.kind, async (spec) => {
    // The form's rules need no database: a file with problems is refused before anything is locked.
    const check = checkRows(spec, sheet, mapping, 0);
    if (check.problems.length > 0) throw refused(check.problems);
    try {
      await db.transaction(async (tx) => {
        const [claimed] = await tx.select({ status: imports.status }).from(imports).where(where).for('update', { noWait: true });
        if (!claimed) throw conflict(IMPORT_MESSAGES.expired);
        if (claimed.status === 'completed') throw conflict(IMPORT_MESSAGES.done);
        await tx.update(imports).set({ status: 'importing' }).where(where);
        // Matched inside the transaction, so what a row updates is what is there when it is written.
        const existing = await spec.findExisting(tx, scope, check.valid.map((v) => v.record));
        const plan = planRows(check, existing, choices.duplicates, mapping);
        if (plan.problems.length > 0) throw refused(plan.problems);
        const total = plan.creates.length + plan.updates.length;
        let done = 0;
        onProgress(done, total);
        for (const batch of batches(plan.creates)) {
          await insertRecords(tx, spec, scope.organizationId, batch);
          onProgress((done += batch.length), total);
        }
        for (const batch of batches(plan.updates)) {
          await updateRecords(tx, spec, scope, batch);
          onProgress((done += batch.length), total);
        }
        // One entry for the whole file (docs/rules/data-exchange.md#running-an-import).
        await writeAudit(tx, ctx, {
          action: 'import.completed',
          entityType: 'import',
          entityId: row.id,
          organizationId: row.organizationId,
          details: { kind: row.kind, fileName: row.fileName, rows: sheet.rows.length, created: plan.creates.length, updated: plan.updates.length, skipped: plan.skipped },
        });
        await tx
          .update(imports)
          .set({
            status: 'completed',
            mapping,
            duplicates: choices.duplicates,
            created: plan.creates.length,
            updated: plan.updates.length,
            skipped: plan.skipped,
            error: null,
            data: null,
            completedAt: new Date(),
          })
          .where(where);
      });
    } catch (err) {
      if (pgErrorCode(err) === '55P03') throw conflict(IMPORT_MESSAGES.running);
      if (err instanceof AppError) throw err;
      // Nothing was written; the import says why and may be run again.
      await db
        .update(imports)
        .set({ status: 'failed', error: `The ${IMPORT_KIND_LABELS[row.kind].toLowerCase()} could not be written: ${pgErrorCode(err) === '23505' ? 'a record with the same unique value was added meanwhile' : 'the database refused them'}` })
        .where(where);
      throw err;
    }
  });
  return toImportView(await findImport(db, ctx, row.id));
}
