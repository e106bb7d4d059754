// API keys for tests: made through the API as an admin would, so the secret is the one the create call answers.
import { expect } from 'vitest';
import { API_KEY_PERMISSIONS } from '../../../contracts/api-keys';
import type { TestApp } from '../../test/test-app';

/** Creates a key with the admin's cookie (every permission a key may carry unless given) and answers its secret and id. */
export async function createKeyFor(t: TestApp, cookie: string, values: { name?: string; permissions?: readonly string[] } = {}): Promise<{ id: number; secret: string }> {
  const res = await t.call({
    method: 'POST',
    url: '/api/api-keys',
    cookie,
    payload: { name: values.name ?? 'Test key', permissions: values.permissions ?? API_KEY_PERMISSIONS },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { id: body.apiKey.id, secret: body.secret };
}

/** The headers of a call made with the key. */
export const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
