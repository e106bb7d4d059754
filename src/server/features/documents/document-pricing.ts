// Prices an estimate, invoice or credit note the one way (priceDocument, docs/rules/money-and-payments.md#taxes-and-discounts):
// the organization's settings, the customer's exemption and the lines' tax rates are read in one statement, inside
// the document's organization, so another organization's rate reads as a missing one (400 on the line).
import { sql } from 'drizzle-orm';
import { priceDocument, type LineToPrice, type LineTaxRate, type PricedDocument, type PricedLine, type PricingSettings } from '../../../contracts/line-items';
import { formatPercent, fromCents, toCents, type DiscountType } from '../../../contracts/money';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf, type DbOrTx } from '../../db/client';
import { checkAmounts, fieldError } from './document-rules';

export interface LineInput extends Omit<LineToPrice, 'taxRates'> {
  taxRateIds?: readonly number[] | null;
}

export interface PricingInput {
  lineItems?: readonly LineInput[] | null;
  discountType?: DiscountType | null;
  discountValue?: string | null;
  tax?: string | null;
}

/** What a priced document stores besides its lines. */
export interface DocumentFigures extends PricingSettings {
  subtotal: string;
  tax: string;
  total: string;
  discountType: DiscountType | null;
  discountValue: string | null;
  discount: string;
  taxes: PricedDocument['taxes'];
}

export interface Priced {
  figures: DocumentFigures;
  lines: PricedLine[];
  document: PricedDocument;
}

interface PricingRow {
  prices_include_tax: boolean;
  tax_rounding: PricingSettings['taxRounding'];
  tax_exempt: boolean | null;
  rates: LineTaxRate[] | string;
}

/** The organization's settings, the customer's exemption (false when not found) and the named rates of the organization. */
export async function pricingContext(
  db: DbOrTx,
  organizationId: number,
  customerId: number | null,
  rateIds: readonly number[],
): Promise<{ settings: PricingSettings; rates: Map<number, LineTaxRate> }> {
  const ids = [...new Set(rateIds)];
  const [row] = await rowsOf<PricingRow>(
    db,
    sql`select o.prices_include_tax, o.tax_rounding,
      (select c.tax_exempt from customers c where c.organization_id = o.id and c.id = ${customerId ?? 0}) as tax_exempt,
      ${
        ids.length > 0
          ? sql`coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name, 'percent', r.percent::text)) from tax_rates r
              where r.organization_id = o.id and r.id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})), '[]'::json)`
          : sql`'[]'::json`
      } as rates
    from organizations o where o.id = ${organizationId}`,
  );
  const rates = new Map<number, LineTaxRate>();
  for (const r of (typeof row?.rates === 'string' ? JSON.parse(row.rates) : (row?.rates ?? [])) as LineTaxRate[]) {
    rates.set(r.id, { id: r.id, name: r.name, percent: formatPercent(r.percent) });
  }
  return {
    settings: {
      pricesIncludeTax: row?.prices_include_tax ?? false,
      taxRounding: row?.tax_rounding ?? 'per_document',
      taxExempt: row?.tax_exempt === true,
    },
    rates,
  };
}

/** Prices a document's input lines in its organization; 400 on a line naming a rate the organization does not have. */
export async function priceInput(db: DbOrTx, organizationId: number, customerId: number | null, input: PricingInput): Promise<Priced> {
  const lines = input.lineItems ?? [];
  const { settings, rates } = await pricingContext(
    db,
    organizationId,
    customerId,
    lines.flatMap((l) => l.taxRateIds ?? []),
  );
  const withRates = lines.map((line, i) => ({
    ...line,
    taxRates: [...new Set(line.taxRateIds ?? [])].map((id) => {
      const rate = rates.get(id);
      if (!rate) throw fieldError(`lineItems.${i}.taxRateIds`, 'Tax rate not found');
      return rate;
    }),
  }));
  return pricedWith(withRates, input, settings);
}

