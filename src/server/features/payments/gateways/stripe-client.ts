// One Stripe SDK client per secret key. STRIPE_API_BASE points the SDK at a local double (tests, stripe-mock).
import Stripe from 'stripe';

const clients = new Map<string, Stripe>();

export function stripeClient(secretKey: string, apiBase?: string): Stripe {
  const key = `${apiBase ?? ''}|${secretKey}`;
  let client = clients.get(key);
  if (!client) {
    const base = apiBase ? new URL(apiBase) : null;
    client = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Tradebook' },
      ...(base
        ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
        : {}),
    });
    clients.set(key, client);
  }
  return client;
}

/** Stripe's own message for a failed intent, or a generic one. */
export function stripeFailureMessage(intent: { last_payment_error?: { message?: string | null } | null }): string {
  return intent.last_payment_error?.message ?? 'Your payment was not completed.';
}
