// The estimate form (docs/rules/records.md#estimate-form): the contract's rules and messages, and its figures worked
// out by priceDocument as the server will (docs/rules/money-and-payments.md#taxes-and-discounts).
import { z } from 'zod';
import type { PricedDocument } from '@contracts/line-items';
import { fromCents, toCents, type DiscountType } from '@contracts/money';
import {
  checkDeposit,
  createEstimateSchema,
  DEPOSIT_TYPES,
  depositCents,
  ESTIMATE_SETTABLE_STATUSES,
  ESTIMATE_STATUSES,
  estimateLocked,
  type CreateEstimateInput,
  type Estimate,
  type EstimateStatus,
  type UpdateEstimateInput,
} from '@contracts/estimates';
import { emptyLineItem, type LineItemValues } from '@/components/line-items-editor';
import { lineRateIds, priceForm, type DocumentPricing } from '@/lib/document-pricing';
import { chosenIdField, textField } from '@/lib/form-fields';
import { checkFormDiscount, formDocumentDiscountFields, formLineItemSchema, formPricedLineFields, plainDecimal, plainQuantity } from '@/lib/line-item-schema';
import { toDateInput } from '@/lib/date-time';

const shape = createEstimateSchema.shape;

/**
 * A line as the form holds it: the shared line, its discount and tax rates, and whether it is optional (and, as loaded,
 * whether the customer ticked it).
 */
const estimateLineSchema = formLineItemSchema
  .extend({ ...formPricedLineFields, optional: z.boolean().optional(), selected: z.boolean().optional() })
  .superRefine((line, ctx) => checkFormDiscount({ discountType: line.discountType ?? undefined, discountValue: line.discountValue }, ctx));

export const estimateFormSchema = z.object({
  customerId: chosenIdField(shape.customerId),
  title: shape.title,
  description: z.string(),
  status: z.enum(ESTIMATE_STATUSES),
  validUntil: z.string(),
  ...formDocumentDiscountFields,
  tax: textField(shape.tax),
  terms: textField(shape.terms),
  notes: textField(shape.notes),
  /** 'none' or a deposit type (docs/rules/quote-approval.md#deposits). */
  depositType: z.enum(['none', ...DEPOSIT_TYPES]),
  depositValue: textField(shape.depositValue),
  lineItems: z.array(estimateLineSchema).min(1, 'Add at least one line item'),
}).superRefine((v, ctx) => {
  checkFormDiscount({ discountType: v.discountType ?? undefined, discountValue: v.discountValue }, ctx);
  checkDeposit({ depositType: depositTypeOf(v.depositType), depositValue: v.depositValue ?? null }, ctx);
});

const depositTypeOf = (value: string) => DEPOSIT_TYPES.find((t) => t === value) ?? null;

export interface EstimateFormValues {
  customerId: number | null;
  title: string;
  description: string;
  status: EstimateStatus;
  /** `YYYY-MM-DD` or ''. */
  validUntil: string;
  /** The estimate's own discount on its subtotal; a blank value is none. */
  discountType: DiscountType;
  discountValue: string;
  /** The tax typed by hand: counts only while no line carries a rate. */
  tax: string;
  /** Shown to the customer on the quote page and the PDF. */
  terms: string;
  notes: string;
  depositType: 'none' | (typeof DEPOSIT_TYPES)[number];
  /** A percent (25) or an amount (100.00), as typed. */
  depositValue: string;
  lineItems: LineItemValues[];
}

export type EstimateFormOutput = z.output<typeof estimateFormSchema>;

export function newEstimateValues(): EstimateFormValues {
  return {
    customerId: null,
    title: '',
    description: '',
    status: 'draft',
    validUntil: '',
    discountType: 'percent',
    discountValue: '',
    tax: '',
    terms: '',
    notes: '',
    depositType: 'none',
    depositValue: '',
    lineItems: [emptyLineItem()],
  };
}

/** The stored status as the form holds it; the word of old data ("accepted") is approved. */
export function formStatus(status: string): EstimateStatus {
  if (status === 'accepted') return 'approved';
  return ESTIMATE_STATUSES.find((s) => s === status) ?? 'draft';
}

/** Whether staff may pick this status by hand (viewed and converted come from the customer and from converting). */
export const isSettableStatus = (status: string): status is (typeof ESTIMATE_SETTABLE_STATUSES)[number] =>
  ESTIMATE_SETTABLE_STATUSES.some((s) => s === status);

/** The status select's choices: what staff may set, and the current status even when they may not (viewed, converted). */
export function statusChoices(current: string): readonly EstimateStatus[] {
  const status = formStatus(current);
  return isSettableStatus(status) ? ESTIMATE_SETTABLE_STATUSES : [status, ...ESTIMATE_SETTABLE_STATUSES];
}

