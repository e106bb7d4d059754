import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { lookupZip } from './lookup-zip';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  const org = await t.createOrganization();
  // Any signed-in user may look ZIP codes up, even one without staff permissions.
  cookie = await t.cookieFor((await t.createUser({ role: 'guest', organizationId: org.id })).id);
});
afterAll(async () => {
  await t?.close();
});

const zip = (code: string) => t.call({ url: `/api/zip/${code}`, cookie });

describe('ZIP lookup', () => {
  it('answers city and state for a known ZIP code', async () => {
    const res = await zip('90210');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ city: 'Beverly Hills', state: 'CA' });
    expect((await zip('02108')).json()).toEqual({ city: 'Boston', state: 'MA' });
    expect((await zip('60601')).json()).toEqual({ city: 'Chicago', state: 'IL' });
  });

  it('answers 404 for an unknown ZIP code', async () => {
    const res = await zip('00000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'ZIP code not found' });
  });

  it('answers 400 unless the ZIP code is exactly 5 digits', async () => {
    for (const bad of ['1234', '123456', 'abcde', '9021a', '90210-1234', 'K1A0B', encodeURIComponent('__proto__')]) {
      const res = await zip(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toBe('ZIP code must be 5 digits');
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await t.call({ url: '/api/zip/90210' })).statusCode).toBe(401);
  });

  it('only ever answers US places for 5 digits', () => {
    expect(lookupZip('10001')).toEqual({ city: 'New York', state: 'NY' });
    expect(lookupZip('K1A')).toBeNull();
    expect(lookupZip('constructor')).toBeNull();
  });
});
