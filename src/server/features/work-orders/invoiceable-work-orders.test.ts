// The invoice form's work-order picker asks for invoiceable=true: work orders an invoice may still bill, not the
// cancelled ones nor those already on an invoice (docs/features.md, Invoices).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orgKit, type OrgKit } from '../documents/documents.test-kit';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t);
  b = await orgKit(t);
});
afterAll(async () => {
  await t?.close();
});

async function workOrder(kit: OrgKit, title: string, status = 'scheduled') {
  const res = await t.call({ method: 'POST', url: '/api/work-orders', cookie: kit.admin, payload: { customerId: kit.customerId, title, status } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; title: string };
}
const list = async (kit: OrgKit, query: string) => {
  const res = await t.call({ url: `/api/work-orders?customerId=${kit.customerId}&limit=100${query}`, cookie: kit.admin });
  expect(res.statusCode, res.body).toBe(200);
  return { titles: (res.json() as { title: string }[]).map((w) => w.title).sort(), total: Number(res.headers['x-total-count']) };
};

describe('GET /api/work-orders?invoiceable=true', () => {
  it('leaves out cancelled work orders and those already on an invoice; without it every one is listed', async () => {
    await workOrder(a, 'Open job');
    await workOrder(a, 'Done job', 'completed');
    await workOrder(a, 'Called off', 'cancelled');
    const billed = await workOrder(a, 'Billed job', 'completed');
    const inv = await t.call({
      method: 'POST',
      url: '/api/invoices',
      cookie: a.admin,
      payload: { customerId: a.customerId, workOrderId: billed.id, lineItems: [{ description: 'Billed job', quantity: 1, rate: '10.00' }] },
    });
    expect(inv.statusCode, inv.body).toBe(201);

    expect(await list(a, '&invoiceable=true')).toEqual({ titles: ['Done job', 'Open job'], total: 2 });
    expect(await list(a, '&invoiceable=false')).toEqual({ titles: ['Billed job', 'Called off', 'Done job', 'Open job'], total: 4 });
    expect((await list(a, '')).total).toBe(4);
  });

  it('refuses a value other than true or false, naming the field', async () => {
    await workOrder(b, 'B job');
    expect((await list(b, '&invoiceable=true')).titles).toEqual(['B job']);
    const bad = await t.call({ url: '/api/work-orders?invoiceable=yes', cookie: a.admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toContain('invoiceable');
  });
});
