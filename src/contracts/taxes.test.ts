// The one rounding rule for taxes and discounts (docs/rules/money-and-payments.md#taxes-and-discounts): exact figures,
// rounded half away from zero once per line and rate (per_line) or once per rate (per_document).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceDocument, type LineToPrice, type PricingSettings } from './line-items';
import { discountCents, formatPercent, lineAmountCents, taxesByRate, toCents } from './money';

const STATE = { id: 1, name: 'State', percent: '6.25' };
const CITY = { id: 2, name: 'City', percent: '2' };
const NYC = { id: 3, name: 'NYC', percent: '8.875' };
const exclusive: PricingSettings = { pricesIncludeTax: false, taxRounding: 'per_document', taxExempt: false };
const cents = (doc: ReturnType<typeof priceDocument>) => ({
  subtotal: doc.subtotalCents,
  discount: doc.discountCents,
  taxes: doc.taxes.map((t) => `${t.name} ${t.percent}: ${t.amount}`),
  tax: doc.taxCents,
  total: doc.totalCents,
});

describe('discounts', () => {
  it('takes a percent rounded half away from zero, and an amount never past its base', () => {
    expect(discountCents(1999, { type: 'percent', value: '10' })).toBe(200); // 199.9
    expect(discountCents(1005, { type: 'percent', value: '50' })).toBe(503); // 502.5
    expect(discountCents(1000, { type: 'amount', value: '25.00' })).toBe(1000);
    expect(discountCents(1000, { type: 'percent', value: '150' })).toBe(1000);
    expect(discountCents(0, { type: 'amount', value: '5' })).toBe(0);
    expect(discountCents(1000, null)).toBe(0);
  });
});

describe('fractional cents', () => {
  it('rounds a product of quantity and rate once, half away from zero', () => {
    expect(lineAmountCents('1.5', '3.33')).toBe(500); // 4.995
    expect(lineAmountCents('0.25', '0.10')).toBe(3); // 0.025
    expect(lineAmountCents('3', '0.335')).toBe(102); // the rate is cents first: 0.34 x 3
  });
  it('keeps percents to four decimals', () => {
    expect(formatPercent('8.8750')).toBe('8.875');
    expect(formatPercent('7')).toBe('7');
    expect(formatPercent(6.25)).toBe('6.25');
  });
});

describe('tax per rate', () => {
  const lines: LineToPrice[] = [
    { description: 'Furnace tune-up', quantity: '2', rate: '45.00', discountType: 'percent', discountValue: '10', taxRates: [STATE, CITY] },
    { description: 'Filter', quantity: '1', rate: '19.99', taxRates: [STATE] },
  ];

  it('shares the document discount over the lines before taxing them', () => {
    // Subtotal 81.00 + 19.99 = 100.99; less 5.00 = 95.99. State: 95.99 x 6.25 % = 5.999375; City: 81.00 x 95.99/100.99 x 2 % = 1.5398.
    const doc = priceDocument({ ...exclusive, lines, discountType: 'amount', discountValue: '5.00' });
    expect(cents(doc)).toEqual({ subtotal: 10099, discount: 500, taxes: ['State 6.25: 6.00', 'City 2: 1.54'], tax: 754, total: 10353 });
    expect(doc.lines.map((l) => l.discount)).toEqual(['9.00', '0.00']);
  });

  it('rounds each line per rate with per_line, and each rate once with per_document', () => {
    const dimes: LineToPrice[] = Array.from({ length: 3 }, (_, i) => ({ description: `Part ${i}`, rate: '0.10', taxRates: [STATE] }));
    // Each line's tax is 0.625 cents: 1 cent each per line, 1.875 -> 2 cents per document.
    expect(priceDocument({ ...exclusive, lines: dimes }).taxCents).toBe(2);
    expect(priceDocument({ ...exclusive, taxRounding: 'per_line', lines: dimes }).taxCents).toBe(3);
  });

  it('adds a thousand one-cent lines exactly', () => {
    const pennies: LineToPrice[] = Array.from({ length: 1000 }, (_, i) => ({ description: `Screw ${i}`, rate: '0.01', taxRates: [STATE] }));
    // 0.0625 cents a line: none per line; 62.5 -> 63 cents on the document.
    expect(priceDocument({ ...exclusive, lines: pennies }).taxCents).toBe(63);
    expect(priceDocument({ ...exclusive, taxRounding: 'per_line', lines: pennies }).taxCents).toBe(0);
    expect(priceDocument({ ...exclusive, lines: pennies }).totalCents).toBe(1063);
  });

  it('takes the tax out of prices that include it, in proportion to each rate', () => {
    const included = { ...exclusive, pricesIncludeTax: true };
    const one = priceDocument({ ...included, lines: [{ description: 'Repair', rate: '107.00', taxRates: [{ id: 9, name: 'Sales', percent: '7' }] }] });
    expect(cents(one)).toEqual({ subtotal: 10700, discount: 0, taxes: ['Sales 7: 7.00'], tax: 700, total: 10700 });
    // 100 x 6.25/108.25 = 5.7737; 100 x 2/108.25 = 1.8476.
    const two = priceDocument({ ...included, lines: [{ description: 'Repair', rate: '100.00', taxRates: [STATE, CITY] }] });
    expect(cents(two)).toEqual({ subtotal: 10000, discount: 0, taxes: ['State 6.25: 5.77', 'City 2: 1.85'], tax: 762, total: 10000 });
  });

  it('charges a tax-exempt customer no tax, and ignores a hand-typed tax beside rates', () => {
    expect(cents(priceDocument({ ...exclusive, taxExempt: true, lines, manualTax: '3.00' }))).toMatchObject({ taxes: [], tax: 0, total: 10099 });
    expect(priceDocument({ ...exclusive, lines, manualTax: '3.00' }).taxes).toHaveLength(2);
    expect(priceDocument({ ...exclusive, lines: [{ description: 'Labor', rate: '100' }], manualTax: '3.00' }).totalCents).toBe(10300);
  });

  it('leaves an unticked optional item out of the taxes', () => {
    const quote: LineToPrice[] = [
      { description: 'Water heater', rate: '1200.00', taxRates: [NYC] },
      { description: 'Expansion tank', rate: '150.00', taxRates: [NYC], optional: true, selected: false },
    ];
    // 1200 x 8.875 % = 106.50.
    expect(cents(priceDocument({ ...exclusive, lines: quote }))).toMatchObject({ subtotal: 120000, taxes: ['NYC 8.875: 106.50'], total: 130650 });
    quote[1].selected = true;
    // 1350 x 8.875 % = 119.8125.
    expect(cents(priceDocument({ ...exclusive, lines: quote }))).toMatchObject({ subtotal: 135000, taxes: ['NYC 8.875: 119.81'], total: 146981 });
  });

  it('lists every rate a line carries, in the order they first appear, even at zero', () => {
    const taxes = taxesByRate([{ netCents: 0, taxRates: [{ key: 1, name: 'State', percent: '6.25' }] }], {
      documentDiscountCents: 0,
      pricesIncludeTax: false,
      rounding: 'per_document',
    });
    expect(taxes).toEqual([{ key: 1, name: 'State', percent: '6.25', cents: 0 }]);
  });
});

