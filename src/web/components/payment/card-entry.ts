// The test gateway's card form as text fields (number, MM/YY, CVC) checked by the contract's card schema, so the
// form and POST /api/payment-intents/confirm agree on every rule and message (docs/decisions/015-one-form-pattern.md).
import { z } from 'zod';
import { cardDetailsSchema } from '@contracts/payments';

export const EXPIRY_INCOMPLETE = "Your card's expiration date is incomplete.";

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

/**
 * MM/YY as it is typed, the way the number field groups its digits: the slash comes by itself after the month
 * ("4" is April: "04/"), a backspace over the slash takes it away, and a pasted "12/2034" becomes "12/34".
 */
export function formatExpiry(typed: string, previous = ''): string {
  const long = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(typed);
  if (long) return `${long[1].padStart(2, '0')}/${long[2]}`;
  const single = /^\s*(\d)\s*\/\s*$/.exec(typed);
  if (single) return `0${single[1]}/`;
  let digits = typed.replace(/\D/g, '');
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  const deleting = typed.length < previous.length;
  return digits.length === 2 && (!deleting || typed.trimEnd().endsWith('/')) ? `${digits}/` : digits;
}

const { number, cvc } = cardDetailsSchema.shape;

/** The form's fields as typed; the output is the contract's card (digits, month, four-digit year, CVC). */
export const cardEntrySchema = z
  .object({
    number,
    expiry: z.string().transform((text, ctx) => {
      const expiry = parseExpiry(text);
      if (expiry) return expiry;
      ctx.addIssue({ code: 'custom', message: EXPIRY_INCOMPLETE });
      return z.NEVER;
    }),
    cvc,
  })
  .transform(({ expiry, ...card }) => ({ ...card, ...expiry }));

export type CardEntryValues = z.input<typeof cardEntrySchema>;
export type TestCard = z.output<typeof cardEntrySchema>;

export const EMPTY_CARD_ENTRY: CardEntryValues = { number: '', expiry: '', cvc: '' };