/** Prices lines whose rates are already known (copied from another document) with the given settings. */
export function pricedWith(lines: readonly LineToPrice[], input: Omit<PricingInput, 'lineItems'>, settings: PricingSettings): Priced {
  const document = priceDocument({ ...settings, lines, discountType: input.discountType, discountValue: input.discountValue, manualTax: input.tax });
  checkAmounts(document.issues);
  return {
    document,
    lines: document.lines,
    figures: {
      ...settings,
      subtotal: fromCents(document.subtotalCents),
      tax: fromCents(document.taxCents),
      total: fromCents(document.totalCents),
      discountType: document.discountType,
      discountValue: document.discountValue,
      discount: fromCents(document.discountCents),
      taxes: document.taxes,
    },
  };
}

/** A line as the line tables' json_to_recordset rows take it. */
export const lineRowOf = (l: PricedLine) => ({
  description: l.description,
  quantity: l.quantity,
  rate: l.rate,
  amount: l.amount,
  sort_order: l.sortOrder,
  discount_type: l.discountType,
  discount_value: l.discountValue,
  discount: l.discount,
  tax_rates: l.taxRates,
});

/** The json_to_recordset column list for lineRowOf rows. */
export const lineRecordColumns = sql.raw(
  'description text, quantity numeric, rate numeric, amount numeric, sort_order int, discount_type text, discount_value numeric, discount numeric, tax_rates jsonb',
);

/** The document columns for DocumentFigures beyond subtotal, tax and total, as drizzle values. */
export const figureColumns = (f: DocumentFigures) => ({
  subtotal: f.subtotal,
  tax: f.tax,
  total: f.total,
  discountType: f.discountType,
  discountValue: f.discountValue,
  discount: f.discount,
  taxes: f.taxes,
  pricesIncludeTax: f.pricesIncludeTax,
  taxRounding: f.taxRounding,
  taxExempt: f.taxExempt,
});

/** The extra keys of a priced line in a json_build_object of line alias `l`. */
export const pricedLineJsonKeys = sql.raw(
  `'discountType', l.discount_type, 'discountValue', l.discount_value::text, 'discount', l.discount::text, 'taxRates', l.tax_rates`,
);

/** What a priced document answers besides its lines (documentPricingFields). */
export function documentPricingOf(row: {
  discountType: DiscountType | null;
  discountValue: string | null;
  discount: string;
  taxes: PricedDocument['taxes'];
  pricesIncludeTax: boolean;
  taxExempt: boolean;
  taxRounding: PricingSettings['taxRounding'];
}) {
  return {
    taxRounding: row.taxRounding,
    discountType: row.discountType,
    discountValue: row.discountValue,
    discount: row.discount,
    taxes: row.taxes,
    pricesIncludeTax: row.pricesIncludeTax,
    taxExempt: row.taxExempt,
  };
}

/** A stored line as priceDocument takes it, with the rates it was written with. */
export interface StoredLine extends LineToPrice {
  taxRates: LineTaxRate[];
}

interface StoredLineRow {
  description: string;
  quantity: string;
  rate: string;
  discount_type: DiscountType | null;
  discount_value: string | null;
  tax_rates: LineTaxRate[] | string;
  optional: boolean | null;
  selected: boolean | null;
}

/** A document's stored lines in order (`parent` is the line table's document column; estimates also keep optional/selected). */
export async function storedLines(
  db: DbOrTx,
  table: PgTable,
  parent: PgColumn,
  doc: { organizationId: number; id: number },
  withChoices = false,
): Promise<StoredLine[]> {
  const rows = await rowsOf<StoredLineRow>(
    db,
    sql`select description, quantity::text, rate::text, discount_type, discount_value::text, tax_rates,
      ${withChoices ? sql.raw('optional, selected') : sql.raw('null as optional, null as selected')}
    from ${table} where organization_id = ${doc.organizationId} and ${parent} = ${doc.id} order by sort_order, id`,
  );
  return rows.map((r) => ({
    description: r.description,
    quantity: r.quantity,
    rate: r.rate,
    discountType: r.discount_type,
    discountValue: r.discount_value,
    taxRates: typeof r.tax_rates === 'string' ? (JSON.parse(r.tax_rates) as LineTaxRate[]) : r.tax_rates,
    optional: r.optional,
    selected: r.selected,
  }));
}

