// The card fields of the built-in test gateway's forms (paying, and saving a card in the portal).
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** "12/34" or "12 / 2034" -> month and four-digit year. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const expMonth = Number(m[1]);
  const expYear = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return expMonth >= 1 && expMonth <= 12 ? { expMonth, expYear } : null;
}

/** Groups of four as the card is typed. */
export const formatCardNumber = (v: string) => v.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

/** The fields' state, and `read()`: the card, or the first problem in Stripe's wording. */
export function useTestCard() {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const read = (): { card: TestCard } | { problem: string } => {
    const exp = parseExpiry(expiry);
    const digits = number.replace(/\D/g, '');
    if (digits.length < 12) return { problem: 'Your card number is incomplete.' };
    if (!exp) return { problem: "Your card's expiration date is incomplete." };
    if (!/^\d{3,4}$/.test(cvc)) return { problem: "Your card's security code is incomplete." };
    return { card: { number: digits, cvc, ...exp } };
  };
  return { number, setNumber, expiry, setExpiry, cvc, setCvc, read };
}

export function TestCardFields({ idPrefix, state }: { idPrefix: string; state: ReturnType<typeof useTestCard> }) {
  return (
    <>
      <div className="space-y-1.5">
        <Label htmlFor={`${idPrefix}-number`}>Card number</Label>
        <Input
          id={`${idPrefix}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={state.number}
          onChange={(e) => state.setNumber(formatCardNumber(e.target.value))}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <Label htmlFor={`${idPrefix}-expiry`}>Expiry (MM/YY)</Label>
          <Input id={`${idPrefix}-expiry`} autoComplete="cc-exp" placeholder="12/34" maxLength={7} value={state.expiry} onChange={(e) => state.setExpiry(e.target.value)} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${idPrefix}-cvc`}>CVC</Label>
          <Input
            id={`${idPrefix}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={state.cvc}
            onChange={(e) => state.setCvc(e.target.value.replace(/\D/g, ''))}
          />
        </div>
      </div>
    </>
  );
}
