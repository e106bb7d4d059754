// The figures of a priced document (estimate, invoice, credit note) as its form or its page shows them
// (docs/rules/money-and-payments.md#taxes-and-discounts). A form's live figures come from the contract's priceDocument,
// the one computation the server also runs, so what is shown is what will be stored; a saved document's come from the
// server's answer, which knows the rounding it was priced with.
import {
  countsInTotal,
  decimalInput,
  priceDocument,
  pricedLineFields,
  type DocumentTax,
  type LineTaxRate,
  type LineToPrice,
  type PricedDocument,
} from '@contracts/line-items';
import { formatPercent, toCents, type Cents, type DiscountType, type TaxRounding } from '@contracts/money';
import type { TaxRate } from '@contracts/tax-rates';
import { lineCents, type LineItemValues } from '@/components/line-items-editor';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useTaxSettings } from '@/lib/tax-settings';

/** What a form needs to offer rates and price like the server. */
export interface DocumentPricing {
  /** The rates a line may be given: the organization's active ones. */
  activeRates: readonly TaxRate[];
  /** The rates a line nobody chose rates for carries: the active default ones. */
  defaultRateIds: readonly number[];
  /** Every rate a line may name (archived ones too, and those a loaded document was written with). */
  rateById: ReadonlyMap<number, LineTaxRate>;
  pricesIncludeTax: boolean;
  taxRounding: TaxRounding;
  /** False while the settings load (or the caller may not read them): the forms then offer no rates yet. */
  isReady: boolean;
}

/**
 * The organization's tax settings for a document form. A super user's session spans organizations, so theirs is the
 * document's (its customer's); for everyone else it is their own. `knownRates`: the rates a loaded document's lines
 * carry, which still price it if the organization no longer lists them. A document that can no longer change names
 * its rates as they were written (`knownRatesWin`); one being edited is priced with the rates as they are now, as the
 * server will price it.
 */
export function useDocumentPricing(organizationId: number | null, knownRates: readonly LineTaxRate[] = [], knownRatesWin = false): DocumentPricing {
  const { user } = useCurrentUser();
  const isSuperUser = user?.role === 'super_user';
  const settings = useTaxSettings(isSuperUser ? organizationId : null, user !== null && (!isSuperUser || organizationId !== null));
  return documentPricingOf(settings.data, knownRates, knownRatesWin);
}

export function documentPricingOf(
  settings: { pricesIncludeTax: boolean; taxRounding: TaxRounding; rates: readonly TaxRate[] } | undefined,
  knownRates: readonly LineTaxRate[] = [],
  knownRatesWin = false,
): DocumentPricing {
  const rates = settings?.rates ?? [];
  const activeRates = rates.filter((r) => !r.archived);
  const current = rates.map((r): LineTaxRate => ({ id: r.id, name: r.name, percent: r.percent }));
  const rateById = new Map<number, LineTaxRate>((knownRatesWin ? [...current, ...knownRates] : [...knownRates, ...current]).map((r) => [r.id, r]));
  return {
    activeRates,
    defaultRateIds: activeRates.filter((r) => r.isDefault).map((r) => r.id),
    rateById,
    pricesIncludeTax: settings?.pricesIncludeTax ?? false,
    taxRounding: settings?.taxRounding ?? 'per_document',
    isReady: settings !== undefined,
  };
}

/** The rates a form line carries: the ones ticked, or the defaults while nobody has chosen. */
export const lineRateIds = (line: Pick<Partial<LineItemValues>, 'taxRateIds'> | undefined, pricing: Pick<DocumentPricing, 'defaultRateIds'>): number[] => [
  ...(line?.taxRateIds ?? pricing.defaultRateIds),
];

/** The rates of every line of a loaded document, for `useDocumentPricing`'s knownRates. */
export const ratesOfLines = (lines: readonly { taxRates: readonly LineTaxRate[] }[]): LineTaxRate[] => lines.flatMap((l) => l.taxRates);

const manualTaxInput = decimalInput(0, 'Tax cannot be negative');

/** A value the contract accepts, else none (while it is being typed, or one the form will refuse). */
function readDecimal(value: string | undefined | null, schema: typeof manualTaxInput | typeof pricedLineFields.discountValue = pricedLineFields.discountValue): string | null {
  const read = schema.safeParse(value?.trim() ?? '');
  return read.success ? (read.data ?? null) : null;
}

/** A form's values as priceDocument reads them. */
export interface FormToPrice {
  lineItems: readonly (Partial<LineItemValues> | undefined)[] | undefined;
  discountType?: DiscountType;
  discountValue?: string;
  /** The tax typed by hand (counts only while no line carries a rate). */
  tax?: string;
}

