// Signing as Stripe signs (docs/decisions/035-api-keys-and-webhooks.md, docs/rules/public-api.md#webhook-signatures):
// `Tradebook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the endpoint's whole secret
// ("whsec_..." as UTF-8), so Stripe's own verifiers and any Stripe-style one check our deliveries.
import { createHmac, randomBytes } from 'node:crypto';
import { isSealed, SecretBoxError, type SecretBox } from '../../platform/secret-box';

/** `whsec_` and 43 characters of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex')}`;
}

/** Binds a sealed secret to its organization: copied into another organization's endpoint it does not open. */
const contextOf = (organizationId: number) => `webhook_endpoints:${organizationId}:secret`;

export function sealWebhookSecret(box: SecretBox, organizationId: number, secret: string): string {
  return box.seal(secret, contextOf(organizationId));
}

/**
 * The plain secret, or null when it cannot be read: sealed with another APP_SECRET, or forgotten by a restore
 * (`--forget-credentials` empties it). Either way the admin rolls a new one.
 */
export function openWebhookSecret(box: SecretBox, organizationId: number, stored: string): string | null {
  if (!isSealed(stored)) return null;
  try {
    const value = box.open(stored, contextOf(organizationId));
    return typeof value === 'string' ? value : null;
  } catch (err) {
    if (err instanceof SecretBoxError) return null;
    throw err;
  }
}
