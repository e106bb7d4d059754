// Invoices and estimates say whether their customer has an e-mail address, so the screens offer Email to customer
// only then and say why otherwise (docs/features.md, Invoices).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer, orgKit, type OrgKit } from './documents.test-kit';

let t: TestApp;
let a: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t);
});
afterAll(async () => {
  await t?.close();
});

const line = [{ description: 'Work', quantity: 1, rate: '10.00' }];

describe('customerHasEmail on invoices and estimates', () => {
  it('is true only for a customer with an address, on the record, the list and the estimate alike', async () => {
    const withEmail = await createCustomer(t, a.org.id, { name: 'Has Mail', email: 'has.mail@example.com' });
    const without = await createCustomer(t, a.org.id, { name: 'No Mail', email: null });
    const blank = await createCustomer(t, a.org.id, { name: 'Blank Mail', email: '   ' });
    for (const [customer, expected] of [[withEmail, true], [without, false], [blank, false]] as const) {
      const inv = await t.call({ method: 'POST', url: '/api/invoices', cookie: a.admin, payload: { customerId: customer.id, lineItems: line } });
      expect(inv.statusCode, inv.body).toBe(201);
      expect(inv.json().customerHasEmail).toBe(expected);
      expect((await t.call({ url: `/api/invoices/${inv.json().id}`, cookie: a.admin })).json().customerHasEmail).toBe(expected);
      const listed = (await t.call({ url: `/api/invoices?customerId=${customer.id}`, cookie: a.admin })).json();
      expect(listed.map((i: { customerHasEmail: boolean }) => i.customerHasEmail)).toEqual([expected]);

      const est = await t.call({ method: 'POST', url: '/api/estimates', cookie: a.admin, payload: { customerId: customer.id, title: 'Quote', lineItems: line } });
      expect(est.statusCode, est.body).toBe(201);
      expect(est.json().customerHasEmail).toBe(expected);
      const estimates = (await t.call({ url: `/api/estimates?customerId=${customer.id}`, cookie: a.admin })).json();
      expect(estimates.map((e: { customerHasEmail: boolean }) => e.customerHasEmail)).toEqual([expected]);
    }
  });
});
