import { describe, expect, it } from 'vitest';
import { cardEntrySchema, formatExpiry, parseExpiry } from './card-entry';

/** Types `keys` one at a time as a browser would, each keystroke formatted against the value before it. */
function type(keys: string, start = ''): string {
  let value = start;
  for (const key of keys) value = formatExpiry(key === '\b' ? value.slice(0, -1) : value + key, value);
  return value;
}

describe('the expiry field formats itself as MM/YY', () => {
  it('inserts the slash after the month as the digits are typed', () => {
    expect(type('1')).toBe('1');
    expect(type('12')).toBe('12/');
    expect(type('1234')).toBe('12/34');
    expect(type('123456')).toBe('12/34');
  });

  it('reads a lone 2-9 as a month with its zero, and "1/" as January', () => {
    expect(type('4')).toBe('04/');
    expect(type('428')).toBe('04/28');
    expect(type('1/')).toBe('01/');
  });

  it('lets a backspace take the slash away and then the digit before it', () => {
    expect(type('\b', '12/')).toBe('12');
    expect(type('\b\b', '12/')).toBe('1');
    expect(type('\b', '12/3')).toBe('12/');
  });

  it('takes a pasted or filled value whole, four-digit years included', () => {
    expect(formatExpiry('12/34')).toBe('12/34');
    expect(formatExpiry('12 / 2034')).toBe('12/34');
    expect(formatExpiry('1/2030')).toBe('01/30');
  });
});

describe('the card entry schema', () => {
  it("answers each field in Stripe's words and hands the contract's card over", () => {
    const empty = cardEntrySchema.safeParse({ number: '', expiry: '', cvc: '' });
    expect(empty.success ? {} : Object.fromEntries(empty.error.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      number: 'Your card number is incomplete.',
      expiry: "Your card's expiration date is incomplete.",
      cvc: "Your card's security code is incomplete.",
    });
    expect(cardEntrySchema.parse({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    expect(parseExpiry('13/30')).toBeNull();
  });
});
