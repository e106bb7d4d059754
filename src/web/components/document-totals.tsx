// The totals under a priced document (estimate, invoice, credit note, the public quote): subtotal, the document's
// discount, tax per rate and the total, in the words of docs/rules/money-and-payments.md#taxes-and-discounts. The
// figures are worked out elsewhere (lib/document-pricing.ts): this only lays them out.
import type { ReactNode } from 'react';
import { formatMoney, fromCents, type Cents } from '@contracts/money';
import type { DocumentFigures } from '@/lib/document-pricing';
import { cn } from '@/lib/utils';

interface DocumentTotalsProps {
  figures: DocumentFigures;
  /** Test ids start with it: `invoice` gives invoice-subtotal, invoice-tax, invoice-total. */
  idPrefix: string;
  /** Rows after the total: amount paid, balance due, the deposit asked. */
  children?: ReactNode;
  /** Without any rate, say nothing of a tax of 0 (the public quote page) rather than show "Tax $0.00". */
  hideZeroTax?: boolean;
  /** The figures follow someone's choices (the quote page's ticks): a screen reader hears them change. */
  live?: boolean;
  /** "Credit total" on a credit note. */
  totalLabel?: string;
  className?: string;
}

const money = (cents: Cents) => formatMoney(fromCents(cents));

function Row({ label, cents, testId, className, negative = false, rateId }: { label: string; cents: Cents; testId: string; className?: string; negative?: boolean; rateId?: number }) {
  return (
    <div className={cn('flex justify-between gap-3', className)} data-testid={`${testId}-row`} data-tax-rate-id={rateId}>
      <dt className="min-w-0 break-words">{label}</dt>
      <dd className="shrink-0 tabular-nums" data-testid={testId}>
        {money(negative && cents > 0 ? -cents : cents)}
      </dd>
    </div>
  );
}

/** "State 6.25 %". */
export const taxRateLabel = (tax: { name: string; percent: string }) => `${tax.name} ${tax.percent} %`;

export function DocumentTotals({ figures, idPrefix, children, hideZeroTax = false, live = false, totalLabel = 'Total', className }: DocumentTotalsProps) {
  const { taxes, pricesIncludeTax } = figures;
  const muted = 'text-muted-foreground';
  return (
    <dl className={cn('grid gap-1 rounded-md bg-muted px-4 py-3 text-sm', className)} aria-live={live ? 'polite' : undefined} data-testid={`${idPrefix}-totals`}>
      {figures.lineDiscountCents > 0 && (
        <>
          <Row label="Items" cents={figures.linesCents} testId={`${idPrefix}-items`} className={muted} />
          <Row label="Line discounts" cents={figures.lineDiscountCents} testId={`${idPrefix}-line-discounts`} className={muted} negative />
        </>
      )}
      <Row label="Subtotal" cents={figures.subtotalCents} testId={`${idPrefix}-subtotal`} />
      {figures.discount && (
        <Row
          label={figures.discount.percent ? `Discount (${figures.discount.percent} %)` : 'Discount'}
          cents={figures.discount.cents}
          testId={`${idPrefix}-discount`}
          negative
        />
      )}
      {!pricesIncludeTax &&
        taxes.map((t) => <Row key={t.taxRateId} label={taxRateLabel(t)} cents={t.cents} testId={`${idPrefix}-tax`} rateId={t.taxRateId} />)}
      {taxes.length === 0 &&
        (figures.taxExempt ? (
          <Row label="Tax (exempt)" cents={0} testId={`${idPrefix}-tax`} className={muted} />
        ) : (
          !(hideZeroTax && figures.taxCents === 0) && <Row label="Tax" cents={figures.taxCents} testId={`${idPrefix}-tax`} />
        ))}
      <Row label={totalLabel} cents={figures.totalCents} testId={`${idPrefix}-total`} className="mt-1 border-t border-foreground/10 pt-1.5 text-base font-semibold" />
      {pricesIncludeTax &&
        taxes.map((t) => (
          <Row key={t.taxRateId} label={`Includes ${taxRateLabel(t)}`} cents={t.cents} testId={`${idPrefix}-tax`} rateId={t.taxRateId} className={muted} />
        ))}
      {children}
    </dl>
  );
}
