import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberCounters, workOrderLineItems, workOrders } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer, orgKit, type OrgKit } from '../documents/documents.test-kit';

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

const post = (cookie: string, payload: unknown) => t.call({ method: 'POST', url: '/api/work-orders', cookie, payload: payload as object });
const put = (cookie: string, id: number, payload: unknown) => t.call({ method: 'PUT', url: `/api/work-orders/${id}`, cookie, payload: payload as object });
const get = (cookie: string, url: string) => t.call({ url, cookie });

async function counts() {
  const db = t.database.db;
  const [w] = await db.select({ n: sql<number>`count(*)::int` }).from(workOrders);
  const [l] = await db.select({ n: sql<number>`count(*)::int` }).from(workOrderLineItems);
  const [c] = await db.select({ n: sql<number>`coalesce(sum(${numberCounters.currentNumber}), 0)::int` }).from(numberCounters);
  return { workOrders: w.n, lines: l.n, counters: c.n };
}

describe('work orders', () => {
  it('an employee creates one; the server numbers it and computes amounts and totalCost in cents', async () => {
    const res = await post(a.employee, {
      customerId: a.customerId,
      title: 'Fix the leak',
      description: 'Kitchen sink',
      startDate: '2026-11-21T09:00:00.000Z',
      dueDate: '2026-11-21T17:00:00.000Z',
      estimatedHours: 2.5,
      laborCost: 0.1,
      materialCost: '0.2',
      totalCost: '999999',
      lineItems: [
        { description: 'Three parts', quantity: 3, rate: '33.33', amount: '1.00' },
        { description: 'Half hour', quantity: '1.5', rate: 0.1 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const wo = res.json();
    expect(wo).toMatchObject({
      orderNumber: 'WO-00001',
      status: 'scheduled',
      customerId: a.customerId,
      customerName: 'Pat Customer',
      organizationId: a.org.id,
      estimatedHours: '2.50',
      laborCost: '0.10',
      materialCost: '0.20',
      // 99.99 + 0.15 + 0.10 + 0.20
      totalCost: '100.44',
      startDate: '2026-11-21T09:00:00.000Z',
      completedDate: null,
    });
    expect(wo.lineItems.map((l: { amount: string; quantity: string }) => [l.quantity, l.amount])).toEqual([
      ['3.00', '99.99'],
      ['1.50', '0.15'],
    ]);
    const again = await get(a.admin, `/api/work-orders/${wo.id}`);
    expect(again.json()).toEqual(wo);
  });

  it('answers the form messages for missing and invalid fields', async () => {
    const res = await post(a.admin, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'customerId', message: 'Please select a customer' },
        { path: 'title', message: 'Please enter a job title' },
      ]),
    );
    const lines = await post(a.admin, {
      customerId: a.customerId,
      title: '  ',
      lineItems: [{ description: '', quantity: 0, rate: -1, amount: -1 }],
    });
    expect(lines.statusCode).toBe(400);
    expect(lines.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: 'Please enter a job title' },
        { path: 'lineItems.0.description', message: 'Description is required' },
        { path: 'lineItems.0.quantity', message: 'Quantity must be at least 1' },
        { path: 'lineItems.0.rate', message: 'Rate must be positive' },
        { path: 'lineItems.0.amount', message: 'Amount must be positive' },
      ]),
    );
    const status = await post(a.admin, { customerId: a.customerId, title: 'x', status: 'done' });
    expect(status.statusCode).toBe(400);
    expect(status.json().issues[0].path).toBe('status');
  });

  it('invalid input writes nothing', async () => {
    const before = await counts();
    const other = await createCustomer(t, b.org.id);
    const cases: [unknown, number, string?][] = [
      [{ customerId: a.customerId, title: 'x', lineItems: [{ description: 'a', quantity: -2, rate: 1 }] }, 400],
      [{ customerId: a.customerId, title: '' }, 400],
      [{ customerId: 99999999, title: 'x' }, 400, 'Customer not found'],
      [{ customerId: other.id, title: 'x', lineItems: [{ description: 'a', quantity: 1, rate: 1 }] }, 400, 'Customer not found'],
      [{ customerId: a.customerId, title: 'x', lineItems: [{ description: 'a', quantity: 99999999, rate: 99999999 }] }, 400, 'Line 1: amount is too large'],
      [{ customerId: a.customerId, title: 'x', description: 'x'.repeat(10 * 1024 * 1024) }, 413],
    ];
    for (const [payload, status, message] of cases) {
      const res = await post(a.admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    // An organization admin's organizationId is ignored: the customer is looked up in their own organization.
    const cross = await post(a.admin, { customerId: other.id, organizationId: b.org.id, title: 'x' });
    expect(cross.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('lists with customer name, newest first, search, filters and X-Total-Count', async () => {
    const kit = await orgKit(t);
    const zoe = await createCustomer(t, kit.org.id, { name: "Zoë O'Brien" });
    const mk = async (title: string, customerId: number) => (await post(kit.admin, { customerId, title })).json();
    const w1 = await mk('Roof repair', kit.customerId);
    const w2 = await mk('Gutter cleaning', zoe.id);
    const w3 = await mk('Roof inspection', zoe.id);
    await put(kit.admin, w3.id, { status: 'in_progress' });

    const all = await get(kit.employee, '/api/work-orders');
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json().map((w: { id: number }) => w.id)).toEqual([w3.id, w2.id, w1.id]);
    expect(all.json()[0]).toMatchObject({ customerName: "Zoë O'Brien", lineItems: [] });

    const ids = async (url: string) => (await get(kit.admin, url)).json().map((w: { id: number }) => w.id);
    expect(await ids('/api/work-orders?q=roof')).toEqual([w3.id, w1.id]);
    expect(await ids(`/api/work-orders?q=${encodeURIComponent("o'brien")}`)).toEqual([w3.id, w2.id]);
    expect(await ids(`/api/work-orders?q=${w2.orderNumber}`)).toEqual([w2.id]);
    expect(await ids('/api/work-orders?status=in_progress')).toEqual([w3.id]);
    expect(await ids(`/api/work-orders?customerId=${kit.customerId}`)).toEqual([w1.id]);
    expect(await ids('/api/work-orders?sort=title')).toEqual([w2.id, w3.id, w1.id]);
    expect(await ids('/api/work-orders?limit=1&offset=1')).toEqual([w2.id]);
    expect(await ids('/api/work-orders?q=100%25')).toEqual([]);
    expect((await get(kit.admin, '/api/work-orders?sort=nope')).statusCode).toBe(400);
    expect((await get(kit.admin, '/api/work-orders?status=nope')).statusCode).toBe(400);
  });

  it('a full update replaces the line items; Start and Complete are status-only updates', async () => {
    const created = (
      await post(a.admin, {
        customerId: a.customerId,
        title: 'Install fan',
        laborCost: '10',
        lineItems: [
          { description: 'Old 1', quantity: 1, rate: 5 },
          { description: 'Old 2', quantity: 1, rate: 5 },
        ],
      })
    ).json();
    const other = await createCustomer(t, a.org.id, { name: 'Second Customer' });
    const full = await put(a.manager, created.id, {
      customerId: other.id,
      title: 'Install ceiling fan',
      description: null,
      laborCost: '20.00',
      materialCost: '5',
      lineItems: [
        { description: 'New B', quantity: 2, rate: '7.25' },
        { description: 'New A', quantity: 1, rate: '0.01' },
      ],
    });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ customerId: other.id, customerName: 'Second Customer', title: 'Install ceiling fan', totalCost: '39.51' });
    expect(full.json().lineItems.map((l: { description: string; sortOrder: number }) => [l.description, l.sortOrder])).toEqual([
      ['New B', 0],
      ['New A', 1],
    ]);
    const stored = await t.database.db.select().from(workOrderLineItems).where(eq(workOrderLineItems.workOrderId, created.id));
    expect(stored.map((l) => l.description).sort()).toEqual(['New A', 'New B']);

    const started = await put(a.manager, created.id, { status: 'in_progress' });
    expect(started.json()).toMatchObject({ status: 'in_progress', title: 'Install ceiling fan', totalCost: '39.51', completedDate: null });
    expect(started.json().lineItems).toHaveLength(2);
    const completed = await put(a.manager, created.id, { status: 'completed' });
    expect(completed.json().status).toBe('completed');
    expect(Date.now() - Date.parse(completed.json().completedDate)).toBeLessThan(60_000);
    const laborOnly = await put(a.manager, created.id, { laborCost: '0' });
    expect(laborOnly.json()).toMatchObject({ totalCost: '19.51', completedDate: completed.json().completedDate });
    const reopened = await put(a.manager, created.id, { status: 'scheduled' });
    expect(reopened.json().completedDate).toBeNull();
  });

  it('line items are deleted with their work order', async () => {
    const wo = (await post(a.admin, { customerId: a.customerId, title: 'Temp', lineItems: [{ description: 'x', quantity: 1, rate: 1 }] })).json();
    await t.database.db.delete(workOrders).where(eq(workOrders.id, wo.id));
    expect(await t.database.db.select().from(workOrderLineItems).where(eq(workOrderLineItems.workOrderId, wo.id))).toEqual([]);
  });

  it('permissions: employees create but cannot update; customers get 403 everywhere', async () => {
    const wo = (await post(a.employee, { customerId: a.customerId, title: 'Employee job' })).json();
    expect((await get(a.employee, `/api/work-orders/${wo.id}`)).statusCode).toBe(200);
    expect((await put(a.employee, wo.id, { status: 'in_progress' })).statusCode).toBe(403);
    expect((await put(a.manager, wo.id, { status: 'in_progress' })).statusCode).toBe(200);
    expect((await get(a.customerUser, '/api/work-orders')).statusCode).toBe(403);
    expect((await get(a.customerUser, `/api/work-orders/${wo.id}`)).statusCode).toBe(403);
    expect((await post(a.customerUser, { customerId: a.customerId, title: 'x' })).statusCode).toBe(403);
    expect((await put(a.customerUser, wo.id, { status: 'completed' })).statusCode).toBe(403);
    expect((await get('', '/api/work-orders')).statusCode).toBe(401);
  });

  it("another organization's work order is a 404 and is left unchanged", async () => {
    const wo = (await post(a.admin, { customerId: a.customerId, title: 'Private' })).json();
    expect((await get(b.admin, `/api/work-orders/${wo.id}`)).statusCode).toBe(404);
    const res = await put(b.admin, wo.id, { title: 'Taken over' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Work order not found');
    expect((await get(a.admin, `/api/work-orders/${wo.id}`)).json().title).toBe('Private');
    expect((await get(a.admin, '/api/work-orders/2147483647')).statusCode).toBe(404);
  });

  it('numbers are per organization, and a super user writes into the chosen customer organization', async () => {
    const kit = await orgKit(t);
    expect((await post(kit.admin, { customerId: kit.customerId, title: 'First' })).json().orderNumber).toBe('WO-00001');
    const su = await t.cookieFor((await t.createUser({ role: 'super_user', organizationId: null })).id);
    const viaCustomer = await post(su, { customerId: kit.customerId, title: 'By super user' });
    expect(viaCustomer.json()).toMatchObject({ organizationId: kit.org.id, orderNumber: 'WO-00002' });
    const wrongOrg = await post(su, { customerId: kit.customerId, organizationId: a.org.id, title: 'x' });
    expect(wrongOrg.statusCode).toBe(400);
    const listed = await get(su, `/api/work-orders?organizationId=${kit.org.id}`);
    expect(listed.json()).toHaveLength(2);
  });
});
