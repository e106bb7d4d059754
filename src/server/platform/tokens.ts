// Random tokens and their stored hashes: a leaked table never yields a usable token.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256-bit random token, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Six digits from a cryptographic source. */
export const newOtpCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

export const newSalt = () => randomBytes(16).toString('hex');

export const hashOtp = (code: string, salt: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

export function safeEqualHex(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
