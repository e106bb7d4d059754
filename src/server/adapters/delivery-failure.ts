// What went wrong when SMTP or Twilio did not take a message, and how a send that answers the user reports it
// (docs/payments.md, "Third-party failures"): 502 when the provider answered and refused (an SMTP 535 or 550, a
// Twilio error), 503 when it could not be reached; never a 200 that claims the message went out.
import { CONVERSATION_MESSAGES } from '../../contracts/conversations';
import { conflict, providerFailed, providerUnavailable, type AppError } from '../platform/errors';

/**
 * refused / unreachable: the provider's; opted_out: ours, the SMS sender refusing a number that answered STOP
 * (docs/rules/messaging.md#sms-opt-outs): nothing was tried, and trying again will not help.
 */
export type FailureKind = 'refused' | 'unreachable' | 'opted_out';

const NETWORK_CODES = new Set([
  // nodemailer's own (dist/cjs/errors.d.ts)
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'EPROXY',
  // Node's, as the Twilio SDK's HTTP client passes them on
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNABORTED',
  'EPIPE',
]);

/** Unreachable when the failure is the network's (no answer); refused when the provider answered with an error. */
export function failureKind(err: unknown): FailureKind {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const { code, responseCode, status } = e as { code?: unknown; responseCode?: unknown; status?: unknown };
    // An SMTP reply code or an HTTP status means someone answered.
    if (typeof responseCode === 'number' || typeof status === 'number') return 'refused';
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return 'unreachable';
    e = (e as { cause?: unknown }).cause;
  }
  return 'refused';
}

export const DELIVERY_FAILURE_MESSAGES = {
  email: {
    refused: 'We could not send the e-mail: the mail server refused it. Please try again later.',
    unreachable: 'We could not send the e-mail: the mail server could not be reached. Please try again later.',
  },
  sms: {
    refused: 'We could not send the text message: the SMS provider refused it. Please try again later.',
    unreachable: 'We could not send the text message: the SMS provider could not be reached. Please try again later.',
  },
} as const;

/** The answer for a single send the transport did not take; the provider's own words go to the log only. */
export function deliveryFailure(channel: 'email' | 'sms', result: { failure?: FailureKind; error?: string }): AppError {
  // The customer's choice, not a provider's failure: a 409 that says so, and no log line.
  if (result.failure === 'opted_out') return conflict(CONVERSATION_MESSAGES.optedOut);
  const provider = channel === 'email' ? 'smtp' : 'twilio';
  const kind = result.failure === 'unreachable' ? 'unreachable' : 'refused';
  const reason = result.error ?? 'no reason given';
  const message = DELIVERY_FAILURE_MESSAGES[channel][kind];
  return kind === 'unreachable' ? providerUnavailable(provider, message, reason, 30) : providerFailed(provider, message, reason);
}
