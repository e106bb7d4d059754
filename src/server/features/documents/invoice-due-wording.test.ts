// The invoice PDF's due date and payment terms never contradict each other (docs/features.md, Invoices): no
// "On receipt" beside "Net 30" for an invoice without a due date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer, orgKit, pdfText, type OrgKit } from './documents.test-kit';
import { buildInvoiceEmail, buildInvoiceHtml } from '../invoices/email-invoice';
import { loadBusiness, loadDocumentCustomer } from './document-parties';
import { dueDetails } from './invoice-pdf';

let t: TestApp;
let a: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t);
});
afterAll(async () => {
  await t?.close();
});

async function invoicePdfText(paymentTerms: string, dueDate: string | null): Promise<string> {
  const customer = await createCustomer(t, a.org.id, { name: `Terms ${paymentTerms}`, paymentTerms });
  const created = await t.call({
    method: 'POST',
    url: '/api/invoices',
    cookie: a.admin,
    payload: { customerId: customer.id, dueDate, lineItems: [{ description: 'Work', quantity: 1, rate: '10.00' }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const res = await t.call({ url: `/api/invoices/${created.json().id}/pdf`, cookie: a.admin });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
}

describe('invoice PDF: due date and payment terms', () => {
  it('a Net 30 customer without a due date: the terms, never "On receipt"', async () => {
    const text = await invoicePdfText('net30', null);
    expect(text).toContain('Net 30');
    expect(text).not.toContain('On receipt');
  });

  it('a due date prints with the terms; Due on receipt or no terms without a due date prints "On receipt" once', async () => {
    const dated = await invoicePdfText('net15', '2026-12-10T00:00:00.000Z');
    expect(dated).toContain('Net 15');
    expect(dated).toContain('Dec 10, 2026');
    expect(dated).not.toContain('On receipt');
    const onReceipt = await invoicePdfText('due_on_receipt', null);
    expect(onReceipt.match(/On receipt/gi)).toHaveLength(1);
  });

  it('the rule itself', () => {
    expect(dueDetails(null, 'net30')).toEqual([{ label: 'Payment terms', value: 'Net 30' }]);
    expect(dueDetails(null, null)).toEqual([{ label: 'Due date', value: 'On receipt' }]);
    expect(dueDetails(null, 'due_on_receipt')).toEqual([{ label: 'Due date', value: 'On receipt' }]);
  });
});

describe('invoice e-mail: the same due rows as the PDF', () => {
  it('a Net 30 customer without a due date: "Payment terms: Net 30" in both parts, never "On receipt"', async () => {
    const customer = await createCustomer(t, a.org.id, { name: 'Terms by mail', paymentTerms: 'net30' });
    const created = await t.call({
      method: 'POST',
      url: '/api/invoices',
      cookie: a.admin,
      payload: { customerId: customer.id, lineItems: [{ description: 'Work', quantity: 1, rate: '10.00' }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const db = t.database.db;
    const invoice = (await t.call({ url: `/api/invoices/${created.json().id}`, cookie: a.admin })).json();
    const documentCustomer = await loadDocumentCustomer(db, a.org.id, customer.id);
    if (!documentCustomer) throw new Error('customer not found');
    const input = { invoice, business: await loadBusiness(db, a.org.id), customer: documentCustomer };
    const { text } = buildInvoiceEmail(input);
    expect(text).toContain('Payment terms: Net 30');
    expect(text).not.toContain('On receipt');
    const html = buildInvoiceHtml(input, null);
    expect(html).toContain('Net 30');
    expect(html).not.toContain('On receipt');
  });
});

