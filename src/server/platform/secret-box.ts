// Credentials at rest (docs/payments.md, docs/decisions/007): AES-256-GCM with a key derived from APP_SECRET.
// A sealed value is text, so it sits in the same jsonb configuration the plain value did:
//   tbsec:v1:<key id>:<base64url(12-byte IV | 16-byte tag | ciphertext)>
// The context (e.g. "payment_processors:42:secretKey": organization and key name) is authenticated data, so a
// sealed value copied into another organization's row or under another key name does not open.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../config';

const PREFIX = 'tbsec:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {}

export interface SecretBox {
  /** Names the key without revealing it (an HMAC of a fixed label): backups record it, sealed values carry it. */
  readonly keyId: string;
  seal(value: unknown, context: string): string;
  /** The value sealed under this context; throws SecretBoxError for another key, a changed value or context. */
  open(sealed: string, context: string): unknown;
}

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/** The key id a sealed value names (null for anything else). */
export function sealedKeyId(value: unknown): string | null {
  if (!isSealed(value)) return null;
  const id = value.slice(PREFIX.length).split(':')[0];
  return id || null;
}

export function createSecretBox(appSecret: string): SecretBox {
  // HKDF turns any long random text (e.g. `openssl rand -base64 32`) into a 256-bit key for this one purpose.
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'tradebook', 'credentials at rest v1', 32));
  const keyId = createHmac('sha256', key).update('tradebook key id').digest('hex').slice(0, 16);
  return {
    keyId,
    seal(value, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return `${PREFIX}${keyId}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed, context) {
      const id = sealedKeyId(sealed);
      if (id !== keyId) {
        throw new SecretBoxError(`A stored credential is encrypted with key ${id ?? '(none)'}, not with this APP_SECRET (key ${keyId})`);
      }
      const raw = Buffer.from(sealed.slice(PREFIX.length + id.length + 1), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('A stored credential is damaged');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
        return JSON.parse(text) as unknown;
      } catch {
        throw new SecretBoxError('A stored credential does not open with this APP_SECRET (changed, damaged or moved)');
      }
    },
  };
}

const boxes = new Map<string, SecretBox>();

/**
 * The box for the app's configured secret. main.ts and the backup tools fill APP_SECRET first
 * (platform/app-secret.ts); a config without one is a programming error, not a user's.
 */
export function secretBoxFor(config: Pick<Config, 'APP_SECRET'>): SecretBox {
  const secret = config.APP_SECRET;
  if (!secret) throw new Error('APP_SECRET is not set: resolve it with resolveAppSecret() before building the app');
  let box = boxes.get(secret);
  if (!box) {
    box = createSecretBox(secret);
    boxes.set(secret, box);
  }
  return box;
}
