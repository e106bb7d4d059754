// Secrets never go back to the browser: every processor response passes its configuration through here.
import { isSecretConfigKey, maskSecretValue } from '../../../contracts/payment-processors';

/** Values of secret-looking keys (secretKey, webhookSecret, ...token, ...password, ...apiKey) become '••••' + last 4. */
export function maskConfiguration(config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config ?? {})) out[key] = isSecretConfigKey(key) ? maskSecretValue(value) : value;
  return out;
}
