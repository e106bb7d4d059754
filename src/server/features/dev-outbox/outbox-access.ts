// Who may read the outbox (GET /api/dev/outbox and the /dev/outbox page): it holds every organization's mail,
// sign-in codes and portal links included, so only a development install that delivers nothing (no SMTP_URL,
// NODE_ENV not production) shows it, and only to this machine. "This machine" is the TCP peer of the
// connection, never X-Forwarded-For or request.ip (which follow TRUST_PROXY and are the client's to write).
// Forwarding headers can only close it: a request that a proxy on this machine (a tunnel to a laptop) relays
// for someone else says so in them, and is refused. A proxy that says nothing makes every caller look local,
// which is why production and SMTP_URL close it as well.
// docs/security.md; docs/decisions/003-outbox-for-this-machine-and-masked-secrets.md.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { isFromThisMachine } from '../../platform/this-machine';

export { isLoopbackAddress } from '../../platform/this-machine';

/** The outbox is the delivery (nothing leaves the machine) and the install is not production. */
export function outboxIsLocalDelivery(config: Pick<Config, 'SMTP_URL' | 'isProduction'>): boolean {
  return !config.SMTP_URL && !config.isProduction;
}

export function canReadOutbox(config: Pick<Config, 'SMTP_URL' | 'isProduction'>, request: FastifyRequest): boolean {
  return outboxIsLocalDelivery(config) && isFromThisMachine(request);
}

/** The web app's outbox screen, however the path is spelt (the router matches it case-insensitively). */
export function isOutboxPage(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path;
  }
  return /^\/+dev\/+outbox\/*$/i.test(decoded);
}
