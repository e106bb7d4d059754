// The estimate form (docs/rules/records.md#estimate-form): the contract's rules and messages.
import { z } from 'zod';
import { fromCents, toCents } from '@contracts/money';
import { createEstimateSchema, ESTIMATE_STATUSES, type CreateEstimateInput, type Estimate, type EstimateStatus } from '@contracts/estimates';
import { emptyLineItem, lineAmount, linesSubtotalCents, type LineItemValues } from '@/components/line-items-editor';
import { chosenIdField, textField } from '@/lib/form-fields';
import { formLineItemsSchema, plainQuantity } from '@/lib/line-item-schema';
import { toDateInput } from '@/lib/date-time';

const shape = createEstimateSchema.shape;

export const estimateFormSchema = z.object({
  customerId: chosenIdField(shape.customerId),
  title: shape.title,
  description: z.string(),
  status: z.enum(ESTIMATE_STATUSES),
  validUntil: z.string(),
  tax: textField(shape.tax),
  lineItems: formLineItemsSchema,
});

export interface EstimateFormValues {
  customerId: number | null;
  title: string;
  description: string;
  status: EstimateStatus;
  /** `YYYY-MM-DD` or ''. */
  validUntil: string;
  tax: string;
  lineItems: LineItemValues[];
}

export type EstimateFormOutput = z.output<typeof estimateFormSchema>;

export function newEstimateValues(): EstimateFormValues {
  return { customerId: null, title: '', description: '', status: 'draft', validUntil: '', tax: '', lineItems: [emptyLineItem()] };
}

export function estimateValues(estimate: Estimate): EstimateFormValues {
  const status = (ESTIMATE_STATUSES as readonly string[]).includes(estimate.status) ? (estimate.status as EstimateStatus) : 'draft';
  return {
    customerId: estimate.customerId,
    title: estimate.title,
    description: estimate.description ?? '',
    status,
    validUntil: toDateInput(estimate.validUntil),
    tax: estimate.tax === '0.00' ? '' : estimate.tax,
    lineItems:
      estimate.lineItems.length > 0
        ? estimate.lineItems.map((l) => ({ description: l.description, quantity: plainQuantity(l.quantity), rate: l.rate }))
        : [emptyLineItem()],
  };
}

function safeCents(value: string): number {
  try {
    return toCents(value.trim());
  } catch {
    return 0;
  }
}

/** subtotal = the line amounts; total = subtotal + tax; in cents. */
export function estimateTotals(values: Pick<EstimateFormValues, 'lineItems' | 'tax'>): { subtotalCents: number; taxCents: number; totalCents: number } {
  const subtotalCents = linesSubtotalCents(values.lineItems);
  const taxCents = safeCents(values.tax ?? '');
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** The POST/PUT body (docs/rules/records.md#estimate-form): lineItems as a JSON string, amounts as strings. */
export function toEstimatePayload(out: EstimateFormOutput, raw: EstimateFormValues): CreateEstimateInput {
  const { subtotalCents, totalCents } = estimateTotals(raw);
  const lines = out.lineItems.map((line, i) => ({
    description: line.description,
    quantity: line.quantity,
    rate: line.rate,
    amount: lineAmount(raw.lineItems[i]),
  }));
  return {
    customerId: out.customerId,
    title: out.title,
    description: out.description.trim() ? out.description : null,
    status: out.status,
    lineItems: JSON.stringify(lines),
    subtotal: fromCents(subtotalCents),
    tax: out.tax ?? '0.00',
    total: fromCents(totalCents),
    validUntil: out.validUntil || null,
  };
}
