import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, timeEntries, workOrders } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let manager: string;
let employee: { id: number; cookie: string };
let employee2: { id: number; cookie: string };
let portalCustomer: string;
let managerB: string;
let woA: { id: number; title: string };
let woB: { id: number };

async function workOrderIn(organizationId: number, title: string, customerName: string) {
  const db = t.database.db;
  const [c] = await db.insert(customers).values({ organizationId, name: customerName }).returning();
  const [wo] = await db
    .insert(workOrders)
    .values({ organizationId, customerId: c.id, title, orderNumber: `WO-${randomUUID().slice(0, 8)}` })
    .returning();
  return wo;
}

beforeAll(async () => {
  t = await createTestApp();
  orgA = await t.createOrganization();
  orgB = await t.createOrganization();
  const user = async (role: string, organizationId: number, values: { firstName?: string; lastName?: string } = {}) => {
    const u = await t.createUser({ role, organizationId, ...values });
    return { id: u.id, cookie: await t.cookieFor(u.id) };
  };
  manager = (await user('manager', orgA.id)).cookie;
  employee = await user('employee', orgA.id, { firstName: 'Erin', lastName: 'Walsh' });
  employee2 = await user('employee', orgA.id);
  portalCustomer = (await user('customer', orgA.id)).cookie;
  managerB = (await user('manager', orgB.id)).cookie;
  woA = await workOrderIn(orgA.id, 'Fix the boiler', 'Zelda Plumbing Client');
  woB = await workOrderIn(orgB.id, 'Other org job', 'Other Customer');
});
afterAll(async () => {
  await t?.close();
});

const start = (payload: unknown, cookie: string) => t.call({ method: 'POST', url: '/api/time-entries', cookie, payload: payload as object });
const stop = (id: number, cookie: string) => t.call({ method: 'PUT', url: `/api/time-entries/${id}`, cookie, payload: { isActive: false } });

describe('starting a timer', () => {
  it('requires a work order with the exact message', async () => {
    for (const payload of [{}, { workOrderId: 0 }, { workOrderId: '' }, { workOrderId: null }, { workOrderId: 'abc' }]) {
      const res = await start(payload, employee.cookie);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().issues[0]).toEqual({ path: 'workOrderId', message: 'Please select a work order' });
    }
  });

  it("refuses another organization's work order as missing", async () => {
    const res = await start({ workOrderId: woB.id }, employee.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toEqual({ path: 'workOrderId', message: 'Work order not found' });
  });

  it("an employee starts their own timer under their own name, whatever name the client sends", async () => {
    const res = await start({ workOrderId: woA.id, description: '  Bleeding radiators ', employeeName: 'Someone Else', startTime: '2000-01-01T00:00:00Z' }, employee.cookie);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      organizationId: orgA.id,
      workOrderId: woA.id,
      userId: employee.id,
      employeeName: 'Erin Walsh',
      description: 'Bleeding radiators',
      endTime: null,
      isActive: true,
      durationMinutes: null,
      workOrderTitle: 'Fix the boiler',
      customerName: 'Zelda Plumbing Client',
    });
    expect(Date.now() - new Date(body.startTime).getTime()).toBeLessThan(60_000);
    const active = await t.call({ url: '/api/time-entries/active', cookie: employee.cookie });
    expect(active.json().id).toBe(body.id);
    // Another user has no active timer of their own.
    expect((await t.call({ url: '/api/time-entries/active', cookie: employee2.cookie })).json()).toBeNull();
    // A second start while one runs is refused.
    const again = await start({ workOrderId: woA.id }, employee.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'A timer is already running' });
    expect((await stop(body.id, employee.cookie)).statusCode).toBe(200);
  });

  it('five simultaneous starts by one user: one 201, four 409', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => start({ workOrderId: woA.id }, employee2.cookie)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toEqual({ code: 'CONFLICT', message: 'A timer is already running' });
    const rows = await t.database.db.select().from(timeEntries).where(eq(timeEntries.userId, employee2.id));
    expect(rows.filter((r) => r.isActive)).toHaveLength(1);
    const created = results.find((r) => r.statusCode === 201)!.json();
    expect((await stop(created.id, employee2.cookie)).statusCode).toBe(200);
  });

  it('customers cannot use the time clock', async () => {
    expect((await start({ workOrderId: woA.id }, portalCustomer)).statusCode).toBe(403);
    expect((await t.call({ url: '/api/time-entries', cookie: portalCustomer })).statusCode).toBe(403);
    expect((await t.call({ url: '/api/time-entries/active', cookie: portalCustomer })).statusCode).toBe(403);
  });
});

