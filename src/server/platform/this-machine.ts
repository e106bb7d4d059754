// "This machine": the TCP peer of the connection is a loopback address and no forwarding header says the request
// is relayed for anyone else. Development conveniences (the outbox, the API documentation) answer only this machine
// (docs/security.md). Never judged from request.ip, which follows TRUST_PROXY and X-Forwarded-For, the client's to write.
import { BlockList } from 'node:net';
import type { FastifyRequest } from 'fastify';

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

/**
 * The connection comes from this machine. Forwarding headers can only close it: a request that a proxy on this
 * machine (a tunnel to a laptop) relays for someone else says so in them, and is refused.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.raw.socket?.remoteAddress) && forwardedOnlyFromLoopback(request.headers);
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
