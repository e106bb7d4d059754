// Who may read the outbox (GET /api/dev/outbox and the /dev/outbox page): it holds every organization's mail,
// sign-in codes and portal links included, so only a development install that delivers nothing (no SMTP_URL,
// NODE_ENV not production) shows it, and only to this machine. "This machine" is the TCP peer of the
// connection, never X-Forwarded-For or request.ip (which follow TRUST_PROXY and are the client's to write).
// Forwarding headers can only close it: a request that a proxy on this machine (a tunnel to a laptop) relays
// for someone else says so in them, and is refused. A proxy that says nothing makes every caller look local,
// which is why production and SMTP_URL close it as well.
// docs/security.md; docs/decisions/003-outbox-for-this-machine-and-masked-secrets.md.
import { BlockList } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1 and IPv4-mapped ::ffff:127.x.x.x. */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  try {
    return loopback.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
  } catch {
    return false;
  }
}

/** The outbox is the delivery (nothing leaves the machine) and the install is not production. */
export function outboxIsLocalDelivery(config: Pick<Config, 'SMTP_URL' | 'isProduction'>): boolean {
  return !config.SMTP_URL && !config.isProduction;
}

export function canReadOutbox(config: Pick<Config, 'SMTP_URL' | 'isProduction'>, request: FastifyRequest): boolean {
  return outboxIsLocalDelivery(config) && isLoopbackAddress(request.raw.socket?.remoteAddress) && forwardedOnlyFromLoopback(request.headers);
}

/** Every address named by X-Forwarded-For, X-Real-IP and Forwarded (RFC 7239 `for=`) is loopback; true without them. */
function forwardedOnlyFromLoopback(headers: FastifyRequest['headers']): boolean {
  const values = (name: string) => [headers[name]].flat().filter((v): v is string => typeof v === 'string');
  const named = [
    ...values('x-forwarded-for').flatMap((v) => v.split(',')),
    ...values('x-real-ip'),
    ...values('forwarded').flatMap((v) => [...v.matchAll(/for=("[^"]*"|[^;,\s]*)/gi)].map((m) => m[1])),
  ];
  return named.every((raw) => isLoopbackAddress(bareAddress(raw)));
}

/** `"[::1]:8080"` -> `::1`, `127.0.0.1:8080` -> `127.0.0.1`. */
function bareAddress(raw: string): string {
  const v = raw.trim().replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\]/.exec(v);
  if (bracketed) return bracketed[1];
  return /^[\d.]+:\d+$/.test(v) ? v.slice(0, v.lastIndexOf(':')) : v;
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
