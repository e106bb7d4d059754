// The line items of work orders, estimates, invoices and credit notes (docs/rules/records.md#line-items): description,
// quantity, rate, and the amount (quantity x rate) shown live in cents, never by adding floats. Priced documents
// (`pricing`) add a discount and tax rates per line (docs/rules/money-and-payments.md#taxes-and-discounts).
// Used inside a react-hook-form <Form> whose values have `lineItems: LineItemValues[]`.
import { Check, Plus, Trash2 } from 'lucide-react';
import { useFormContext, useWatch, type FieldErrors } from 'react-hook-form';
import { countsInTotal, MAX_TAX_RATES_PER_LINE, type LineTaxRate } from '@contracts/line-items';
import { discountCents, DISCOUNT_TYPES, formatMoney, formatPercent, fromCents, lineAmountCents, MAX_CENTS, type Cents, type DiscountType } from '@contracts/money';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { formLineItemSchema, formPricedLineFields } from '@/lib/line-item-schema';
import { useRecordWord } from '@/lib/use-labels';
import { cn } from '@/lib/utils';

/** A line as the form holds it: what the inputs show. */
export interface LineItemValues {
  description: string;
  quantity: string;
  rate: string;
  /** Estimates only: offered to the customer, who may tick it on the quote page (docs/rules/records.md#estimate-form). */
  optional?: boolean;
  /** Estimates only: whether an optional line counts (the customer ticked it); kept as loaded, never edited here. */
  selected?: boolean;
  /** Priced documents: the line's discount, a percent or an amount; a blank value is no discount. */
  discountType?: DiscountType;
  discountValue?: string;
  /** Priced documents: the tax rates ticked; absent until someone chooses, when the organization's defaults apply. */
  taxRateIds?: number[];
}

/** A new line has quantity 1 and rate 0 (docs/rules/records.md#line-items). */
export function emptyLineItem(): LineItemValues {
  return { description: '', quantity: '1', rate: '0' };
}

/** quantity x rate in cents; 0 while either is blank, not a number yet, or breaks the line's rules. */
export function lineCents(line: Partial<LineItemValues> | undefined): Cents {
  const quantity = formLineItemSchema.shape.quantity.safeParse(line?.quantity?.trim() ?? '');
  const rate = formLineItemSchema.shape.rate.safeParse(line?.rate?.trim() ?? '');
  // A line the form will refuse (quantity below 1, a negative rate, text) counts nothing toward the live total,
  // so the total shown is what can be saved (docs/features.md, Field rules).
  if (!quantity.success || !rate.success || !quantity.data || !rate.data) return 0;
  try {
    const cents = lineAmountCents(quantity.data, rate.data);
    return cents > MAX_CENTS ? 0 : cents;
  } catch {
    return 0;
  }
}

export function linesSubtotalCents(lines: readonly (Partial<LineItemValues> | undefined)[] | undefined): Cents {
  return (lines ?? []).reduce<Cents>((sum, line) => sum + lineCents(line), 0);
}

/** The decimal string of a line's amount, as the API carries it. */
export function lineAmount(line: Partial<LineItemValues> | undefined): string {
  return fromCents(lineCents(line));
}

/** The line's discount in cents: 0 while its value is blank or not a number yet. */
export function lineDiscountCents(line: Partial<LineItemValues> | undefined): Cents {
  const value = formPricedLineFields.discountValue.safeParse(line?.discountValue?.trim() ?? '');
  if (!value.success || !value.data) return 0;
  return discountCents(lineCents(line), { type: line?.discountType ?? 'percent', value: value.data });
}

/** The tax rates of priced documents' lines (estimates, invoices, credit notes). */
export interface LinePricing {
  /** What a line may be given: the organization's active rates. */
  rates: readonly LineTaxRate[];
  /** Ticked on a line nobody chose rates for (a new line): the organization's default rates. */
  defaultRateIds: readonly number[];
  /** Names the rates a line carries that are no longer offered (archived), so they can be seen and taken off. */
  rateById: ReadonlyMap<number, LineTaxRate>;
}

const DISCOUNT_SIGNS: Record<DiscountType, string> = { percent: '%', amount: '$' };

/** The server may also answer about a line's amount (lineItems.N.amount), which the form does not hold. */
type LineErrorValues = { lineItems: (LineItemValues & { amount?: string })[] };

interface LineItemsEditorProps {
  /** Disables every input (while saving, or a saved invoice). */
  disabled?: boolean;
  /** A view for users who may not change the document: no add or remove buttons. */
  readOnly?: boolean;
  /** Estimates: an Optional checkbox per line; an optional line the customer has not ticked does not count in the total. */
  optionalItems?: boolean;
  /** Estimates, invoices and credit notes: a discount and tax rates per line (work orders have neither). */
  pricing?: LinePricing;
  className?: string;
}

const COLUMNS = 'sm:grid-cols-[minmax(0,1fr)_5.5rem_7rem_7rem_2.25rem]';
const COLUMNS_WITH_OPTIONAL = 'sm:grid-cols-[minmax(0,1fr)_5rem_6.5rem_6.5rem_4.25rem_2.25rem]';

