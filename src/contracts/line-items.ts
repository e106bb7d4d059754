// Line items of work orders, estimates and invoices, and the input fields the three documents share.
// The server prices every line itself (amount = quantity x rate, in cents); amounts sent by a client
// are validated for the form's messages but never trusted.
import { z } from 'zod';
import { parseInstant } from './dates';
import { discountCents, DISCOUNT_TYPES, TAX_ROUNDING, fromCents, lineAmountCents, MAX_CENTS, taxesByRate, toCents, type Cents, type Discount, type TaxRounding } from './money';

export const MAX_LINE_ITEMS = 1000;
export const MAX_TEXT = 10_000;
const MAX_INT = 2_147_483_647;

const DECIMAL_TEXT = /^-?\d{1,20}(\.\d{1,10})?$/;

/**
 * A decimal sent as a number or a string ("12.5"), normalized to two decimals ("12.50"). Blank ('' or
 * null) is null. `min` and `message` give the lower bound and its message.
 */
export function decimalInput(min: number, message: string, max = MAX_CENTS / 100) {
  return z
    .union([z.number(), z.string().trim().max(30)], { error: 'Must be a number' })
    .nullable()
    .transform((v, ctx): string | null => {
      if (v === null || v === '') return null;
      const text = typeof v === 'number' ? (Number.isFinite(v) ? v.toFixed(6) : 'x') : v;
      if (!DECIMAL_TEXT.test(text)) {
        ctx.addIssue({ code: 'custom', message: 'Must be a number', input: v });
        return z.NEVER;
      }
      const cents = toCents(text);
      if (cents < Math.round(min * 100)) {
        ctx.addIssue({ code: 'custom', message, input: v });
        return z.NEVER;
      }
      if (cents > Math.round(max * 100)) {
        ctx.addIssue({ code: 'custom', message: 'Is too large', input: v });
        return z.NEVER;
      }
      return fromCents(cents);
    });
}

/** A record id sent as a number or a digit string (select inputs); `message` for anything else. */
export function idInput(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).positive(message).max(MAX_INT, message),
  );
}

/** An optional reference: null, '' or absent mean none. */
export function optionalIdInput(message: string) {
  return z.preprocess((v) => (v === '' ? null : v), idInput(message).nullable()).optional();
}

/** An instant as an ISO string (a date-only 'YYYY-MM-DD' is midnight UTC); blank clears it. */
export const instantInput = z
  .string({ error: 'Must be a date' })
  .trim()
  .max(40)
  .nullable()
  .transform((v, ctx): Date | null => {
    if (v === null || v === '') return null;
    const d = parseInstant(v);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: 'Must be a date', input: v });
      return z.NEVER;
    }
    return d;
  })
  .optional();

/** Optional free text; blank becomes null. */
export const optionalText = (max = MAX_TEXT) =>
  z
    .string({ error: 'Must be text' })
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v === null || v.trim() === '' ? null : v))
    .optional();

export const lineItemInputSchema = z.object({
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(2000, 'Description must be at most 2000 characters'),
  /** Default 1 (docs/rules/records.md#line-items). */
  quantity: decimalInput(1, 'Quantity must be at least 1').optional(),
  /** Default 0. */
  rate: decimalInput(0, 'Rate must be positive').optional(),
  /** Accepted for the form's sake; the server recomputes it. */
  amount: decimalInput(0, 'Amount must be positive').optional(),
});
export type LineItemInput = z.input<typeof lineItemInputSchema>;
export type LineItemParsed = z.output<typeof lineItemInputSchema>;

const isPlainObject = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * A lineItems field of `item` lines: an array, or (as the original estimate form sends it) a JSON string of one.
 */
export function lineItemsInputOf<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (v, ctx) => {
      let value = v;
      if (typeof value === 'string') {
        try {
          value = JSON.parse(value);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'Line items must be a list', input: v });
          return v;
        }
      }
      if (Array.isArray(value) && !value.every(isPlainObject)) {
        ctx.addIssue({ code: 'custom', message: 'Each line item must be an object', input: v });
      }
      return value;
    },
    z.array(item, { error: 'Line items must be a list' }).max(MAX_LINE_ITEMS, `At most ${MAX_LINE_ITEMS} line items`),
  );
}

/** The lineItems field of work orders, invoices and credit notes. */
export const lineItemsInput = lineItemsInputOf(lineItemInputSchema);

export const lineItemSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  quantity: z.string(),
  rate: z.string(),
  amount: z.string(),
  sortOrder: z.number().int(),
});
export type LineItem = z.infer<typeof lineItemSchema>;

/** The most tax rates one line may carry (state, county, city, district, special). */
export const MAX_TAX_RATES_PER_LINE = 5;

