// The form's rules for one line of a work order, estimate or invoice (docs/rules/records.md#line-items), built on the
// contract's schema so the messages are the server's.
import { z } from 'zod';
import { checkDiscount, documentDiscountFields, lineItemInputSchema, pricedLineFields } from '@contracts/line-items';
import type { DiscountType } from '@contracts/money';
import { heldAs, textField } from '@/lib/form-fields';

/** A blank quantity would be taken as 1 by the server; the form asks for it, as the amount shown depends on it. */
const blankAsZero = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? 0 : v);

export const formLineItemSchema = z.object({
  description: textField(lineItemInputSchema.shape.description),
  quantity: textField(z.preprocess(blankAsZero, lineItemInputSchema.shape.quantity)),
  rate: textField(lineItemInputSchema.shape.rate),
});

/** At least one row always stays (remove is disabled on the last one). */
export const formLineItemsSchema = z.array(formLineItemSchema).min(1, 'Add at least one line item');

/**
 * A discount as a form holds it: the type select always has a choice, so a blank value is what says "no discount".
 * Only a value typed is checked (a percent is at most 100), by the contract's rule.
 */
export function checkFormDiscount(v: { discountType?: DiscountType; discountValue?: string | null }, ctx: z.RefinementCtx) {
  if (v.discountValue === null || v.discountValue === undefined) return;
  checkDiscount({ discountType: v.discountType ?? 'percent', discountValue: v.discountValue }, ctx);
}

/**
 * What a priced line (estimates, invoices, credit notes) adds to a line: its discount, and the tax rates it carries.
 * `taxRateIds` absent means nobody chose rates for the line yet: it takes the organization's default rates.
 */
export const formPricedLineFields = {
  discountType: heldAs<DiscountType>()(pricedLineFields.discountType).optional(),
  discountValue: textField(pricedLineFields.discountValue).optional(),
  taxRateIds: heldAs<number[]>()(pricedLineFields.taxRateIds).optional(),
};

/** A document's own discount on its subtotal, as the form holds it (estimates, invoices). */
export const formDocumentDiscountFields = {
  discountType: heldAs<DiscountType>()(documentDiscountFields.discountType),
  discountValue: textField(documentDiscountFields.discountValue),
};

/** "1.00" -> "1", "12.50" -> "12.5": a stored quantity or discount as someone would type it; null is blank. */
export function plainDecimal(value: string | null | undefined): string {
  if (!value) return '';
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/** "1.00" -> "1", "1.50" -> "1.5": quantities read as typed. */
export const plainQuantity = (value: string): string => plainDecimal(value);
