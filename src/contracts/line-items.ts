// Line items of work orders, estimates and invoices, and the input fields the three documents share.
// The server prices every line itself (amount = quantity x rate, in cents); amounts sent by a client
// are validated for the form's messages but never trusted.
import { z } from 'zod';
import { parseInstant } from './dates';
import { fromCents, lineAmountCents, MAX_CENTS, toCents, type Cents } from './money';

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

export interface PricedLine {
  description: string;
  quantity: string;
  rate: string;
  amount: string;
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
}

/** Whether a line counts in its document's totals: every line but an optional one left unticked. */
export const countsInTotal = (line: { optional?: boolean | null; selected?: boolean | null }) => !line.optional || line.selected === true;

export interface PricedLines {
  lines: PricedLine[];
  subtotalCents: Cents;
  /** Lines whose amount does not fit numeric(10,2). */
  issues: { path: string; message: string }[];
}

/** Prices lines in cents: amount = quantity x rate; quantity defaults to 1 and rate to 0. The subtotal counts countsInTotal lines. */
export function priceLineItems(items: readonly LineToPrice[]): PricedLines {
  const issues: PricedLines['issues'] = [];
  let subtotalCents = 0;
  const lines = items.map((item, i) => {
    const quantity = item.quantity === null || item.quantity === undefined || item.quantity === '' ? '1.00' : fromCents(toCents(item.quantity));
    const rate = fromCents(toCents(item.rate ?? 0));
    const cents = lineAmountCents(quantity, rate);
    if (cents > MAX_CENTS) issues.push({ path: `lineItems.${i}.amount`, message: 'Amount is too large' });
    const optional = item.optional === true;
    const selected = optional ? item.selected === true : true;
    if (countsInTotal({ optional, selected })) subtotalCents += cents;
    return { description: item.description, quantity, rate, amount: fromCents(cents), sortOrder: i, optional, selected };
  });
  return { lines, subtotalCents, issues };
}

/** `:id` of a document route. */
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_INT) });
