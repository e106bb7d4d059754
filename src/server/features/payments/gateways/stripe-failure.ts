// Stripe's errors as our answers (docs/payments.md, "Third-party failures"). Stripe answering 401 means our
// secret key was refused, not that the user is signed out: passing its status through made the browser sign
// the user out. A declined card is the customer's card, not a failure of Stripe, and stays a 402.
import { paymentFailed, providerFailed, providerUnavailable } from '../../../platform/errors';

export const STRIPE_FAILURE_MESSAGES = {
  keyRefused: "The payment processor rejected the request: the processor's secret key was not accepted. An administrator must check it on the Payment Processors screen.",
  notPermitted: "The payment processor rejected the request: the processor's key is not allowed to do this.",
  rejected: (stripeMessage: string) => `The payment processor rejected the request: ${stripeMessage}`,
  failed: 'The payment processor failed to handle the request. Please try again later.',
  busy: 'The payment processor is busy. Please try again in a moment.',
  unreachable: 'The payment processor could not be reached. Please try again later.',
} as const;

interface StripeErrorLike {
  type: string;
  message: string;
  statusCode?: number;
  code?: string;
}

function isStripeError(err: unknown): err is StripeErrorLike {
  // The SDK's classes all carry a `type` of this form (StripeCardError, StripeAuthenticationError, ...).
  return !!err && typeof err === 'object' && typeof (err as { type?: unknown }).type === 'string' && /^Stripe[A-Za-z]*Error$/.test((err as { type: string }).type);
}

/** Our answer for an error the Stripe SDK threw; anything else is returned as it is. */
export function stripeFailure(err: unknown, operation: string): unknown {
  if (!isStripeError(err)) return err;
  const reason = `${operation}: ${err.type}${err.statusCode ? ` (HTTP ${err.statusCode})` : ''}${err.code ? ` ${err.code}` : ''}: ${err.message}`;
  switch (err.type) {
    case 'StripeCardError':
      return paymentFailed(err.message);
    case 'StripeAuthenticationError':
      return providerFailed('stripe', STRIPE_FAILURE_MESSAGES.keyRefused, reason);
    case 'StripePermissionError':
      return providerFailed('stripe', STRIPE_FAILURE_MESSAGES.notPermitted, reason);
    case 'StripeInvalidRequestError':
    case 'StripeIdempotencyError':
      return providerFailed('stripe', STRIPE_FAILURE_MESSAGES.rejected(err.message), reason);
    case 'StripeRateLimitError':
      return providerUnavailable('stripe', STRIPE_FAILURE_MESSAGES.busy, reason, 5);
    case 'StripeConnectionError':
      return providerUnavailable('stripe', STRIPE_FAILURE_MESSAGES.unreachable, reason, 5);
    default:
      // StripeAPIError (Stripe's own 5xx) and anything newer.
      return providerFailed('stripe', STRIPE_FAILURE_MESSAGES.failed, reason);
  }
}

/** Runs one Stripe call; its failure leaves as our 402, 502 or 503 (see above). */
export async function callStripe<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw stripeFailure(err, operation);
  }
}