const amountKey = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '' : String(toCents(v)));

/** Whether input lines say the same as stored ones: text, quantity, rate, discount, tax rates (by id) and, on estimates, optional/selected. */
export function sameLines(stored: readonly StoredLine[], input: readonly LineInput[], withChoices = false): boolean {
  const key = (l: Omit<LineToPrice, 'taxRates'>, rateIds: readonly number[]) =>
    [
      l.description,
      amountKey(l.quantity ?? '1'),
      amountKey(l.rate ?? 0),
      l.discountType ?? '',
      l.discountType ? amountKey(l.discountValue) : '',
      [...new Set(rateIds)].sort((a, b) => a - b).join(','),
      withChoices ? `${l.optional === true}/${l.optional === true ? l.selected === true : true}` : '',
    ].join('\u0000');
  return stored.map((l) => key(l, l.taxRates.map((r) => r.id))).join('\n') === input.map((l) => key(l, l.taxRateIds ?? [])).join('\n');
}

/** Whether the input changes the document's own discount. */
export function documentDiscountChanged(current: { discountType: DiscountType | null; discountValue: string | null }, input: PricingInput): boolean {
  const type = input.discountType === undefined ? current.discountType : input.discountType;
  const value = input.discountValue === undefined ? current.discountValue : input.discountValue;
  return (type ?? null) !== (current.discountType ?? null) || (type ? amountKey(value) !== amountKey(current.discountValue) : false);
}

/**
 * A draft priced again from what the update sends and what it keeps: sent lines are priced with the organization's
 * rates, kept lines with the rates they were written with; the discount and hand-typed tax sent or kept; the
 * organization's settings and the (possibly new) customer's exemption as they are now. Null when the update sends
 * nothing the figures depend on, so a status change leaves them as they were.
 */
export async function repriced(
  db: DbOrTx,
  table: PgTable,
  parent: PgColumn,
  current: { organizationId: number; id: number; customerId: number; tax: string | null; discountType: DiscountType | null; discountValue: string | null },
  input: PricingInput & { customerId: number },
  withChoices = false,
): Promise<Priced | null> {
  const touches = input.lineItems !== undefined || input.discountType !== undefined || input.discountValue !== undefined || input.tax !== undefined || input.customerId !== current.customerId;
  if (!touches) return null;
  const pricing = {
    discountType: input.discountType === undefined ? current.discountType : input.discountType,
    discountValue: input.discountValue === undefined ? current.discountValue : input.discountValue,
    tax: input.tax === undefined ? current.tax : input.tax,
  };
  if (input.lineItems) return priceInput(db, current.organizationId, input.customerId, { ...pricing, lineItems: input.lineItems });
  const [lines, { settings }] = await Promise.all([
    storedLines(db, table, parent, current, withChoices),
    pricingContext(db, current.organizationId, input.customerId, []),
  ]);
  return pricedWith(lines, pricing, settings);
}

/** A priced line as drizzle inserts it into a line table. */
export const lineValuesOf = (l: PricedLine) => ({
  description: l.description,
  quantity: l.quantity,
  rate: l.rate,
  amount: l.amount,
  sortOrder: l.sortOrder,
  discountType: l.discountType,
  discountValue: l.discountValue,
  discount: l.discount,
  taxRates: l.taxRates,
});

/** An estimate's priced line as drizzle inserts it: with whether it is optional and ticked. */
export const estimateLineValuesOf = (l: PricedLine) => ({ ...lineValuesOf(l), optional: l.optional, selected: l.selected });
