// Document numbers per organization (docs/rules/platform.md#document-numbers): WO-00001, EST-00001, INV-00001, CN-00001, assigned inside the
// creating transaction. The counter row's update lock serializes concurrent creators, so numbers stay
// unique and are never reused (a rolled-back transaction rolls its increment back too).
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { numberCounters } from '../../db/schema/index';

export type NumberedEntity = 'work_order' | 'estimate' | 'invoice' | 'credit_note';

const PREFIX: Record<NumberedEntity, string> = { work_order: 'WO', estimate: 'EST', invoice: 'INV', credit_note: 'CN' };

export function formatDocumentNumber(entity: NumberedEntity, n: number): string {
  return `${PREFIX[entity]}-${String(n).padStart(5, '0')}`;
}

export async function nextDocumentNumber(tx: DbOrTx, organizationId: number, entity: NumberedEntity): Promise<string> {
  const [row] = await rowsOf<{ formatted: string }>(tx, nextDocumentNumberSql(organizationId, entity));
  if (!row) throw new Error(`no ${entity} number was taken`);
  return row.formatted;
}

/**
 * The counter's step as SQL, on its own (nextDocumentNumber) or inside another statement (a WITH part): one row with
 * `formatted`, the number as formatDocumentNumber writes it (five digits at least, more when it grows past them).
 */
export function nextDocumentNumberSql(organizationId: number, entity: NumberedEntity, onlyIf?: SQL): SQL {
  // With `onlyIf` (an EXISTS subquery's body), no row is numbered, and no number taken, unless it finds one.
  return sql`insert into ${numberCounters} (organization_id, entity_type, current_number)
    select ${organizationId}, ${entity}, 1 ${onlyIf ? sql`where exists ${onlyIf}` : sql``}
    on conflict (organization_id, entity_type) do update set current_number = ${numberCounters}.current_number + 1
    returning ${PREFIX[entity] + '-'} || lpad(current_number::text, greatest(5, length(current_number::text)), '0') as formatted`;
}