const discountTypeInput = z.enum(DISCOUNT_TYPES, { error: 'Discount must be percent or amount' }).nullable().optional();
const discountValueInput = decimalInput(0, 'Discount cannot be negative').optional();

/** A discount needs its value, and a percent is at most 100 (the server's rule and the form's). */
export function checkDiscount(v: { discountType?: string | null; discountValue?: string | null }, ctx: z.RefinementCtx) {
  if (v.discountType && (v.discountValue === null || v.discountValue === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'Enter the discount' });
  }
  if (v.discountType === 'percent' && v.discountValue && toCents(v.discountValue) > 10_000) {
    ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'A percent discount is at most 100' });
  }
}

/**
 * The fields a priced line (estimates, invoices, credit notes) adds to a plain one: its own discount and the
 * organization's tax rates it carries (docs/rules/money-and-payments.md#taxes-and-discounts).
 */
export const pricedLineFields = {
  discountType: discountTypeInput,
  discountValue: discountValueInput,
  taxRateIds: z
    .array(idInput('Tax rate not found'), { error: 'Tax rates must be a list' })
    .max(MAX_TAX_RATES_PER_LINE, `At most ${MAX_TAX_RATES_PER_LINE} tax rates on a line`)
    .optional(),
};

export const pricedLineItemInputSchema = lineItemInputSchema.extend(pricedLineFields).superRefine(checkDiscount);
export type PricedLineItemInput = z.input<typeof pricedLineItemInputSchema>;

/** A document's own discount (estimates, invoices): on the subtotal of its lines. */
export const documentDiscountFields = { discountType: discountTypeInput, discountValue: discountValueInput };

/** A tax rate as a line carries it: what it was when the line was written. */
export const lineTaxRateSchema = z.object({ id: z.number().int(), name: z.string(), percent: z.string() });
export type LineTaxRate = z.infer<typeof lineTaxRateSchema>;

export const pricedLineItemSchema = lineItemSchema.extend({
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  discountValue: z.string().nullable(),
  /** The line's discount in dollars; its net is amount - discount. */
  discount: z.string(),
  taxRates: z.array(lineTaxRateSchema),
});
export type PricedLineItem = z.infer<typeof pricedLineItemSchema>;

/** A document's tax for one rate. */
export const documentTaxSchema = z.object({ taxRateId: z.number().int(), name: z.string(), percent: z.string(), amount: z.string() });
export type DocumentTax = z.infer<typeof documentTaxSchema>;

/** What a priced document (estimate, invoice, credit note) says about its discount and taxes. */
export const documentPricingFields = {
  discountType: z.enum(DISCOUNT_TYPES).nullable(),
  discountValue: z.string().nullable(),
  /** The document discount in dollars (line discounts are on the lines). */
  discount: z.string(),
  /** Tax per rate; empty when no line carries a rate (then `tax` is the amount typed by hand). */
  taxes: z.array(documentTaxSchema),
  /** The line prices include their taxes: total = subtotal - discount. */
  pricesIncludeTax: z.boolean(),
  /** The customer was tax-exempt when the document was priced. */
  taxExempt: z.boolean(),
  /** Where its tax was rounded, so a screen pricing a change (a credit, a tick) rounds as the server does. */
  taxRounding: z.enum(TAX_ROUNDING),
};

export interface PricedLine {
  description: string;
  quantity: string;
  rate: string;
  /** quantity x rate, before the line's discount. */
  amount: string;
  discountType: Discount['type'] | null;
  discountValue: string | null;
  discount: string;
  taxRates: LineTaxRate[];
  sortOrder: number;
  /** Estimates only: an optional item counts in the totals only while selected (docs/rules/quote-approval.md#optional-items). */
  optional: boolean;
  selected: boolean;
}

/** A line to price: quantity defaults to 1 and rate to 0; `optional` lines start unselected. */
export interface LineToPrice {
  description: string;
  quantity?: string | number | null;
  rate?: string | number | null;
  optional?: boolean | null;
  selected?: boolean | null;
  discountType?: Discount['type'] | null;
  discountValue?: string | number | null;
  /** The rates the line carries, already looked up in the organization. */
  taxRates?: readonly LineTaxRate[] | null;
}

/** Whether a line counts in its document's totals: every line but an optional one left unticked. */
export const countsInTotal = (line: { optional?: boolean | null; selected?: boolean | null }) => !line.optional || line.selected === true;

export interface PricedLines {
  lines: PricedLine[];
  /** The counted lines' amounts less their discounts. */
  subtotalCents: Cents;
  /** Lines whose amount does not fit numeric(10,2). */
  issues: { path: string; message: string }[];
}