/**
 * Prices a form's values as the server will: a line still being typed or one the form refuses counts 0, a discount or
 * tax that is not a number yet counts nothing, a line without chosen rates carries the defaults.
 */
export function priceForm(values: FormToPrice, pricing: DocumentPricing, taxExempt: boolean): PricedDocument {
  const lines = (values.lineItems ?? []).map((line): LineToPrice => {
    const valid = lineCents(line) > 0;
    const discountValue = readDecimal(line?.discountValue);
    return {
      description: line?.description ?? '',
      quantity: valid ? (line?.quantity ?? '').trim() : '1',
      rate: valid ? (line?.rate ?? '').trim() : '0',
      optional: line?.optional === true,
      selected: line?.selected === true,
      discountType: discountValue === null ? null : (line?.discountType ?? 'percent'),
      discountValue,
      taxRates: lineRateIds(line, pricing).flatMap((id) => pricing.rateById.get(id) ?? []),
    };
  });
  const discountValue = readDecimal(values.discountValue);
  return priceDocument({
    lines,
    discountType: discountValue === null ? null : (values.discountType ?? 'percent'),
    discountValue,
    manualTax: readDecimal(values.tax, manualTaxInput),
    pricesIncludeTax: pricing.pricesIncludeTax,
    taxRounding: pricing.taxRounding,
    taxExempt,
  });
}

/** What the totals show, whichever side worked it out. */
export interface DocumentFigures {
  /** The counted lines before their own discounts, and those discounts (shown only when a line has one). */
  linesCents: Cents;
  lineDiscountCents: Cents;
  subtotalCents: Cents;
  /** The document's own discount and how it was given ("10 %"), if any. */
  discount: { cents: Cents; percent: string | null } | null;
  /** Tax per rate; empty when no line carries a rate (then `taxCents` is the tax typed by hand). */
  taxes: readonly { taxRateId: number; name: string; percent: string; cents: Cents }[];
  taxCents: Cents;
  /** The line prices include the taxes: they are shown as included, not added. */
  pricesIncludeTax: boolean;
  taxExempt: boolean;
  totalCents: Cents;
}

const discountOf = (type: DiscountType | null, value: string | null, cents: Cents): DocumentFigures['discount'] =>
  cents > 0 ? { cents, percent: type === 'percent' && value ? formatPercent(value) : null } : null;

const taxRows = (taxes: readonly DocumentTax[]) => taxes.map((t) => ({ taxRateId: t.taxRateId, name: t.name, percent: formatPercent(t.percent), cents: toCents(t.amount) }));

/** The figures of a form's live pricing. */
export function figuresOfPriced(priced: PricedDocument, pricing: Pick<DocumentPricing, 'pricesIncludeTax'>, taxExempt: boolean): DocumentFigures {
  const counted = priced.lines.filter(countsInTotal);
  return {
    linesCents: counted.reduce((s, l) => s + toCents(l.amount), 0),
    lineDiscountCents: counted.reduce((s, l) => s + toCents(l.discount), 0),
    subtotalCents: priced.subtotalCents,
    discount: discountOf(priced.discountType, priced.discountValue, priced.discountCents),
    taxes: taxRows(priced.taxes),
    taxCents: priced.taxCents,
    pricesIncludeTax: pricing.pricesIncludeTax && priced.taxes.length > 0,
    taxExempt,
    totalCents: priced.totalCents,
  };
}

/** A saved document as the server priced it (an invoice, estimate, credit note or the public quote). */
export interface PricedAnswer {
  lineItems: readonly { amount: string; discount: string; optional?: boolean; selected?: boolean }[];
  subtotal: string;
  discountType: DiscountType | null;
  discountValue: string | null;
  discount: string;
  taxes: readonly DocumentTax[];
  tax: string;
  total: string;
  pricesIncludeTax: boolean;
  taxExempt: boolean;
}

/** The figures the server answered for a saved document. */
export function figuresOfAnswer(doc: PricedAnswer): DocumentFigures {
  const counted = doc.lineItems.filter(countsInTotal);
  return {
    linesCents: counted.reduce((s, l) => s + toCents(l.amount), 0),
    lineDiscountCents: counted.reduce((s, l) => s + toCents(l.discount), 0),
    subtotalCents: toCents(doc.subtotal),
    discount: discountOf(doc.discountType, doc.discountValue, toCents(doc.discount)),
    taxes: taxRows(doc.taxes),
    taxCents: toCents(doc.tax),
    pricesIncludeTax: doc.pricesIncludeTax && doc.taxes.length > 0,
    taxExempt: doc.taxExempt,
    totalCents: toCents(doc.total),
  };
}
