import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, sealedKeyId, SecretBoxError } from './secret-box';

const box = createSecretBox('a-long-random-app-secret-for-the-unit-test-0001');
const other = createSecretBox('another-long-random-app-secret-for-the-test-0002');

describe('secret box (AES-256-GCM, key from APP_SECRET)', () => {
  it('seals to text that names the key and holds no trace of the value, and opens to the value', () => {
    const sealed = box.seal('sk_live_51Abcdefghijklmnop', 'payment_processors:7:secretKey');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).toMatch(/^tbsec:v1:[0-9a-f]{16}:[A-Za-z0-9_-]+$/);
    expect(sealedKeyId(sealed)).toBe(box.keyId);
    expect(sealed).not.toContain('sk_live');
    expect(sealed).not.toContain(Buffer.from('sk_live_51Abcdefghijklmnop').toString('base64url'));
    expect(box.open(sealed, 'payment_processors:7:secretKey')).toBe('sk_live_51Abcdefghijklmnop');
    // Numbers and booleans keep their type.
    expect(box.open(box.seal(42, 'c'), 'c')).toBe(42);
    expect(box.open(box.seal(true, 'c'), 'c')).toBe(true);
  });

  it('uses a fresh IV each time: the same value seals differently', () => {
    expect(box.seal('whsec_same', 'c')).not.toBe(box.seal('whsec_same', 'c'));
  });

  it('refuses another key, another context (organization or key name) and a changed byte', () => {
    const sealed = box.seal('whsec_abc', 'payment_processors:7:webhookSecret');
    expect(() => other.open(sealed, 'payment_processors:7:webhookSecret')).toThrow(SecretBoxError);
    expect(() => other.open(sealed, 'payment_processors:7:webhookSecret')).toThrow(/another|not with this APP_SECRET/);
    expect(() => box.open(sealed, 'payment_processors:8:webhookSecret')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'payment_processors:7:secretKey')).toThrow(SecretBoxError);
    const body = sealed.split(':')[3];
    const flipped = `${body.slice(0, 20)}${body[20] === 'A' ? 'B' : 'A'}${body.slice(21)}`;
    expect(() => box.open(sealed.replace(body, flipped), 'payment_processors:7:webhookSecret')).toThrow(SecretBoxError);
    expect(() => box.open(`tbsec:v1:${box.keyId}:AAAA`, 'c')).toThrow('damaged');
  });

  it('derives the same key id from the same APP_SECRET and different ones from different secrets', () => {
    expect(createSecretBox('a-long-random-app-secret-for-the-unit-test-0001').keyId).toBe(box.keyId);
    expect(other.keyId).not.toBe(box.keyId);
    expect(sealedKeyId('sk_test_plain')).toBeNull();
    expect(isSealed(null)).toBe(false);
  });
});
