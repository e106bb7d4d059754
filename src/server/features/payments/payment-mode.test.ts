// GET /api/payment-mode and the pay page's testMode: which processor takes the payment is known before a payment
// starts, so each step of a payment form can show "Test mode" (docs/payments.md, Test mode).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, paymentProcessors } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orgKit, type OrgKit } from '../documents/documents.test-kit';

let t: TestApp;
let testGateway: OrgKit;
let live: OrgKit;
let manual: OrgKit;

const liveKeys = { secretKey: 'sk_live_51TradebookLiveKey000000', publishableKey: 'pk_live_51TradebookLiveKey000000' };

beforeAll(async () => {
  t = await createTestApp();
  [testGateway, live, manual] = [await orgKit(t), await orgKit(t), await orgKit(t)];
  await t.database.db.insert(paymentProcessors).values([
    { organizationId: live.org.id, displayName: 'Stripe', processorType: 'stripe', isActive: true, testMode: false, configuration: liveKeys },
    { organizationId: manual.org.id, displayName: 'By hand', processorType: 'manual', isActive: true },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const mode = (cookie: string, query = '') => t.call({ url: `/api/payment-mode${query}`, cookie });

describe('GET /api/payment-mode', () => {
  it('says test mode for the built-in test gateway, and not for a live Stripe account or payments by hand', async () => {
    expect((await mode(testGateway.admin)).json()).toEqual({ processor: 'test', testMode: true });
    expect((await mode(live.admin)).json()).toEqual({ processor: 'stripe', testMode: false });
    expect((await mode(manual.admin)).json()).toEqual({ processor: 'manual', testMode: false });
  });

  it("answers a super user with the invoice's organization, and refuses an employee", async () => {
    const superUser = await t.cookieFor((await t.createUser({ role: 'super_user', organizationId: null })).id);
    const [inv] = await t.database.db
      .insert(invoices)
      .values({ organizationId: live.org.id, invoiceNumber: 'INV-MODE-1', customerId: live.customerId, status: 'sent', subtotal: '10.00', total: '10.00' })
      .returning();
    expect((await mode(superUser, `?invoiceId=${inv.id}`)).json()).toEqual({ processor: 'stripe', testMode: false });
    expect((await mode(superUser, `?organizationId=${testGateway.org.id}`)).json()).toEqual({ processor: 'test', testMode: true });
    expect((await mode(testGateway.employee)).statusCode).toBe(403);
  });
});

describe('the public pay page', () => {
  it('carries testMode from its first step', async () => {
    const open = async (kit: OrgKit) => {
      const link = await t.call({ method: 'POST', url: '/api/generic-payment-links', cookie: kit.admin, payload: { organizationId: kit.org.id } });
      return (await t.call({ method: 'POST', url: `/api/public/payment-links/${link.json().linkId}/open` })).json();
    };
    expect(await open(testGateway)).toMatchObject({ testMode: true });
    expect(await open(live)).toMatchObject({ testMode: false });
  });
});