const discountOf = (type: Discount['type'] | null | undefined, value: string | number | null | undefined): Discount | null =>
  type && value !== null && value !== undefined && value !== '' ? { type, value } : null;

/**
 * Prices lines in cents: amount = quantity x rate (quantity defaults to 1 and rate to 0), less the line's discount.
 * The subtotal counts countsInTotal lines, net of their discounts.
 */
export function priceLineItems(items: readonly LineToPrice[]): PricedLines {
  const issues: PricedLines['issues'] = [];
  let subtotalCents = 0;
  const lines = items.map((item, i) => {
    const quantity = item.quantity === null || item.quantity === undefined || item.quantity === '' ? '1.00' : fromCents(toCents(item.quantity));
    const rate = fromCents(toCents(item.rate ?? 0));
    const cents = lineAmountCents(quantity, rate);
    if (cents > MAX_CENTS) issues.push({ path: `lineItems.${i}.amount`, message: 'Amount is too large' });
    const discount = discountOf(item.discountType, item.discountValue);
    const lineDiscount = discountCents(cents, discount);
    const optional = item.optional === true;
    const selected = optional ? item.selected === true : true;
    if (countsInTotal({ optional, selected })) subtotalCents += cents - lineDiscount;
    return {
      description: item.description,
      quantity,
      rate,
      amount: fromCents(cents),
      discountType: discount?.type ?? null,
      discountValue: discount ? fromCents(toCents(discount.value)) : null,
      discount: fromCents(lineDiscount),
      taxRates: [...(item.taxRates ?? [])],
      sortOrder: i,
      optional,
      selected,
    };
  });
  return { lines, subtotalCents, issues };
}

/** How an organization prices: settings kept on each document when it is written. */
export interface PricingSettings {
  pricesIncludeTax: boolean;
  taxRounding: TaxRounding;
  /** The customer pays no tax: lines keep their rates, which add nothing. */
  taxExempt: boolean;
}

export interface DocumentToPrice extends PricingSettings {
  lines: readonly LineToPrice[];
  discountType?: Discount['type'] | null;
  discountValue?: string | number | null;
  /** The tax typed by hand, which counts only while no line carries a rate (and the customer is not exempt). */
  manualTax?: string | number | null;
}

export interface PricedDocument extends PricedLines {
  discountType: Discount['type'] | null;
  discountValue: string | null;
  discountCents: Cents;
  taxes: DocumentTax[];
  taxCents: Cents;
  totalCents: Cents;
}

/**
 * A document's figures, the one way the server and every screen compute them
 * (docs/rules/money-and-payments.md#taxes-and-discounts): subtotal = the counted lines net of their discounts;
 * discount = the document's own; tax per rate from taxesByRate (or the amount typed by hand when no line carries
 * a rate); total = subtotal - discount + tax, or subtotal - discount when prices include tax.
 */
export function priceDocument(doc: DocumentToPrice): PricedDocument {
  const priced = priceLineItems(doc.lines);
  const discount = discountOf(doc.discountType, doc.discountValue);
  const documentDiscount = discountCents(priced.subtotalCents, discount);
  const counted = priced.lines.filter(countsInTotal);
  const rated = !doc.taxExempt && priced.lines.some((l) => l.taxRates.length > 0);
  const taxes = rated
    ? taxesByRate(
        counted.map((l) => ({
          netCents: toCents(l.amount) - toCents(l.discount),
          taxRates: l.taxRates.map((r) => ({ key: r.id, name: r.name, percent: r.percent })),
        })),
        { documentDiscountCents: documentDiscount, pricesIncludeTax: doc.pricesIncludeTax, rounding: doc.taxRounding },
      ).map((t) => ({ taxRateId: Number(t.key), name: t.name, percent: t.percent, amount: fromCents(t.cents) }))
    : [];
  const hasRates = priced.lines.some((l) => l.taxRates.length > 0);
  const taxCents = rated ? taxes.reduce((s, t) => s + toCents(t.amount), 0) : doc.taxExempt || hasRates ? 0 : toCents(doc.manualTax);
  const included = rated && doc.pricesIncludeTax;
  const totalCents = priced.subtotalCents - documentDiscount + (included ? 0 : taxCents);
  const issues = [...priced.issues];
  if (totalCents > MAX_CENTS || priced.subtotalCents > MAX_CENTS) issues.push({ path: 'total', message: 'Total is too large' });
  return {
    ...priced,
    issues,
    discountType: discount?.type ?? null,
    discountValue: discount ? fromCents(toCents(discount.value)) : null,
    discountCents: documentDiscount,
    taxes,
    taxCents,
    totalCents,
  };
}

/** `:id` of a document route. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_INT) });
