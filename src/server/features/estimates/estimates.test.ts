import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateLineItems, estimates, messages, outbox } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer, orgKit, pdfText, type OrgKit } from '../documents/documents.test-kit';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t, { name: 'Łódź Builders', phone: '5553331234', email: 'office@lodz.example', address: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', industry: null });
  b = await orgKit(t);
});
afterAll(async () => {
  await t?.close();
});

const post = (cookie: string, payload: unknown) => t.call({ method: 'POST', url: '/api/estimates', cookie, payload: payload as object });
const put = (cookie: string, id: number, payload: unknown) => t.call({ method: 'PUT', url: `/api/estimates/${id}`, cookie, payload: payload as object });
const get = (cookie: string, url: string) => t.call({ url, cookie });

async function counts() {
  const [e] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(estimates);
  const [l] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(estimateLineItems);
  return { estimates: e.n, lines: l.n };
}

describe('estimates', () => {
  it('accepts line items as a JSON string (as the original form sends them) and recomputes the totals', async () => {
    const res = await post(a.employee, {
      customerId: String(a.customerId),
      title: 'Deck build',
      description: 'Cedar deck, 12 x 16',
      lineItems: JSON.stringify([
        { description: 'Dime', quantity: 1, rate: 0.1, amount: 0.1 },
        { description: 'Two dimes', quantity: 1, rate: 0.2, amount: 0.2 },
        { description: 'Thirds', quantity: 3, rate: '33.33', amount: '100' },
      ]),
      subtotal: '1.00',
      tax: '0.1',
      total: '5.00',
      validUntil: '2026-12-31',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      estimateNumber: 'EST-00001',
      status: 'draft',
      customerName: 'Pat Customer',
      subtotal: '100.29',
      tax: '0.10',
      total: '100.39',
      validUntil: '2026-12-31T00:00:00.000Z',
    });
    expect(res.json().lineItems.map((l: { amount: string }) => l.amount)).toEqual(['0.10', '0.20', '99.99']);
  });

  it('answers the form messages and writes nothing for invalid input', async () => {
    const before = await counts();
    const empty = await post(a.admin, {});
    expect(empty.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'customerId', message: 'Please select a customer' },
        { path: 'title', message: 'Title is required' },
      ]),
    );
    const badJson = await post(a.admin, { customerId: a.customerId, title: 'x', lineItems: '[{"description": ' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe('Line items must be a list');
    const negative = await post(a.admin, { customerId: a.customerId, title: 'x', lineItems: JSON.stringify([{ description: 'a', quantity: -1, rate: 1 }]) });
    expect(negative.json().issues).toEqual([{ path: 'lineItems.0.quantity', message: 'Quantity must be at least 1' }]);
    const tax = await post(a.admin, { customerId: a.customerId, title: 'x', tax: '-1' });
    expect(tax.json().issues).toEqual([{ path: 'tax', message: 'Tax cannot be negative' }]);
    const foreign = await post(a.admin, { customerId: b.customerId, title: 'x', lineItems: [{ description: 'a', quantity: 1, rate: 1 }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Customer not found');
    expect(await counts()).toEqual(before);
  });

  it('lists, searches and filters', async () => {
    const kit = await orgKit(t);
    const e1 = (await post(kit.admin, { customerId: kit.customerId, title: 'Kitchen remodel' })).json();
    const e2 = (await post(kit.admin, { customerId: kit.customerId, title: 'Bathroom', status: 'sent' })).json();
    const res = await get(kit.employee, '/api/estimates');
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json().map((e: { id: number }) => e.id)).toEqual([e2.id, e1.id]);
    expect((await get(kit.admin, '/api/estimates?q=kitchen')).json().map((e: { id: number }) => e.id)).toEqual([e1.id]);
    expect((await get(kit.admin, '/api/estimates?q=EST-00002')).json().map((e: { id: number }) => e.id)).toEqual([e2.id]);
    expect((await get(kit.admin, '/api/estimates?status=sent')).json().map((e: { id: number }) => e.id)).toEqual([e2.id]);
    expect((await get(kit.admin, '/api/estimates?q=pat%20cust')).json()).toHaveLength(2);
  });

  it('an update replaces the line items and recomputes subtotal and total; employees cannot update', async () => {
    const est = (await post(a.admin, { customerId: a.customerId, title: 'Paint', lineItems: [{ description: 'Old', quantity: 1, rate: 10 }], tax: 1 })).json();
    expect(est.total).toBe('11.00');
    expect((await put(a.employee, est.id, { title: 'Nope' })).statusCode).toBe(403);
    const res = await put(a.manager, est.id, {
      customerId: a.customerId,
      title: 'Paint the house',
      status: 'sent',
      lineItems: JSON.stringify([{ description: 'New', quantity: 4, rate: '25.25' }]),
      subtotal: '0',
      total: '0',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Paint the house', status: 'sent', subtotal: '101.00', tax: '1.00', total: '102.00' });
    expect(res.json().lineItems.map((l: { description: string }) => l.description)).toEqual(['New']);
    const taxOnly = await put(a.manager, est.id, { tax: null });
    expect(taxOnly.json()).toMatchObject({ subtotal: '101.00', tax: '0.00', total: '101.00' });
    expect(taxOnly.json().lineItems).toHaveLength(1);
    await t.database.db.delete(estimates).where(eq(estimates.id, est.id));
    expect(await t.database.db.select().from(estimateLineItems).where(eq(estimateLineItems.estimateId, est.id))).toEqual([]);
  });

  it('downloads as a PDF with the number and the names as written', async () => {
    const jose = await createCustomer(t, a.org.id, { name: 'José Müller-Łódź', companyName: "Zoë O'Brien & Co", email: 'jose@example.com', paymentTerms: 'net15' });
    const est = (await post(a.admin, { customerId: jose.id, title: 'Fence', lineItems: [{ description: 'Cedar fence — 40 ft', quantity: 40, rate: '12.50' }] })).json();
    const res = await get(a.employee, `/api/estimates/${est.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="estimate-${est.estimateNumber}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const s of [est.estimateNumber, 'José Müller-Łódź', "Zoë O'Brien & Co", 'Łódź Builders', 'Cedar fence — 40 ft', '$500.00', 'Net 15', 'ESTIMATE']) {
      expect(text).toContain(s);
    }
    expect((await get(b.admin, `/api/estimates/${est.id}/pdf`)).statusCode).toBe(404);
    expect((await get(a.customerUser, `/api/estimates/${est.id}/pdf`)).statusCode).toBe(403);
  });

  it("e-mails the estimate to the customer with the PDF, and records it in Messaging", async () => {
    const est = (await post(a.admin, { customerId: a.customerId, title: 'Roof', lineItems: [{ description: 'Shingles', quantity: 2, rate: '0.10' }], tax: '0.2' })).json();
    const res = await t.call({ method: 'POST', url: `/api/estimates/${est.id}/email`, cookie: a.employee });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Estimate emailed successfully to customer' });
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'pat@example.com')).orderBy(desc(outbox.id)).limit(1);
    expect(mail.subject).toBe(`Estimate ${est.estimateNumber} from Łódź Builders`);
    expect(mail.text).toContain('- Shingles: 2 × $0.10 = $0.20');
    expect(mail.text).toContain('Subtotal: $0.20');
    expect(mail.text).toContain('Tax: $0.20');
    expect(mail.text).toContain('Total: $0.40');
    expect(mail.text).toContain('(555) 333-1234');
    expect(mail.text).toContain('office@lodz.example');
    expect(mail.attachments).toEqual([{ filename: `estimate-${est.estimateNumber}.pdf`, contentType: 'application/pdf', size: expect.any(Number) }]);
    expect(mail.attachments![0].size).toBeGreaterThan(1000);
    const [msg] = await t.database.db.select().from(messages).where(eq(messages.subject, mail.subject!));
    expect(msg).toMatchObject({ organizationId: a.org.id, type: 'email', status: 'sent', recipients: ['pat@example.com'], content: mail.text });
    expect(msg.sentDate).toBeInstanceOf(Date);
  });

  it('e-mail errors: no address, missing estimate, other organization, customer role', async () => {
    const noMail = await createCustomer(t, a.org.id, { email: null });
    const est = (await post(a.admin, { customerId: noMail.id, title: 'x' })).json();
    const res = await t.call({ method: 'POST', url: `/api/estimates/${est.id}/email`, cookie: a.admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Customer has no email address');
    const missing = await t.call({ method: 'POST', url: '/api/estimates/99999999/email', cookie: a.admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Estimate not found');
    const own = (await post(a.admin, { customerId: a.customerId, title: 'mine' })).json();
    expect((await t.call({ method: 'POST', url: `/api/estimates/${own.id}/email`, cookie: b.admin })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: `/api/estimates/${own.id}/email`, cookie: a.customerUser })).statusCode).toBe(403);
  });

  it('permissions and tenancy on reads and writes', async () => {
    const est = (await post(a.employee, { customerId: a.customerId, title: 'Employee estimate' })).json();
    expect(est.estimateNumber).toMatch(/^EST-\d{5}$/);
    for (const [method, url] of [
      ['GET', '/api/estimates'],
      ['GET', `/api/estimates/${est.id}`],
      ['POST', '/api/estimates'],
      ['PUT', `/api/estimates/${est.id}`],
    ] as const) {
      const res = await t.call({ method, url, cookie: a.customerUser, payload: method === 'GET' ? undefined : { customerId: a.customerId, title: 'x' } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await get(b.admin, `/api/estimates/${est.id}`)).statusCode).toBe(404);
    expect((await put(b.admin, est.id, { title: 'B' })).statusCode).toBe(404);
    expect((await get(a.admin, `/api/estimates/${est.id}`)).json().title).toBe('Employee estimate');
    const kit = await orgKit(t);
    expect((await post(kit.admin, { customerId: kit.customerId, title: 'first' })).json().estimateNumber).toBe('EST-00001');
  });
});
