// Random URL-safe codes from a cryptographic source (guessable codes would let anyone walk the links).
import { randomBytes } from 'node:crypto';
import { SHORT_URL_LIMITS } from '../../../contracts/short-urls';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** 64 symbols, so each random byte's low 6 bits pick one without bias. */
export function generateShortCode(length: number = SHORT_URL_LIMITS.generatedCode): string {
  const bytes = randomBytes(length);
  let code = '';
  for (const b of bytes) code += ALPHABET[b & 63];
  return code;
}
