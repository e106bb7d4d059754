import { useId } from 'react';
import type { PublicQuote } from '@contracts/estimates';
import { formatMoney, formatPercent, toCents } from '@contracts/money';
import { DocumentTotals } from '@/components/document-totals';
import { cn } from '@/lib/utils';
import type { DepositRow } from '@/features/quote-approval/lib/quote-deposit';
import type { QuoteTotals } from '@/features/quote-approval/lib/quote-totals';

type QuoteLine = PublicQuote['lineItems'][number];

interface QuoteLinesProps {
  lines: readonly QuoteLine[];
  /** The organization's word, lower case ("quote", "treatment plan"). */
  word: string;
  /** The optional items ticked. */
  selectedIds: readonly number[];
  /** Given while the customer can still add optional items; read-only otherwise. */
  onToggle?: (id: number, selected: boolean) => void;
  disabled?: boolean;
}

/** "2" for 2.00, "1.5" for 1.50: quantities read as typed. */
const quantityText = (quantity: string) => (quantity.includes('.') ? quantity.replace(/\.?0+$/, '') : quantity);

/** The line's own discount and the taxes it carries, under its description. */
function LinePricing({ line }: { line: QuoteLine }) {
  const hasDiscount = toCents(line.discount) > 0;
  if (!hasDiscount && line.taxRates.length === 0) return null;
  const given = line.discountType === 'percent' && line.discountValue ? `${formatPercent(line.discountValue)} %` : null;
  return (
    <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-muted-foreground" data-testid="quote-line-pricing">
      {hasDiscount && (
        <span>
          Discount{given ? ` ${given}` : ''}: <span className="tabular-nums">-{formatMoney(line.discount)}</span>
        </span>
      )}
      {line.taxRates.length > 0 && <span>Tax: {line.taxRates.map((r) => `${r.name} ${formatPercent(r.percent)} %`).join(', ')}</span>}
    </p>
  );
}

function OptionalChoice({ line, word, checked, onToggle, disabled, idPrefix }: { line: QuoteLine; word: string; checked: boolean; onToggle?: QuoteLinesProps['onToggle']; disabled?: boolean; idPrefix: string }) {
  if (!onToggle) {
    return <p className="text-xs text-muted-foreground">{checked ? `Optional item, added to this ${word}` : 'Optional item, not added'}</p>;
  }
  const id = `${idPrefix}-optional-${line.id}`;
  return (
    <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-2 rounded-md py-1 text-sm font-medium text-primary">
      <input
        id={id}
        type="checkbox"
        className="size-5 accent-primary"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onToggle(line.id, e.target.checked)}
        // Several optional items each get a name of their own; the visible words start it (WCAG 2.5.3).
        aria-label={`Add to my ${word}: ${line.description}`}
        data-testid="optional-item-checkbox"
      />
      Add to my {word}
    </label>
  );
}

/** The quote's lines: a table from tablet width up, a stacked list on a phone; optional items offered with a tick box. */
export function QuoteLines({ lines, word, selectedIds, onToggle, disabled }: QuoteLinesProps) {
  const idPrefix = useId();
  const isIn = (line: QuoteLine) => !line.optional || selectedIds.includes(line.id);
  return (
    <>
      <div className="hidden md:block">
        <table className="w-full text-sm" data-testid="quote-lines-table">
          <caption className="sr-only">Items</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                Description
              </th>
              <th scope="col" className="w-16 px-3 py-2 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="w-28 px-3 py-2 text-right font-medium">
                Rate
              </th>
              <th scope="col" className="w-28 py-2 pl-3 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} className={cn('border-b align-top last:border-0', line.optional && 'bg-muted/40')} data-testid="quote-line" data-optional={line.optional}>
                <td className="py-3 pr-3">
                  <p className="break-words whitespace-pre-line">{line.description}</p>
                  <LinePricing line={line} />
                  {line.optional && (
                    <div className="mt-1">
                      <OptionalChoice line={line} word={word} checked={isIn(line)} onToggle={onToggle} disabled={disabled} idPrefix={`${idPrefix}-t`} />
                    </div>
                  )}
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{quantityText(line.quantity)}</td>
                <td className="px-3 py-3 text-right tabular-nums">{formatMoney(line.rate)}</td>
                <td className={cn('py-3 pl-3 text-right tabular-nums', !isIn(line) && 'text-muted-foreground line-through')}>{formatMoney(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y rounded-lg border md:hidden" aria-label="Items" data-testid="quote-lines-list">
        {lines.map((line) => (
          <li key={line.id} className={cn('space-y-1 px-3 py-3 text-sm', line.optional && 'bg-muted/40')} data-testid="quote-line" data-optional={line.optional}>
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 break-words whitespace-pre-line">{line.description}</p>
              <p className={cn('shrink-0 font-medium tabular-nums', !isIn(line) && 'text-muted-foreground line-through')}>{formatMoney(line.amount)}</p>
            </div>
            <p className="text-xs text-muted-foreground tabular-nums">
              {quantityText(line.quantity)} × {formatMoney(line.rate)}
            </p>
            <LinePricing line={line} />
            {line.optional && <OptionalChoice line={line} word={word} checked={isIn(line)} onToggle={onToggle} disabled={disabled} idPrefix={`${idPrefix}-l`} />}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Subtotal, discount, tax per rate (or the tax typed, when there is any), total and the deposit asked; `live` while ticking optional items changes them. */
export function QuoteTotalsList({ totals, live, deposit }: { totals: QuoteTotals; live: boolean; deposit: DepositRow | null }) {
  return (
    <DocumentTotals figures={totals.figures} idPrefix="quote" live={live} hideZeroTax className="ml-auto w-full max-w-sm">
      {deposit && (
        <div className="flex flex-wrap justify-between gap-x-3" data-testid="quote-deposit">
          <dt className="text-muted-foreground">{deposit.label}</dt>
          <dd className={cn('ml-auto text-right', deposit.figure ? 'tabular-nums' : 'text-muted-foreground')} data-testid="quote-deposit-value">
            {deposit.value}
          </dd>
        </div>
      )}
    </DocumentTotals>
  );
}
