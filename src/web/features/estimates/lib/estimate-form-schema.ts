// The estimate form (docs/rules/records.md#estimate-form): the contract's rules and messages.
import { z } from 'zod';
import { priceLineItems, type LineToPrice } from '@contracts/line-items';
import { fromCents, toCents } from '@contracts/money';
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
import { emptyLineItem, lineCents, type LineItemValues } from '@/components/line-items-editor';
import { chosenIdField, textField } from '@/lib/form-fields';
import { formLineItemSchema, plainQuantity } from '@/lib/line-item-schema';
import { toDateInput } from '@/lib/date-time';

const shape = createEstimateSchema.shape;

/** A line as the form holds it: the shared line plus whether it is optional (and, as loaded, whether the customer ticked it). */
const estimateLineSchema = formLineItemSchema.extend({ optional: z.boolean().optional(), selected: z.boolean().optional() });

export const estimateFormSchema = z.object({
  customerId: chosenIdField(shape.customerId),
  title: shape.title,
  description: z.string(),
  status: z.enum(ESTIMATE_STATUSES),
  validUntil: z.string(),
  tax: textField(shape.tax),
  terms: textField(shape.terms),
  notes: textField(shape.notes),
  /** 'none' or a deposit type (docs/rules/quote-approval.md#deposits). */
  depositType: z.enum(['none', ...DEPOSIT_TYPES]),
  depositValue: textField(shape.depositValue),
  lineItems: z.array(estimateLineSchema).min(1, 'Add at least one line item'),
}).superRefine((v, ctx) => checkDeposit({ depositType: depositTypeOf(v.depositType), depositValue: v.depositValue ?? null }, ctx));

const depositTypeOf = (value: string) => DEPOSIT_TYPES.find((t) => t === value) ?? null;

export interface EstimateFormValues {
  customerId: number | null;
  title: string;
  description: string;
  status: EstimateStatus;
  /** `YYYY-MM-DD` or ''. */
  validUntil: string;
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
    tax: estimate.tax === '0.00' ? '' : estimate.tax,
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

/**
 * The lines priced as the server prices them (priceLineItems): a line the form would refuse, or one still being
 * typed, counts 0; an optional line counts only once the customer has ticked it.
 */
export function priceFormLines(lines: readonly (Partial<LineItemValues> | undefined)[]) {
  const toPrice = lines.map((line): LineToPrice => {
    const valid = lineCents(line) > 0;
    return {
      description: line?.description ?? '',
      quantity: valid ? (line?.quantity ?? '').trim() : '1',
      rate: valid ? (line?.rate ?? '').trim() : '0',
      optional: line?.optional === true,
      selected: line?.selected === true,
    };
  });
  return priceLineItems(toPrice);
}

/** subtotal = the line amounts that count; total = subtotal + tax; in cents. */
export function estimateTotals(values: Pick<EstimateFormValues, 'lineItems' | 'tax'>): { subtotalCents: number; taxCents: number; totalCents: number } {
  const { subtotalCents } = priceFormLines(values.lineItems ?? []);
  const taxCents = safeCents(values.tax ?? '');
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** The deposit due on the form's live total, in cents; 0 without one or while its value is being typed. */
export function formDepositCents(values: Pick<EstimateFormValues, 'lineItems' | 'tax' | 'depositType' | 'depositValue'>): number {
  const type = depositTypeOf(values.depositType ?? 'none');
  const cents = safeCents(values.depositValue ?? '');
  if (!type || cents <= 0) return 0;
  return depositCents(estimateTotals(values).totalCents, type, fromCents(cents));
}

/** The POST/PUT body (docs/rules/records.md#estimate-form): lineItems as a JSON string, amounts as strings. */
export function toEstimatePayload(out: EstimateFormOutput, raw: EstimateFormValues): CreateEstimateInput {
  const { subtotalCents, totalCents } = estimateTotals(raw);
  const priced = priceFormLines(raw.lineItems);
  const lines = out.lineItems.map((line, i) => ({
    description: line.description,
    quantity: line.quantity,
    rate: line.rate,
    amount: priced.lines[i]?.amount ?? '0.00',
    ...(line.optional ? { optional: true, selected: line.selected === true } : {}),
  }));
  return {
    customerId: out.customerId,
    title: out.title,
    description: out.description.trim() ? out.description : null,
    // Viewed and converted are the server's to set: an unchanged one is not sent back.
    ...(isSettableStatus(out.status) ? { status: out.status } : {}),
    lineItems: JSON.stringify(lines),
    subtotal: fromCents(subtotalCents),
    tax: out.tax ?? '0.00',
    total: fromCents(totalCents),
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
export function toEstimateUpdate(out: EstimateFormOutput, raw: EstimateFormValues, estimate: Pick<Estimate, 'status'>): UpdateEstimateInput | null {
  if (estimateLocked(estimate.status)) return null;
  return toEstimatePayload(out, raw);
}
