// The form's rules for one line of a work order, estimate or invoice (docs/rules/records.md#line-items), built on the
// contract's schema so the messages are the server's.
import { z } from 'zod';
import { lineItemInputSchema } from '@contracts/line-items';
import { textField } from '@/lib/form-fields';

/** A blank quantity would be taken as 1 by the server; the form asks for it, as the amount shown depends on it. */
const blankAsZero = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? 0 : v);

export const formLineItemSchema = z.object({
  description: textField(lineItemInputSchema.shape.description),
  quantity: textField(z.preprocess(blankAsZero, lineItemInputSchema.shape.quantity)),
  rate: textField(lineItemInputSchema.shape.rate),
});

/** At least one row always stays (remove is disabled on the last one). */
export const formLineItemsSchema = z.array(formLineItemSchema).min(1, 'Add at least one line item');

/** "1.00" -> "1", "1.50" -> "1.5": quantities read as typed. */
export function plainQuantity(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