export function LineItemsEditor({ disabled = false, readOnly = false, optionalItems = false, pricing, className }: LineItemsEditorProps) {
  const { control, register, formState, getValues, setValue, clearErrors } = useFormContext<{ lineItems: LineItemValues[] }>();
  // Rows are the watched array itself (not useFieldArray, which would add its code to the shared
  // react-hook-form chunk that the sign-in page also loads); setValue writes the values back into
  // the rows' inputs, so index keys stay correct when a row is removed.
  const lines = useWatch({ control, name: 'lineItems' }) ?? [];
  const update = (next: LineItemValues[]) => setValue('lineItems', next, { shouldDirty: true });
  const append = (line: LineItemValues) => update([...getValues('lineItems'), line]);
  const setOptional = (index: number, optional: boolean) => setValue(`lineItems.${index}.optional`, optional, { shouldDirty: true });
  const columns = optionalItems ? COLUMNS_WITH_OPTIONAL : COLUMNS;
  const client = useRecordWord('customers');
  const remove = (index: number) => {
    // Messages belong to row positions, which just moved; the next submit checks again.
    clearErrors('lineItems');
    update(getValues('lineItems').filter((_, i) => i !== index));
  };
  const errors: FieldErrors<LineErrorValues> = formState.errors;
  const lineErrors = errors.lineItems;
  const listError = lineErrors?.root?.message ?? lineErrors?.message;

  return (
    <fieldset className={cn('space-y-2', className)} disabled={disabled || readOnly} data-testid="line-items">
      <legend className="mb-2 text-sm font-medium">Line Items</legend>
      <div
        aria-hidden
        className={cn('hidden gap-2 px-1 text-xs font-medium text-muted-foreground sm:grid', columns)}
      >
        <span>Description</span>
        <span>Quantity</span>
        <span>Rate</span>
        <span className="text-right">Amount</span>
        {optionalItems && <span className="text-center">Optional</span>}
        <span />
      </div>
      <ul className="space-y-2">
        {lines.map((_, index) => {
          const n = index + 1;
          const e = lineErrors?.[index];
          const messages = [e?.description?.message, e?.quantity?.message, e?.rate?.message, e?.amount?.message, e?.discountValue?.message, e?.taxRateIds?.message].filter(Boolean);
          const line = lines[index];
          const counts = countsInTotal({ optional: optionalItems && line?.optional, selected: line?.selected });
          return (
            <li
              key={index}
              className={cn('rounded-md border p-2 sm:border-0 sm:p-0', pricing && 'sm:rounded-none sm:border-b sm:pb-2.5 sm:last:border-b-0')}
              data-testid="line-item"
            >
              <div className={cn('grid grid-cols-[3.25rem_minmax(0,1fr)_minmax(0,1fr)_2rem] items-center gap-1.5 sm:gap-2', columns)}>
                <Input
                  className="col-span-3 sm:col-span-1"
                  placeholder="Description"
                  aria-label={`Line ${n} description`}
                  aria-invalid={Boolean(e?.description)}
                  {...register(`lineItems.${index}.description`)}
                />
                <Input
                  type="number"
                  inputMode="decimal"
                  min={1}
                  step="any"
                  placeholder="Qty"
                  className="px-2 [-moz-appearance:textfield] sm:px-3 [&::-webkit-inner-spin-button]:appearance-none"
                  aria-label={`Line ${n} quantity`}
                  aria-invalid={Boolean(e?.quantity)}
                  {...register(`lineItems.${index}.quantity`)}
                />
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  placeholder="Rate"
                  className="px-2 [-moz-appearance:textfield] sm:px-3 [&::-webkit-inner-spin-button]:appearance-none"
                  aria-label={`Line ${n} rate`}
                  aria-invalid={Boolean(e?.rate)}
                  {...register(`lineItems.${index}.rate`)}
                />
                <output
                  aria-label={`Line ${n} amount`}
                  data-testid="line-amount"
                  title={counts ? undefined : `Optional: not in the total unless the ${client.lower} adds it`}
                  className={cn('col-span-2 truncate rounded-md bg-muted px-2 py-2 text-right text-sm tabular-nums sm:col-span-1', !counts && 'text-muted-foreground')}
                >
                  {formatMoney(fromCents(lineCents(line)))}
                </output>
                {optionalItems && (
                  <label
                    className="col-span-4 flex items-center gap-2 text-sm sm:col-span-1 sm:justify-center"
                    title={line?.optional && line.selected ? `Optional, added by the ${client.lower}` : undefined}
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      aria-label={`Line ${n} optional`}
                      checked={line?.optional === true}
                      onChange={(event) => setOptional(index, event.target.checked)}
                    />
                    <span className="sm:sr-only">{line?.optional && line.selected ? `Optional, added by the ${client.lower}` : 'Optional'}</span>
                  </label>
                )}
                {readOnly ? (
                  <span className="col-start-4 row-start-1 sm:col-start-auto sm:row-start-auto" />
                ) : (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="col-start-4 row-start-1 size-8 sm:col-start-auto sm:row-start-auto sm:size-9"
                    aria-label={`Remove line ${n}`}
                    disabled={disabled || lines.length <= 1}
                    onClick={() => remove(index)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                )}
              </div>
              {pricing && line && <LinePricingFields index={index} line={line} pricing={pricing} readOnly={readOnly} />}
              {messages.length > 0 && (
                <p className="mt-1 text-sm text-destructive" role="alert">
                  {messages.join(' · ')}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {listError && <p className="text-sm text-destructive">{listError}</p>}
      {!readOnly && (
        <Button variant="outline" size="sm" onClick={() => append(emptyLineItem())} disabled={disabled}>
          <Plus aria-hidden />
          Add line
        </Button>
      )}
    </fieldset>
  );
}

/** A priced line's discount (type and value) and its tax rates as toggle chips; a plain summary when read only. */
function LinePricingFields({ index, line, pricing, readOnly }: { index: number; line: LineItemValues; pricing: LinePricing; readOnly: boolean }) {
  const { register, setValue } = useFormContext<{ lineItems: LineItemValues[] }>();
  const n = index + 1;
  const ticked = line.taxRateIds ?? pricing.defaultRateIds;
  const offered = [...pricing.rates, ...ticked.filter((id) => !pricing.rates.some((r) => r.id === id)).flatMap((id) => pricing.rateById.get(id) ?? [])];
  const type = line.discountType ?? 'percent';
  const discount = lineDiscountCents(line);
  // In the order the organization lists its rates, whatever order they were ticked in: the totals list them so.
  const position = (id: number) => offered.findIndex((r) => r.id === id);
  const setRates = (ids: number[]) =>
    setValue(
      `lineItems.${index}.taxRateIds`,
      [...ids].sort((a, b) => position(a) - position(b)),
      { shouldDirty: true },
    );

  if (readOnly) {
    const carried = offered.filter((r) => ticked.includes(r.id));
    if (discount === 0 && carried.length === 0) return null;
    return (
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted-foreground" data-testid="line-pricing">
        {discount > 0 && (
          <span>
            Discount{type === 'percent' ? ` ${formatPercent(line.discountValue ?? '0')} %` : ''}: <span className="tabular-nums">{formatMoney(fromCents(-discount))}</span>
          </span>
        )}
        {carried.length > 0 && <span>Tax: {carried.map((r) => `${r.name} ${formatPercent(r.percent)} %`).join(', ')}</span>}
      </p>
    );
  }
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-5 gap-y-2" data-testid="line-pricing">
      <div className="flex items-center gap-1.5">
        <span className="text-xs text-muted-foreground" aria-hidden>
          Discount
        </span>
        <NativeSelect
          aria-label={`Line ${n} discount type`}
          className="w-16 pr-7 pl-2.5"
          value={type}
          onChange={(event) => {
            const chosen = DISCOUNT_TYPES.find((t) => t === event.target.value);
            if (chosen) setValue(`lineItems.${index}.discountType`, chosen, { shouldDirty: true });
          }}
        >
          {DISCOUNT_TYPES.map((t) => (
            <option key={t} value={t}>
              {DISCOUNT_SIGNS[t]}
            </option>
          ))}
        </NativeSelect>
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          max={type === 'percent' ? 100 : undefined}
          step="0.01"
          placeholder="0"
          className="w-24 px-2 [-moz-appearance:textfield] sm:px-3 [&::-webkit-inner-spin-button]:appearance-none"
          aria-label={`Line ${n} discount`}
          {...register(`lineItems.${index}.discountValue`)}
        />
        {discount > 0 && (
          <output aria-label={`Line ${n} discount amount`} className="text-xs text-muted-foreground tabular-nums" data-testid="line-discount">
            {formatMoney(fromCents(-discount))}
          </output>
        )}
      </div>
      {offered.length > 0 && (
        <div role="group" aria-label={`Line ${n} tax rates`} className="flex flex-wrap items-center gap-1.5">
          <span className="text-xs text-muted-foreground" aria-hidden>
            Tax
          </span>
          {offered.map((rate) => {
            const isOn = ticked.includes(rate.id);
            const label = `${rate.name} ${formatPercent(rate.percent)} %`;
            return (
              // A toggle chip: a checkbox to assistive technology, the whole chip to press.
              <button
                key={rate.id}
                type="button"
                role="checkbox"
                aria-checked={isOn}
                aria-label={`Line ${n} tax ${label}`}
                // The contract's limit per line: a sixth rate cannot be ticked.
                disabled={!isOn && ticked.length >= MAX_TAX_RATES_PER_LINE}
                onClick={() => setRates(isOn ? ticked.filter((id) => id !== rate.id) : [...ticked, rate.id])}
                className={cn(
                  'inline-flex h-8 items-center gap-1 rounded-full border px-2.5 text-xs sm:h-7 font-medium whitespace-nowrap transition-colors outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50',
                  isOn ? 'border-primary bg-primary/10 text-primary' : 'border-input bg-card text-muted-foreground hover:text-foreground',
                )}
              >
                {isOn && <Check className="size-3" aria-hidden />}
                {label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
