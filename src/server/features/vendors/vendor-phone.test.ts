// The vendor phone follows the customer phone's rule: letters are stripped, not refused (docs/features.md, Field
// rules); a supplier's number keeps its +, spacing and extension.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanVendorPhone } from '../../../contracts/vendors';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const org = await t.createOrganization();
  admin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: object) => t.call({ method: 'POST', url: '/api/vendors', cookie: admin, payload });

describe('vendor phone', () => {
  it('strips letters on create and edit, keeping +, spacing and an extension', async () => {
    const cases: [string, string][] = [
      ['Call 555-333-1234', '555-333-1234'],
      ['tel: (555) 333.1234 ext. 7', '(555) 333.1234 x7'],
      ['+44 20 7946 0958 #12', '+44 20 7946 0958 x12'],
      ['1-800-555-0199 x12', '1-800-555-0199 x12'],
      ['555abc1234', '5551234'],
    ];
    for (const [typed, stored] of cases) {
      const res = await post({ name: `Phone ${typed}`, phone: typed });
      expect(res.statusCode, typed).toBe(201);
      expect(res.json().phone).toBe(stored);
    }
    const created = (await post({ name: 'Phone edit', phone: '555-333-1234' })).json();
    const edited = await t.call({ method: 'PUT', url: `/api/vendors/${created.id}`, cookie: admin, payload: { phone: 'Office 555 333 9999' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().phone).toBe('555 333 9999');
  });

  it('refuses text without a digit (naming phone) rather than dropping it', async () => {
    const res = await post({ name: 'No number', phone: 'call me' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'phone', message: 'Please enter a valid phone number' }]);
  });

  it('is the rule the vendor form uses (the same contract function)', () => {
    expect(cleanVendorPhone('  Main: 555 333 1234  ')).toBe('555 333 1234');
  });
});
