// Processor configurations as stored: the values of secret-looking keys (secretKey, webhookSecret, accessToken,
// ...; contracts/payment-processors.ts isSecretConfigKey) are sealed with the app's key; publishable keys and
// other settings stay readable. Every write seals, every read for the payment code or a response opens
// (docs/payments.md, "Credentials at rest").
import { isSecretConfigKey } from '../../../contracts/payment-processors';
import { isSealed, SecretBoxError, type SecretBox } from '../../platform/secret-box';
import type { PaymentProcessorRow } from './active-processor-row';

/** Binds a sealed value to its organization and key name: moved anywhere else it no longer opens. */
const contextOf = (organizationId: number, key: string) => `payment_processors:${organizationId}:${key}`;

export function sealConfiguration(box: SecretBox, organizationId: number, configuration: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(configuration ?? {})) {
    out[key] = isSecretConfigKey(key) && value !== null && value !== undefined && !isSealed(value) ? box.seal(value, contextOf(organizationId, key)) : value;
  }
  return out;
}

/**
 * The plain configuration. A secret still in plain text (a row written before encryption, until the start-up
 * pass seals it: seal-stored-credentials.ts) is read as it is. A sealed value this key cannot open (APP_SECRET
 * changed) throws SecretBoxError, or with `unreadable: 'omit'` is left out, so the screen shows the key as not
 * set and the administrator can enter it again.
 */
export function openConfiguration(
  box: SecretBox,
  organizationId: number,
  configuration: Record<string, unknown>,
  opts: { unreadable?: 'throw' | 'omit' } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(configuration ?? {})) {
    if (!isSealed(value)) {
      out[key] = value;
      continue;
    }
    try {
      out[key] = box.open(value, contextOf(organizationId, key));
    } catch (err) {
      if (!(err instanceof SecretBoxError) || opts.unreadable !== 'omit') throw err;
    }
  }
  return out;
}

/** True when a secret-looking key still holds plain text. */
export function hasPlainSecrets(configuration: Record<string, unknown>): boolean {
  return Object.entries(configuration ?? {}).some(([key, value]) => isSecretConfigKey(key) && value !== null && value !== undefined && !isSealed(value));
}

export function openProcessorRow(box: SecretBox, row: PaymentProcessorRow): PaymentProcessorRow {
  return { ...row, configuration: openConfiguration(box, row.organizationId, row.configuration) };
}
