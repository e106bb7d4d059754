// A work order's due date may not fall before its start date (docs/features.md, Field rules): 400 naming dueDate on
// create and on edit, including an edit that moves only one of the two dates; nothing is written.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrders } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orgKit, type OrgKit } from '../documents/documents.test-kit';

let t: TestApp;
let a: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t);
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: object) => t.call({ method: 'POST', url: '/api/work-orders', cookie: a.admin, payload });
const put = (id: number, payload: object) => t.call({ method: 'PUT', url: `/api/work-orders/${id}`, cookie: a.admin, payload });
const DUE_BEFORE_START = [{ path: 'dueDate', message: 'Due date cannot be before the start date' }];

describe('work order dates', () => {
  it('refuses a due date before the start date on create, naming dueDate; the same instant or later is fine', async () => {
    const title = `Dates ${Date.now()}`;
    const bad = await post({ customerId: a.customerId, title, startDate: '2026-11-21T09:00:00.000Z', dueDate: '2026-11-20T17:00:00.000Z' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual(DUE_BEFORE_START);
    expect(await t.database.db.select().from(workOrders).where(eq(workOrders.title, title))).toEqual([]);
    expect((await post({ customerId: a.customerId, title, startDate: '2026-11-21T09:00:00.000Z', dueDate: '2026-11-21T09:00:00.000Z' })).statusCode).toBe(201);
    expect((await post({ customerId: a.customerId, title, startDate: null, dueDate: '2026-11-20T17:00:00.000Z' })).statusCode).toBe(201);
  });

  it('judges an edit against the stored other date, and leaves the work order unchanged when refused', async () => {
    const created = (await post({ customerId: a.customerId, title: 'Edit dates', startDate: '2026-11-21T09:00:00.000Z', dueDate: '2026-11-25T17:00:00.000Z' })).json();
    const earlyDue = await put(created.id, { dueDate: '2026-11-20T17:00:00.000Z' });
    expect(earlyDue.statusCode).toBe(400);
    expect(earlyDue.json().issues).toEqual(DUE_BEFORE_START);
    const lateStart = await put(created.id, { startDate: '2026-11-26T09:00:00.000Z' });
    expect(lateStart.statusCode).toBe(400);
    expect(lateStart.json().issues).toEqual(DUE_BEFORE_START);
    const [row] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, created.id));
    expect(row.startDate?.toISOString()).toBe('2026-11-21T09:00:00.000Z');
    expect(row.dueDate?.toISOString()).toBe('2026-11-25T17:00:00.000Z');
    expect((await put(created.id, { startDate: '2026-11-22T09:00:00.000Z', dueDate: '2026-11-23T17:00:00.000Z' })).statusCode).toBe(200);
  });
});
