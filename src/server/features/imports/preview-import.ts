// What an import would do with a mapping and a duplicates choice (docs/rules/data-exchange.md#import-problems): the
// first rows as they would come in, every problem of the whole file, and the counts. Nothing is written but the
// choices themselves, so the import screen opens on them again.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { IMPORT_LIMITS, type ImportChoices, type ImportPreview } from '../../../contracts/imports';
import type { Db } from '../../db/client';
import { imports } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { tenantScope, tenantScopeForWrite, tenantWhere } from '../../platform/tenancy';
import { checkRows, completeMapping, planRows, sortProblems } from './check-file';
import { findImport, toImportView } from './find-import';
import { withSpec } from './import-kinds';
import { displayRecord } from './import-spec';
import { readImportFile } from './read-import-file';

/** A form input value as the preview shows it. */
const shown = (v: unknown): string | null => (typeof v === 'string' ? v || null : typeof v === 'number' || typeof v === 'boolean' ? String(v) : null);

export async function previewImport(db: Db, ctx: RequestContext, id: number, choices: ImportChoices): Promise<ImportPreview> {
  const row = await findImport(db, ctx, id);
  const sheet = await readImportFile(db, ctx, row);
  const mapping = completeMapping(row.kind, sheet.columns, choices.mapping);
  const scope = tenantScopeForWrite(ctx, row.organizationId);
  const preview = await withSpec(row.kind, async (spec) => {
    const check = checkRows(spec, sheet, mapping, IMPORT_LIMITS.previewRows);
    const existing = check.valid.length > 0 ? await spec.findExisting(db, scope, check.valid.map((v) => v.record)) : [];
    const plan = planRows(check, existing, choices.duplicates, mapping);
    const problems = sortProblems([...check.problems, ...plan.problems]);
    const rows = check.first.map(({ row: n, record, input }) => ({
      row: n,
      action: record === null ? null : (plan.actions.get(n) ?? null),
      values: record === null ? Object.fromEntries(Object.entries(input).map(([k, v]) => [k, shown(v)])) : displayRecord(spec, record),
    }));
    return {
      rows,
      problems: problems.slice(0, IMPORT_LIMITS.maxProblems),
      problemCount: problems.length,
      counts: { rows: sheet.rows.length, new: check.valid.length - plan.matching, matching: plan.matching, repeated: check.repeated },
      outcome: { create: plan.creates.length, update: plan.updates.length, skip: plan.skipped },
    };
  });
  // Kept for the next visit; an import that is running meanwhile holds its row and keeps its own (SKIP LOCKED: no wait).
  await db
    .update(imports)
    .set({ mapping, duplicates: choices.duplicates })
    .where(
      and(
        tenantWhere(tenantScope(ctx), imports, eq(imports.id, row.id)),
        inArray(imports.id, sql`(select ${imports.id} from ${imports} where ${imports.id} = ${row.id} and ${imports.status} in ('uploaded', 'failed') for update skip locked)`),
      ),
    );
  return { import: toImportView({ ...row, mapping, duplicates: choices.duplicates }), ...preview };
}
