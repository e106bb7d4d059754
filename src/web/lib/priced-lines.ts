// The lines of the forms that leave incomplete lines out (invoices, recurring invoices): a line counts once its
// description, quantity and rate are filled in, and is then checked by the contract's line rules and priced as the
// server will (docs/rules/records.md#invoice-form, docs/rules/money-and-payments.md#taxes-and-discounts).
import { z } from 'zod';
import { lineItemInputSchema } from '@contracts/line-items';
import { lineAmount } from '@/components/line-items-editor';
import { lineRateIds, priceForm, type DocumentPricing, type FormToPrice } from '@/lib/document-pricing';
import { checkFormDiscount, formPricedLineFields } from '@/lib/line-item-schema';

type TypedLine = { description?: string; quantity?: string; rate?: string };

/** A line is sent only when its description, quantity and rate are all filled in. */
export function isCompleteLine<T extends TypedLine>(line: T | undefined): line is T & Required<TypedLine> {
  return Boolean(line?.description?.trim() && line.quantity?.trim() && line.rate?.trim());
}

const lineValues = z
  .object({ description: z.string(), quantity: z.string(), rate: z.string(), ...formPricedLineFields })
  .superRefine((line, ctx) => checkFormDiscount({ discountType: line.discountType ?? undefined, discountValue: line.discountValue }, ctx));

/** The lines field: complete lines follow the line rules (quantity at least 1, rate not negative); the rest are left out. */
export const completeLinesField = z.array(lineValues).superRefine((lines, ctx) => {
  lines.forEach((line, index) => {
    if (!isCompleteLine(line)) return;
    const result = lineItemInputSchema.safeParse(line);
    if (result.success) return;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: [index, ...issue.path], message: issue.message });
  });
});

type LineOut = z.output<typeof lineValues>;

/**
 * The complete lines as the contract reads them: without a discount value there is no discount, and a line nobody
 * chose rates for carries the organization's defaults (`pricing`).
 */
export function completeLinesToSend(lines: readonly LineOut[], pricing: Pick<DocumentPricing, 'defaultRateIds'>) {
  return lines.filter(isCompleteLine).map((line) => ({
    description: line.description,
    quantity: line.quantity,
    rate: line.rate,
    amount: lineAmount({ quantity: line.quantity, rate: line.rate }),
    discountType: line.discountValue ? (line.discountType ?? 'percent') : null,
    discountValue: line.discountValue ?? null,
    taxRateIds: lineRateIds(line, pricing),
  }));
}

/** A form's figures as the server will price them: only complete lines count. */
export function priceCompleteLines(values: FormToPrice, pricing: DocumentPricing, taxExempt: boolean) {
  return priceForm({ ...values, lineItems: (values.lineItems ?? []).filter(isCompleteLine) }, pricing, taxExempt);
}