describe('the rule holds for any document', () => {
  const line = fc.record({
    cents: fc.integer({ min: 0, max: 500_000 }),
    quantity: fc.integer({ min: 1, max: 50 }),
    percentOff: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
    rates: fc.subarray([STATE, CITY, NYC]),
  });
  const doc = fc.record({
    lines: fc.array(line, { minLength: 1, maxLength: 40 }),
    off: fc.integer({ min: 0, max: 20_000 }),
    included: fc.boolean(),
    perLine: fc.boolean(),
  });

  it('per document, each rate is the exact tax rounded once; the total adds up; nothing is negative', () => {
    fc.assert(
      fc.property(doc, (d) => {
        const priced = priceDocument({
          pricesIncludeTax: d.included,
          taxRounding: d.perLine ? 'per_line' : 'per_document',
          taxExempt: false,
          discountType: 'amount',
          discountValue: (d.off / 100).toFixed(2),
          lines: d.lines.map((l, i) => ({
            description: `Line ${i}`,
            quantity: String(l.quantity),
            rate: (l.cents / 100).toFixed(2),
            ...(l.percentOff !== undefined && { discountType: 'percent' as const, discountValue: String(l.percentOff) }),
            taxRates: l.rates,
          })),
        });
        const nets = priced.lines.map((l) => toCents(l.amount) - toCents(l.discount));
        expect(nets.every((n) => n >= 0)).toBe(true);
        expect(priced.subtotalCents).toBe(nets.reduce((a, b) => a + b, 0));
        expect(priced.discountCents).toBe(Math.min(d.off, priced.subtotalCents));
        expect(priced.taxes.every((t) => toCents(t.amount) >= 0)).toBe(true);
        expect(priced.totalCents).toBe(priced.subtotalCents - priced.discountCents + (d.included && priced.taxes.length > 0 ? 0 : priced.taxCents));
        if (!d.perLine && priced.subtotalCents > 0) {
          // Checked against the same figure worked out with floats: within half a cent plus float noise.
          for (const tax of priced.taxes) {
            const share = (priced.subtotalCents - priced.discountCents) / priced.subtotalCents;
            const exact = d.lines.reduce((sum, l, i) => {
              if (!l.rates.some((r) => r.name === tax.name)) return sum;
              const all = l.rates.reduce((s, r) => s + Number(r.percent), 0);
              const base = nets[i] * share;
              return sum + (d.included ? (base * Number(tax.percent)) / (100 + all) : (base * Number(tax.percent)) / 100);
            }, 0);
            expect(Math.abs(toCents(tax.amount) - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
