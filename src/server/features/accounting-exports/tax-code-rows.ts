// The tax codes an organization's exports need (docs/rules/data-exchange.md#accounting-mapping): one per active tax
// rate, one per set of rates that lines of documents not yet exported carry together (a combined rate in the
// accounting system), and one for the tax typed by hand when such documents carry it.
import { asc, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { MANUAL_TAX_KEY, type TaxCodeRow } from '../../../contracts/accounting';
import { formatPercent } from '../../../contracts/money';
import { rowsOf, type DbOrTx } from '../../db/client';
import { accountingExportItems, creditNoteLineItems, creditNotes, invoiceLineItems, invoices, taxRates } from '../../db/schema/index';
import { scopeFilter, tenantWhere, type OrganizationScope } from '../../platform/tenancy';

export const MANUAL_TAX_LABEL = 'Tax typed by hand';

export interface RateNames {
  /** "State 6.25 %", "State 6.25 % + City 2 %". */
  labelOf(key: string): string;
  rates: { id: number; archived: boolean }[];
}

export async function rateNames(db: DbOrTx, scope: OrganizationScope): Promise<RateNames> {
  const rows = await db
    .select({ id: taxRates.id, name: taxRates.name, percent: taxRates.percent, archived: taxRates.archived })
    .from(taxRates)
    .where(tenantWhere(scope, taxRates))
    .orderBy(asc(taxRates.archived), asc(taxRates.name), asc(taxRates.id));
  const byId = new Map(rows.map((r) => [String(r.id), `${r.name} ${formatPercent(r.percent)} %${r.archived ? ' (archived)' : ''}`]));
  return {
    rates: rows.map((r) => ({ id: r.id, archived: r.archived })),
    labelOf: (key) => (key === MANUAL_TAX_KEY ? MANUAL_TAX_LABEL : key.split('+').map((id) => byId.get(id) ?? `Tax rate ${id}`).join(' + ')),
  };
}

/** The key of a line's rates in SQL: ids ascending, joined by +. */
const lineKey = (taxRatesColumn: typeof invoiceLineItems.taxRates | typeof creditNoteLineItems.taxRates) =>
  sql`(select string_agg(x.id::text, '+' order by x.id) from (select distinct (r->>'id')::int as id from jsonb_array_elements(${taxRatesColumn}) r) x)`;

/**
 * The sets of rates lines carry, and whether the tax typed by hand stands on documents, among the documents an
 * export may still take: not void, not tax-exempt (their lines take the untaxed code), not yet exported. Drafts count:
 * they are exported once sent.
 */
async function ratesInUse(db: DbOrTx, scope: OrganizationScope): Promise<{ keys: string[]; manual: boolean }> {
  const notExported = (type: 'invoice' | 'credit_note', org: PgColumn, id: PgColumn) =>
    sql`not exists (select 1 from ${accountingExportItems} e where e.organization_id = ${org} and e.record_type = ${type} and e.record_id = ${id})`;
  const keys = await rowsOf<{ key: string }>(
    db,
    sql`select ${lineKey(invoiceLineItems.taxRates)} as key from ${invoiceLineItems}
          join ${invoices} on ${invoices.organizationId} = ${invoiceLineItems.organizationId} and ${invoices.id} = ${invoiceLineItems.invoiceId}
          where ${scopeFilter(scope, invoiceLineItems.organizationId)} and jsonb_array_length(${invoiceLineItems.taxRates}) > 0
            and ${invoices.status} <> 'void' and not ${invoices.taxExempt} and ${notExported('invoice', invoices.organizationId, invoices.id)}
        union
        select ${lineKey(creditNoteLineItems.taxRates)} from ${creditNoteLineItems}
          join ${creditNotes} on ${creditNotes.organizationId} = ${creditNoteLineItems.organizationId} and ${creditNotes.id} = ${creditNoteLineItems.creditNoteId}
          where ${scopeFilter(scope, creditNoteLineItems.organizationId)} and jsonb_array_length(${creditNoteLineItems.taxRates}) > 0
            and not ${creditNotes.taxExempt} and ${notExported('credit_note', creditNotes.organizationId, creditNotes.id)}`,
  );
  const [manual] = await rowsOf<{ found: boolean }>(
    db,
    sql`select exists (select 1 from ${invoices} where ${scopeFilter(scope, invoices.organizationId)} and ${invoices.status} <> 'void'
          and jsonb_array_length(${invoices.taxes}) = 0 and coalesce(${invoices.tax}, 0) <> 0 and not ${invoices.taxExempt}
          and ${notExported('invoice', invoices.organizationId, invoices.id)})
        or exists (select 1 from ${creditNotes} where ${scopeFilter(scope, creditNotes.organizationId)}
          and jsonb_array_length(${creditNotes.taxes}) = 0 and ${creditNotes.tax} <> 0 and not ${creditNotes.taxExempt}
          and ${notExported('credit_note', creditNotes.organizationId, creditNotes.id)}) as found`,
  );
  return { keys: keys.map((k) => k.key), manual: manual?.found === true };
}

/** The rows the settings ask a code for, rates first (active, then archived ones still in use), then sets, then manual. */
export async function taxCodeRows(db: DbOrTx, scope: OrganizationScope, names: RateNames): Promise<TaxCodeRow[]> {
  const used = await ratesInUse(db, scope);
  const usedIds = new Set(used.keys.flatMap((k) => k.split('+')));
  const rows: TaxCodeRow[] = names.rates
    .filter((r) => !r.archived || usedIds.has(String(r.id)))
    .map((r) => ({ key: String(r.id), label: names.labelOf(String(r.id)), kind: 'rate' as const, inUse: usedIds.has(String(r.id)) }));
  const combinations = used.keys.filter((k) => k.includes('+')).sort((a, b) => names.labelOf(a).localeCompare(names.labelOf(b)));
  for (const key of combinations) rows.push({ key, label: names.labelOf(key), kind: 'combination', inUse: true });
  if (used.manual) rows.push({ key: MANUAL_TAX_KEY, label: MANUAL_TAX_LABEL, kind: 'manual', inUse: true });
  return rows;
}
