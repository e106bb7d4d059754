// The configuration to store for a PUT: what was sent, with masked values standing for the stored ones.
import { isSecretConfigKey, maskSecretValue, PROCESSOR_MESSAGES, SECRET_MASK, type ConfigurationValue } from '../../../contracts/payment-processors';
import type { Issue } from '../../platform/errors';

/**
 * The browser only ever sees masked secrets, so a form saved without retyping a key sends the mask
 * back: that means "keep the stored value". A masked text that matches no stored value would store
 * the mask itself as the key, so it is refused.
 */
export function resolveConfiguration(
  stored: Record<string, unknown>,
  sent: Record<string, ConfigurationValue>,
): { configuration: Record<string, unknown>; issues: Issue[] } {
  const configuration: Record<string, unknown> = {};
  const issues: Issue[] = [];
  for (const [key, value] of Object.entries(sent)) {
    const keepsStored = isSecretConfigKey(key) && key in stored && value === maskSecretValue(stored[key]);
    if (keepsStored) configuration[key] = stored[key];
    else if (typeof value === 'string' && value.startsWith(SECRET_MASK)) issues.push({ path: `configuration.${key}`, message: PROCESSOR_MESSAGES.maskedValue });
    else configuration[key] = value;
  }
  return { configuration, issues };
}
