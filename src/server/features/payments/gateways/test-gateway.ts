// The built-in test gateway (docs/rules/money-and-payments.md#test-gateway): used when no processor is active, or Stripe has no keys.
// It answers like Stripe's test mode does for Stripe's test numbers, so the same card numbers work in both.
import { randomBytes } from 'node:crypto';

export type GatewayOutcome = { ok: true; brand: string; last4: string } | { ok: false; message: string };

/** Stripe's test cards that fail, with Stripe's own decline messages. */
const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000009987': 'Your card was declined.',
  '4000000000000069': 'Your card has expired.',
  '4000000000000127': "Your card's security code is incorrect.",
  '4000000000000119': 'An error occurred while processing your card. Try again in a little bit.',
};

/** Stripe's test routing number; any other is refused as an unknown bank. */
export const TEST_ROUTING_NUMBER = '110000000';

export function newTestIntent(kind: 'pi' | 'seti'): { intentId: string; clientSecret: string } {
  const intentId = `tg${kind}_${randomBytes(12).toString('hex')}`;
  return { intentId, clientSecret: `${intentId}_secret_${randomBytes(24).toString('base64url')}` };
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'card';
}

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function chargeTestCard(card: { number: string; expMonth: number; expYear: number; cvc: string }, now = new Date()): GatewayOutcome {
  const number = card.number.replace(/\D/g, '');
  if (number.length < 12 || !luhnValid(number)) return { ok: false, message: 'Your card number is invalid.' };
  const expiryEnd = Date.UTC(card.expYear, card.expMonth, 1); // first instant after the expiry month
  if (expiryEnd <= now.getTime()) return { ok: false, message: "Your card's expiration date is in the past." };
  const decline = DECLINES[number];
  if (decline) return { ok: false, message: decline };
  return { ok: true, brand: cardBrand(number), last4: number.slice(-4) };
}

export function chargeTestBank(bank: { routingNumber: string; accountNumber: string }): GatewayOutcome {
  if (bank.routingNumber !== TEST_ROUTING_NUMBER) {
    return { ok: false, message: `The routing number is not a test bank. In test mode use ${TEST_ROUTING_NUMBER}.` };
  }
  return { ok: true, brand: 'bank_account', last4: bank.accountNumber.slice(-4) };
}
