// Invoices paid in installments (docs/rules/money-and-payments.md#installments).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { portalTokenFromAddress, type PortalResponse } from '../../../contracts/customer-portal';
import type { PaymentPlan } from '../../../contracts/payment-plans';
import { outbox } from '../../db/schema/index';
import { splitInstallments } from '../../../contracts/payment-plans';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orgKit, type OrgKit } from '../documents/documents.test-kit';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t, { name: 'Plan Plumbing' });
  b = await orgKit(t);
});
afterAll(async () => {
  await t?.close();
});

async function sentInvoice(total = '1000.00', kit = a): Promise<{ id: number; invoiceNumber: string }> {
  const res = await t.call({
    method: 'POST',
    url: '/api/invoices',
    cookie: kit.admin,
    payload: { customerId: kit.customerId, status: 'sent', lineItems: [{ description: 'Boiler', quantity: 1, rate: total }] },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const createPlan = (id: number, installments: object[], cookie = a.admin) =>
  t.call({ method: 'POST', url: `/api/invoices/${id}/payment-plan`, cookie, payload: { frequency: 'monthly', installments } });
const getPlan = async (id: number) => (await t.call({ url: `/api/invoices/${id}/payment-plan`, cookie: a.admin })).json() as PaymentPlan;
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function payThroughLink(invoiceId: number): Promise<{ amount: string; paid: string }> {
  const link = (await t.call({ method: 'POST', url: `/api/invoices/${invoiceId}/payment-link`, cookie: a.admin })).json();
  const page = (await t.call({ method: 'POST', url: `/api/public/payment-links/${link.linkId}/open` })).json();
  const intent = (await t.call({ method: 'POST', url: `/api/public/payment-links/${link.linkId}/payment-intent`, payload: { paymentType: 'card' } })).json();
  const confirmed = await t.call({
    method: 'POST',
    url: '/api/payment-intents/confirm',
    payload: { clientSecret: intent.clientSecret, card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } },
  });
  expect(confirmed.statusCode).toBe(200);
  return { amount: page.amount, paid: confirmed.json().payment.amount };
}

describe('payment plans', () => {
  it('splits a sent invoice into installments that add up to the cent; the link asks for one at a time', async () => {
    const inv = await sentInvoice('1000.00');
    const installments = splitInstallments(100_000, 3, future(1), 'monthly');
    const res = await createPlan(inv.id, installments);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ totalAmount: '1000.00', status: 'active', next: { number: 1, count: 3, amountDue: '333.34' } });
    expect((res.json() as PaymentPlan).installments.map((i) => [i.amount, i.status])).toEqual([
      ['333.34', 'upcoming'],
      ['333.33', 'upcoming'],
      ['333.33', 'upcoming'],
    ]);

    // The pay link asks for the next installment, then the one after.
    expect(await payThroughLink(inv.id)).toEqual({ amount: '333.34', paid: '333.34' });
    let plan = await getPlan(inv.id);
    expect(plan.installments.map((i) => i.status)).toEqual(['paid', 'upcoming', 'upcoming']);
    expect(plan.next).toMatchObject({ number: 2, amountDue: '333.33' });
    expect(await payThroughLink(inv.id)).toEqual({ amount: '333.33', paid: '333.33' });

    // A payment by hand of another amount fills them in order too.
    await t.call({ method: 'POST', url: '/api/payments', cookie: a.admin, payload: { invoiceId: inv.id, amount: '100.00', method: 'check' } });
    plan = await getPlan(inv.id);
    expect(plan.installments[2]).toMatchObject({ paid: '100.00', status: 'partly_paid' });
    expect(plan.next).toMatchObject({ number: 3, amountDue: '233.33' });
    expect(await payThroughLink(inv.id)).toEqual({ amount: '233.33', paid: '233.33' });
    const invoice = (await t.call({ url: `/api/invoices/${inv.id}`, cookie: a.admin })).json();
    expect(invoice).toMatchObject({ status: 'paid', balanceDue: '0.00' });
    plan = await getPlan(inv.id);
    expect(plan).toMatchObject({ status: 'completed', next: null });
  });

  it('refuses installments that do not add up, dates out of order, a draft, or a second plan; cancelling asks for the whole balance again', async () => {
    const draft = (await t.call({ method: 'POST', url: '/api/invoices', cookie: a.admin, payload: { customerId: a.customerId, lineItems: [{ description: 'X', quantity: 1, rate: '10' }] } })).json();
    expect((await createPlan(draft.id, splitInstallments(1000, 2, future(1), 'weekly'))).statusCode).toBe(409);

    const inv = await sentInvoice('500.00');
    const short = await createPlan(inv.id, [
      { amount: '200.00', dueDate: future(1) },
      { amount: '200.00', dueDate: future(30) },
    ]);
    expect(short.statusCode).toBe(400);
    expect(short.json().issues).toEqual([{ path: 'installments', message: 'The installments add up to 400.00; they must add up to the balance due, 500.00' }]);
    const backwards = await createPlan(inv.id, [
      { amount: '250.00', dueDate: future(30) },
      { amount: '250.00', dueDate: future(1) },
    ]);
    expect(backwards.json().issues).toEqual([{ path: 'installments.1.dueDate', message: 'Each due date must come after the one before' }]);
    expect((await createPlan(inv.id, [{ amount: '500.00', dueDate: future(1) }])).json().issues[0].message).toBe('At least 2 installments');
    const blank = await createPlan(inv.id, [
      { amount: '', dueDate: future(1) },
      { amount: '500.00', dueDate: future(30) },
    ]);
    expect(blank.json().issues).toEqual([{ path: 'installments.0.amount', message: 'Enter the amount' }]);

    // Two plans at once: one is made.
    const both = await Promise.all([0, 1].map(() => createPlan(inv.id, splitInstallments(50_000, 2, future(1), 'every_2_weeks'))));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    const del = await t.call({ method: 'DELETE', url: `/api/invoices/${inv.id}/payment-plan`, cookie: a.admin });
    expect(del.json()).toEqual({ message: 'Payment plan cancelled' });
    const none = await t.call({ url: `/api/invoices/${inv.id}/payment-plan`, cookie: a.admin });
    expect([none.statusCode, none.json()]).toEqual([200, null]);
    expect(await payThroughLink(inv.id)).toEqual({ amount: '500.00', paid: '500.00' });
  });

  it('the portal pays the installment the customer chose, up to the balance due', async () => {
    const inv = await sentInvoice('500.00');
    await createPlan(inv.id, splitInstallments(50_000, 2, future(1), 'monthly'));
    const link = await t.call({ method: 'POST', url: `/api/customers/${a.customerId}/portal-link`, cookie: a.admin, payload: {} });
    expect(link.statusCode).toBe(200);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'pat@example.com')).orderBy(desc(outbox.id)).limit(1);
    const url = new URL(mail.text.match(/\S*\/customer-portal\S*/)![0]);
    const token = encodeURIComponent(portalTokenFromAddress(url.search, url.hash)!);
    const portal = (await t.call({ url: `/api/portal?token=${token}` })).json() as PortalResponse;
    expect(portal.invoices.find((i) => i.id === inv.id)?.installment).toMatchObject({ number: 1, count: 2, amountDue: '250.00' });
    const pay = (payload: object | undefined) => t.call({ method: 'POST', url: `/api/invoices/${inv.id}/payment-intent?token=${token}`, payload });
    expect((await pay({ amount: '250.00' })).json()).toMatchObject({ amount: '250.00' });
    expect((await pay({})).json()).toMatchObject({ amount: '500.00' });
    const over = await pay({ amount: '500.01' });
    expect(over.statusCode).toBe(400);
    expect(over.json().issues[0].path).toBe('amount');
  });

  it("another organization's invoice is a 404, and an employee cannot make a plan", async () => {
    const inv = await sentInvoice('300.00');
    expect((await createPlan(inv.id, splitInstallments(30_000, 2, future(1), 'monthly'), b.admin)).statusCode).toBe(404);
    expect((await createPlan(inv.id, splitInstallments(30_000, 2, future(1), 'monthly'), a.employee)).statusCode).toBe(403);
  });
});