export function estimateValues(estimate: Estimate): EstimateFormValues {
  return {
    customerId: estimate.customerId,
    title: estimate.title,
    description: estimate.description ?? '',
    status: formStatus(estimate.status),
    validUntil: toDateInput(estimate.validUntil),
    discountType: estimate.discountType ?? 'percent',
    discountValue: plainDecimal(estimate.discountValue),
    // A tax typed by hand is the estimate's tax only while no rate priced it.
    tax: estimate.taxes.length > 0 || estimate.tax === '0.00' ? '' : estimate.tax,
    terms: estimate.terms ?? '',
    notes: estimate.notes ?? '',
    depositType: estimate.depositType ?? 'none',
    depositValue: estimate.depositType && estimate.depositValue ? estimate.depositValue.replace(/\.00$/, '') : '',
    lineItems:
      estimate.lineItems.length > 0
        ? estimate.lineItems.map((l) => ({
            description: l.description,
            quantity: plainQuantity(l.quantity),
            rate: l.rate,
            discountType: l.discountType ?? 'percent',
            discountValue: plainDecimal(l.discountValue),
            taxRateIds: l.taxRates.map((r) => r.id),
            optional: l.optional,
            // A required line is stored as selected; made optional here, it is offered unticked.
            selected: l.optional && l.selected,
          }))
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

type FiguresInput = Pick<EstimateFormValues, 'lineItems' | 'tax' | 'discountType' | 'discountValue'>;

/**
 * The form's figures as the server will price them: a line still being typed or one the form refuses counts 0, an
 * optional line counts only once the customer has ticked it, a line nobody chose rates for carries the defaults.
 */
export function priceEstimateForm(values: FiguresInput, pricing: DocumentPricing, taxExempt: boolean): PricedDocument {
  return priceForm(values, pricing, taxExempt);
}

/** The deposit due on the form's live total, in cents; 0 without one or while its value is being typed. */
export function formDepositCents(values: FiguresInput & Pick<EstimateFormValues, 'depositType' | 'depositValue'>, pricing: DocumentPricing, taxExempt: boolean): number {
  const type = depositTypeOf(values.depositType ?? 'none');
  const cents = safeCents(values.depositValue ?? '');
  if (!type || cents <= 0) return 0;
  return depositCents(priceEstimateForm(values, pricing, taxExempt).totalCents, type, fromCents(cents));
}

/**
 * The POST/PUT body (docs/rules/records.md#estimate-form): lineItems as a JSON string, amounts as strings, each line
 * with its discount and tax rates (the defaults for a line nobody chose rates for).
 */
export function toEstimatePayload(out: EstimateFormOutput, raw: EstimateFormValues, pricing: DocumentPricing, taxExempt: boolean): CreateEstimateInput {
  const priced = priceEstimateForm(raw, pricing, taxExempt);
  const lines = out.lineItems.map((line, i) => ({
    description: line.description,
    quantity: line.quantity,
    rate: line.rate,
    amount: priced.lines[i]?.amount ?? '0.00',
    discountType: line.discountValue ? (line.discountType ?? 'percent') : null,
    discountValue: line.discountValue ?? null,
    taxRateIds: lineRateIds(raw.lineItems[i], pricing),
    ...(line.optional ? { optional: true, selected: line.selected === true } : {}),
  }));
  return {
    customerId: out.customerId,
    title: out.title,
    description: out.description.trim() ? out.description : null,
    // Viewed and converted are the server's to set: an unchanged one is not sent back.
    ...(isSettableStatus(out.status) ? { status: out.status } : {}),
    lineItems: JSON.stringify(lines),
    discountType: out.discountValue === null ? null : out.discountType,
    discountValue: out.discountValue,
    subtotal: fromCents(priced.subtotalCents),
    tax: out.tax ?? '0.00',
    total: fromCents(priced.totalCents),
    validUntil: out.validUntil || null,
    terms: out.terms ?? null,
    notes: out.notes ?? null,
    depositType: depositTypeOf(out.depositType),
    depositValue: depositTypeOf(out.depositType) ? (out.depositValue ?? null) : null,
  };
}

/**
 * The PUT body of an edit. An approved or converted estimate is what the customer signed and takes no change
 * (docs/rules/quote-approval.md#versions): nothing is sent for it.
 */
export function toEstimateUpdate(
  out: EstimateFormOutput,
  raw: EstimateFormValues,
  estimate: Pick<Estimate, 'status'>,
  pricing: DocumentPricing,
  taxExempt: boolean,
): UpdateEstimateInput | null {
  if (estimateLocked(estimate.status)) return null;
  return toEstimatePayload(out, raw, pricing, taxExempt);
}
