// Where webhooks may call (docs/rules/public-api.md#webhook-urls): public addresses only, unless
// WEBHOOK_ALLOW_PRIVATE_URLS says otherwise, so an endpoint's URL can never make the server reach into its own
// network (SSRF). The host is resolved on every delivery and every address it gives is checked; the connection then
// goes to those checked addresses, so a name that answers differently a moment later (DNS rebinding) changes nothing.
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { WEBHOOK_MESSAGES } from '../../../contracts/webhooks';
import type { Config } from '../../config';
import { fieldInvalid } from '../../platform/errors';

export type UrlRules = Pick<Config, 'WEBHOOK_ALLOW_PRIVATE_URLS' | 'isProduction'>;

/** Ranges that are not the public internet: this machine, private networks, link-local, shared, reserved, multicast. */
const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(address, prefix, 'ipv6');
}
// (IPv4-mapped IPv6 addresses, ::ffff:a.b.c.d, are checked by BlockList against the IPv4 ranges above.)

const NAT64 = /^64:ff9b::([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** True for an address webhooks must not call. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  // NAT64 (64:ff9b::/96) carries an IPv4 address in its last 32 bits: that address decides.
  const nat = NAT64.exec(address);
  if (nat) {
    const n = (parseInt(nat[1], 16) << 16) | parseInt(nat[2], 16);
    return PRIVATE.check([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'), 'ipv4');
  }
  return PRIVATE.check(address, 'ipv6');
}

/** The URL's host as an address or name: IPv6 literals lose their brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

const isLocalName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/**
 * Checks a URL an admin saves (the contract has checked its shape): https in production, and no host that is
 * plainly this machine or a private network. A name is resolved only when a delivery is sent (DNS may change).
 */
export function checkEndpointUrl(rules: UrlRules, value: string): void {
  if (rules.WEBHOOK_ALLOW_PRIVATE_URLS) return;
  const url = new URL(value);
  if (rules.isProduction && url.protocol !== 'https:') throw fieldInvalid('url', WEBHOOK_MESSAGES.urlHttps);
  const host = hostOf(url);
  if (isLocalName(host) || (net.isIP(host) !== 0 && isPrivateAddress(host))) throw fieldInvalid('url', WEBHOOK_MESSAGES.urlPrivate);
}

/** A delivery that must not be sent, with the reason its row keeps. */
export class RefusedUrl extends Error {}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * The addresses a delivery may connect to: every address the host resolves to, when all are public (or the
 * setting allows private ones). Throws RefusedUrl otherwise; a name that does not resolve throws its DNS error.
 */
export async function addressesFor(rules: UrlRules, url: URL): Promise<ResolvedAddress[]> {
  if (!rules.WEBHOOK_ALLOW_PRIVATE_URLS && rules.isProduction && url.protocol !== 'https:') throw new RefusedUrl('Not sent: webhook URLs must be https:// in production');
  const host = hostOf(url);
  const literal = net.isIP(host);
  const found: ResolvedAddress[] = literal ? [{ address: host, family: literal === 6 ? 6 : 4 }] : (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  if (rules.WEBHOOK_ALLOW_PRIVATE_URLS) return found;
  const refused = found.find((a) => isPrivateAddress(a.address));
  if (refused || isLocalName(host)) throw new RefusedUrl(`Not sent: ${host} is a private or local address (${refused?.address ?? host}); webhooks call public addresses only`);
  return found;
}