describe('stopping a timer', () => {
  it('sets endTime, isActive false and the duration in whole minutes', async () => {
    const started = (await start({ workOrderId: woA.id }, employee.cookie)).json();
    // Back-date the start so the duration is known: 2 h 5 min.
    const startTime = new Date(Date.now() - (125 * 60_000 + 30_000));
    await t.database.db.update(timeEntries).set({ startTime }).where(eq(timeEntries.id, started.id));
    const res = await stop(started.id, employee.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.isActive).toBe(false);
    expect(body.endTime).not.toBeNull();
    expect(body.durationMinutes).toBe(125);
    expect((await t.call({ url: '/api/time-entries/active', cookie: employee.cookie })).json()).toBeNull();
    const again = await stop(started.id, employee.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'This timer is already stopped' });
  });

  it("an employee cannot stop someone else's timer; a manager can", async () => {
    const started = (await start({ workOrderId: woA.id }, employee.cookie)).json();
    const other = await stop(started.id, employee2.cookie);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ code: 'FORBIDDEN', message: 'You can only stop your own timer' });
    const [row] = await t.database.db.select().from(timeEntries).where(eq(timeEntries.id, started.id));
    expect(row.isActive).toBe(true);
    expect((await stop(started.id, manager)).statusCode).toBe(200);
  });

  it("another organization's entry is not found", async () => {
    const started = (await start({ workOrderId: woA.id }, employee.cookie)).json();
    const res = await stop(started.id, managerB);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Time entry not found' });
    expect((await stop(999_999, manager)).statusCode).toBe(404);
    expect((await stop(started.id, employee.cookie)).statusCode).toBe(200);
  });
});

describe('listing time entries', () => {
  it('lists newest first with work order title and customer name, searchable, with X-Total-Count', async () => {
    const other = await workOrderIn(orgA.id, 'Paint the fence', 'Quentin Ames');
    const s = (await start({ workOrderId: other.id, description: 'Second coat on the gate' }, employee.cookie)).json();
    await stop(s.id, employee.cookie);
    const all = await t.call({ url: '/api/time-entries', cookie: employee.cookie });
    expect(all.statusCode).toBe(200);
    expect(all.json()[0].id).toBe(s.id);
    expect(Number(all.headers['x-total-count'])).toBe(all.json().length);
    const byTitle = await t.call({ url: '/api/time-entries?q=fence', cookie: manager });
    expect(byTitle.json().map((e: { id: number }) => e.id)).toEqual([s.id]);
    expect(byTitle.headers['x-total-count']).toBe('1');
    const byCustomer = await t.call({ url: '/api/time-entries?q=quentin', cookie: manager });
    expect(byCustomer.json().map((e: { id: number }) => e.id)).toEqual([s.id]);
    const byDescription = await t.call({ url: '/api/time-entries?q=second%20coat', cookie: manager });
    expect(byDescription.json().map((e: { id: number }) => e.id)).toEqual([s.id]);
    const byEmployee = (await t.call({ url: `/api/time-entries?q=${encodeURIComponent(s.employeeName)}`, cookie: manager })).json();
    expect(byEmployee.map((e: { id: number }) => e.id)).toContain(s.id);
    expect(byEmployee.every((e: { employeeName: string }) => e.employeeName === s.employeeName)).toBe(true);
    const none = await t.call({ url: '/api/time-entries?q=nomatchhere', cookie: manager });
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    // Organization B sees none of it.
    expect((await t.call({ url: '/api/time-entries?q=fence', cookie: managerB })).json()).toEqual([]);
  });
});
