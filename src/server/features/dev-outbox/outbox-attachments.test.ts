// /dev/outbox names each e-mail's attachments (an invoice's PDF, an appointment's .ics), so a developer can
// see what a customer would receive without a mail server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer } from '../documents/documents.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('/api/dev/outbox', () => {
  it('lists the attachments of an e-mail by name and type', async () => {
    const org = await t.createOrganization({ name: 'Outbox Co' });
    const cookie = await t.cookieFor((await t.createUser({ role: 'manager', organizationId: org.id })).id);
    const customer = await createCustomer(t, org.id, { email: 'attach@example.com' });
    const inv = (await t.call({ method: 'POST', url: '/api/invoices', cookie, payload: { customerId: customer.id } })).json();
    expect((await t.call({ method: 'POST', url: `/api/invoices/${inv.id}/email`, cookie })).statusCode).toBe(200);

    const res = await t.call({ url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    const entry = (res.json() as { to: string; attachments: unknown[] }[]).find((e) => e.to === 'attach@example.com');
    expect(entry?.attachments).toEqual([{ filename: `invoice-${inv.invoiceNumber}.pdf`, contentType: 'application/pdf' }]);
  });
});
