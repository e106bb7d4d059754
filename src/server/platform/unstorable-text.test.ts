// Text PostgreSQL cannot store (a NUL character) is bad input: 400, never a 500, and nothing written.
// Found by the hostile-input fuzzer (npm run test:fuzz).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;
let orgId: number;

beforeAll(async () => {
  t = await createTestApp();
  const org = await t.createOrganization();
  orgId = org.id;
  admin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
});
afterAll(async () => {
  await t?.close();
});

describe('a NUL character in text', () => {
  it('in a body field answers 400 and stores nothing', async () => {
    const res = await t.call({ method: 'POST', url: '/api/customers', cookie: admin, payload: { name: 'Pat\u0000Smith' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Invalid input value' });
    expect(await t.database.db.select().from(customers).where(eq(customers.organizationId, orgId))).toEqual([]);
  });

  it('in a search answers 400', async () => {
    for (const url of ['/api/customers?q=%00', '/api/search?q=a%00b']) {
      const res = await t.call({ url, cookie: admin });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe('Invalid input value');
    }
  });

  it('in a path parameter answers 400', async () => {
    const res = await t.call({ method: 'POST', url: '/api/public/payment-links/trailing%00/open' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid input value');
  });

  it('in a settings template answers 400', async () => {
    const res = await t.call({ method: 'POST', url: '/api/reminder-settings', cookie: admin, payload: { smsTemplate: '\u0000\u0000' } });
    expect(res.statusCode).toBe(400);
  });
});
