import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { permissionsFor, ROLE_PERMISSIONS, ROLES, STAFF_ROLES } from '../../../contracts/permissions';
import { customers, inventoryItems, invoices, payments, users, workOrders } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { createTestApp, type TestApp } from '../../test/test-app';
import { dashboardPeriod, growthPercent } from './dashboard-period';
import { getDashboardStats } from './get-dashboard-stats';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;

describe('dashboard periods', () => {
  it('compares with the same point of the previous month, clamped to its end', () => {
    const mid = dashboardPeriod(new Date('2026-03-10T00:00:00Z'));
    expect(mid.monthStart.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(mid.nextMonthStart.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(mid.prevMonthStart.toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(mid.comparedTo.toISOString()).toBe('2026-02-10T00:00:00.000Z');
    expect(dashboardPeriod(new Date('2026-03-31T12:00:00Z')).comparedTo.toISOString()).toBe('2026-02-28T23:59:59.999Z');
    const jan = dashboardPeriod(new Date('2026-01-15T06:30:00Z'));
    expect(jan.prevMonthStart.toISOString()).toBe('2025-12-01T00:00:00.000Z');
    expect(jan.comparedTo.toISOString()).toBe('2025-12-15T06:30:00.000Z');
    expect(dashboardPeriod(new Date('2026-12-05T00:00:00Z')).nextMonthStart.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('rounds the percent change half away from zero and has none without a base', () => {
    expect(growthPercent(0, 0)).toBeNull();
    expect(growthPercent(5, 0)).toBeNull();
    expect(growthPercent(150, 100)).toBe(50);
    expect(growthPercent(100, 100)).toBe(0);
    expect(growthPercent(1, 3)).toBe(-67);
    expect(growthPercent(1, 8)).toBe(-88);
    expect(growthPercent(9, 8)).toBe(13);
  });
});

describe('GET /api/dashboard/stats', () => {
  let org: { id: number };
  let orgB: { id: number };
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let monthStart: number;
  let prevMonthStart: number;
  let now: number;

  beforeAll(async () => {
    const db = t.database.db;
    org = await t.createOrganization();
    orgB = await t.createOrganization();
    for (const [name, role, orgId] of [
      ['admin', 'org_admin', org.id],
      ['employee', 'employee', org.id],
      ['customer', 'customer', org.id],
      ['super', 'super_user', null],
    ] as const) {
      cookies[name] = await t.cookieFor((await t.createUser({ role, organizationId: orgId })).id);
    }

    now = Date.now();
    const d = new Date(now);
    monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    prevMonthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
    const at = (ms: number) => new Date(ms);
    const longAgo = prevMonthStart - 20 * DAY; // before the comparison point and before last month
    const thisMonth = (k: number) => at(monthStart + k); // after the comparison point, never after now

    const [c1] = await db.insert(customers).values({ organizationId: org.id, name: 'Old Customer', createdAt: at(longAgo) }).returning();
    await db.insert(customers).values([
      { organizationId: org.id, name: 'Last Month', createdAt: at(prevMonthStart) },
      { organizationId: org.id, name: 'First Of Month', createdAt: at(monthStart) },
      { organizationId: org.id, name: 'This Month', createdAt: thisMonth(5) },
    ]);
    ids.customer = c1.id;

    const wo = async (values: Partial<typeof workOrders.$inferInsert>) =>
      (
        await db
          .insert(workOrders)
          .values({ organizationId: org.id, customerId: c1.id, orderNumber: `WO-${Object.keys(ids).length}`, title: 'Job', ...values })
          .returning()
      )[0];
    ids.w1 = (await wo({ orderNumber: 'WO-00001', title: 'Replace water heater', status: 'scheduled', createdAt: at(longAgo), dueDate: at(monthStart + 40 * DAY) })).id;
    ids.w2 = (await wo({ orderNumber: 'WO-00002', title: 'Fix sink', status: 'in_progress', createdAt: thisMonth(10) })).id;
    await wo({ orderNumber: 'WO-00003', status: 'completed', createdAt: at(longAgo), completedDate: at(now) }); // active then
    await wo({ orderNumber: 'WO-00004', status: 'completed', createdAt: at(longAgo), completedDate: at(longAgo + DAY) }); // done before
    await wo({ orderNumber: 'WO-00005', status: 'cancelled', createdAt: at(longAgo), updatedAt: at(longAgo + DAY) }); // cancelled before
    await wo({ orderNumber: 'WO-00006', status: 'cancelled', createdAt: at(longAgo), updatedAt: at(now) }); // active then

    const inv = async (values: Partial<typeof invoices.$inferInsert>) =>
      (await db.insert(invoices).values({ organizationId: org.id, customerId: c1.id, invoiceNumber: 'X', ...values }).returning())[0].id;
    ids.i1 = await inv({ invoiceNumber: 'INV-00001', status: 'sent', total: '100.00', createdAt: at(longAgo + 3), dueDate: at(now - DAY), workOrderId: ids.w1 });
    ids.i2 = await inv({ invoiceNumber: 'INV-00002', status: 'overdue', total: '50.25', createdAt: thisMonth(3), dueDate: at(monthStart + 60 * DAY) });
    ids.i3 = await inv({ invoiceNumber: 'INV-00003', status: 'sent', total: '20.00', createdAt: thisMonth(2), dueDate: at(monthStart + 60 * DAY) });
    ids.i4 = await inv({ invoiceNumber: 'INV-00004', status: 'paid', total: '300.00', createdAt: at(longAgo + 2), paidDate: at(now) });
    ids.i5 = await inv({ invoiceNumber: 'INV-00005', status: 'paid', total: '40.00', createdAt: at(longAgo + 1), paidDate: at(longAgo + DAY) });
    ids.i6 = await inv({ invoiceNumber: 'INV-00006', status: 'draft', total: '999.00', createdAt: thisMonth(1), dueDate: at(now - DAY) });
    ids.i7 = await inv({ invoiceNumber: 'INV-00007', status: 'sent', total: '10.00', createdAt: thisMonth(4) });

    await db.insert(payments).values([
      { organizationId: org.id, amount: '200.00', status: 'completed', receivedDate: at(monthStart) },
      { organizationId: org.id, amount: '50.00', status: 'completed', receivedDate: at(now) },
      { organizationId: org.id, amount: '999.00', status: 'failed', receivedDate: at(now) },
      { organizationId: org.id, amount: '100.00', status: 'completed', receivedDate: at(prevMonthStart) },
      { organizationId: org.id, amount: '70.00', status: 'completed', receivedDate: at(prevMonthStart - DAY) },
    ]);

    const item = async (name: string, quantity: number, minimumStock: number) =>
      (await db.insert(inventoryItems).values({ organizationId: org.id, name, quantity, minimumStock }).returning())[0].id;
    ids.out = await item('Copper pipe', 0, 5);
    ids.equal = await item('Washers', 3, 3);
    await item('Plenty', 10, 2);
    ids.low = await item('Valves', 1, 4);

    // Organization B's rows must not count anywhere.
    const [cb] = await db.insert(customers).values({ organizationId: orgB.id, name: 'B Customer' }).returning();
    await db.insert(workOrders).values({ organizationId: orgB.id, customerId: cb.id, orderNumber: 'WO-00001', title: 'B job', status: 'scheduled' });
    await db.insert(invoices).values({ organizationId: orgB.id, customerId: cb.id, invoiceNumber: 'INV-00001', status: 'overdue', total: '1000.00', dueDate: at(now - DAY) });
    await db.insert(payments).values({ organizationId: orgB.id, amount: '5000.00', status: 'completed', receivedDate: at(now) });
    await db.insert(inventoryItems).values({ organizationId: orgB.id, name: 'B item', quantity: 0, minimumStock: 5 });
  });

  const stats = async (cookie: string, query = '') => t.call({ url: `/api/dashboard/stats${query}`, cookie });

  it('answers the cards of the caller organization', async () => {
    const res = await stats(cookies.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.activeWorkOrders).toBe(2);
    expect(body.pendingInvoices).toEqual({ total: '180.25', count: 2, invoiceCount: 4 });
    expect(body.monthlyRevenue).toBe('250.00');
    expect(body.totalCustomers).toBe(4);
  });

  it('lists recent active jobs, the latest invoices and low stock', async () => {
    const body = (await stats(cookies.admin)).json();
    expect(body.recentWorkOrders).toEqual([
      { id: ids.w2, orderNumber: 'WO-00002', title: 'Fix sink', customerName: 'Old Customer', status: 'in_progress', dueDate: null },
      {
        id: ids.w1,
        orderNumber: 'WO-00001',
        title: 'Replace water heater',
        customerName: 'Old Customer',
        status: 'scheduled',
        dueDate: new Date(monthStart + 40 * DAY).toISOString(),
      },
    ]);
    expect(body.paymentStatus.map((i: { id: number }) => i.id)).toEqual([ids.i7, ids.i2, ids.i3, ids.i6, ids.i1]);
    expect(body.paymentStatus[4]).toEqual({
      id: ids.i1,
      invoiceNumber: 'INV-00001',
      customerName: 'Old Customer',
      title: 'Replace water heater',
      total: '100.00',
      status: 'sent',
    });
    expect(body.paymentStatus[0].title).toBeNull();
    expect(body.inventoryAlerts).toEqual([
      { id: ids.out, name: 'Copper pipe', quantity: 0, minimumStock: 5 },
      { id: ids.low, name: 'Valves', quantity: 1, minimumStock: 4 },
      { id: ids.equal, name: 'Washers', quantity: 3, minimumStock: 3 },
    ]);
  });

  it('compares each card with the previous month', async () => {
    const { growth } = (await stats(cookies.admin)).json();
    expect(growth).toEqual({
      comparedTo: expect.any(String),
      activeWorkOrders: { current: 2, previous: 3, percent: -33 },
      pendingInvoices: { current: '180.25', previous: '400.00', percent: -55 },
      monthlyRevenue: { current: '250.00', previous: '100.00', percent: 150 },
      newCustomers: { thisMonth: 2, lastMonth: 1 },
    });
    const comparedTo = Date.parse(growth.comparedTo);
    expect(comparedTo).toBeGreaterThanOrEqual(prevMonthStart);
    expect(comparedTo).toBeLessThan(monthStart);
  });

  it('is open to every staff role and closed to customers', async () => {
    const employee = await stats(cookies.employee);
    expect(employee.statusCode).toBe(200);
    expect(employee.json().totalCustomers).toBe(4);
    expect((await stats(cookies.customer)).statusCode).toBe(403);
    expect((await t.call({ url: '/api/dashboard/stats' })).statusCode).toBe(401);
  });

  /** The keys an answer without money has, at the top and in growth. */
  const NO_MONEY_KEYS = ['activeWorkOrders', 'financials', 'growth', 'inventoryAlerts', 'recentWorkOrders', 'totalCustomers'];
  const NO_MONEY_GROWTH_KEYS = ['activeWorkOrders', 'comparedTo', 'newCustomers'];
  const MONEY_KEYS = [...NO_MONEY_KEYS, 'monthlyRevenue', 'paymentStatus', 'pendingInvoices'].sort();

  it('an employee gets jobs, customers and stock but no money: no Pending Invoices, Monthly Revenue, Payment Status or money growth', async () => {
    const body = (await stats(cookies.employee)).json();
    expect(Object.keys(body).sort()).toEqual(NO_MONEY_KEYS);
    expect(Object.keys(body.growth).sort()).toEqual(NO_MONEY_GROWTH_KEYS);
    expect(body.financials).toBe(false);
    expect(body).toMatchObject({ activeWorkOrders: 2, totalCustomers: 4, growth: { activeWorkOrders: { current: 2, previous: 3, percent: -33 }, newCustomers: { thisMonth: 2, lastMonth: 1 } } });
    expect(body.recentWorkOrders.map((w: { id: number }) => w.id)).toEqual([ids.w2, ids.w1]);
    expect(body.inventoryAlerts.map((i: { id: number }) => i.id)).toEqual([ids.out, ids.low, ids.equal]);
    // No invoice number, total or sum of this organization's anywhere in the answer.
    const text = JSON.stringify(body);
    for (const secret of ['INV-0000', '180.25', '250.00', '400.00', '100.00']) expect(text).not.toContain(secret);
  });

  it('answers by each role of the role table: money exactly where the role has view_financials; customers and guests refused', async () => {
    for (const role of ROLES) {
      const user = await t.createUser({ role, organizationId: role === 'super_user' ? null : org.id });
      const res = await stats(await t.cookieFor(user.id), role === 'super_user' ? `?organizationId=${org.id}` : '');
      if (!STAFF_ROLES.includes(role)) {
        expect(res.statusCode, role).toBe(403);
        continue;
      }
      expect(res.statusCode, role).toBe(200);
      const body = res.json();
      const money = ROLE_PERMISSIONS[role].includes('view_financials');
      expect(body.financials, role).toBe(money);
      expect(Object.keys(body).sort(), role).toEqual(money ? MONEY_KEYS : NO_MONEY_KEYS);
      if (money) expect(body).toMatchObject({ pendingInvoices: { total: '180.25', count: 2 }, monthlyRevenue: '250.00' });
    }
    // The table itself: admins and managers see money, employees do not (docs/rules/organizations-and-roles.md#role-table).
    expect(['org_admin', 'manager', 'super_user'].every((r) => ROLE_PERMISSIONS[r as 'manager'].includes('view_financials'))).toBe(true);
    expect(ROLE_PERMISSIONS.employee.includes('view_financials')).toBe(false);
  });

  it('an employee granted view_financials as an extra permission sees the money, from the next request on', async () => {
    const user = await t.createUser({ role: 'employee', organizationId: org.id });
    const cookie = await t.cookieFor(user.id);
    const before = await stats(cookie);
    expect(before.json().financials).toBe(false);
    await t.database.db.update(users).set({ permissions: ['view_financials'] }).where(eq(users.id, user.id));
    const after = (await stats(cookie)).json();
    expect(after).toMatchObject({ financials: true, pendingInvoices: { total: '180.25', count: 2 }, monthlyRevenue: '250.00' });
    expect(after.paymentStatus).toHaveLength(5);
    expect(after.growth.monthlyRevenue).toEqual({ current: '250.00', previous: '100.00', percent: 150 });
  });

  it("an employee asking right after an admin never gets the admin's answer", async () => {
    const admin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
    const employee = await t.cookieFor((await t.createUser({ role: 'employee', organizationId: org.id })).id);
    const first = await stats(admin);
    expect(first.json().financials).toBe(true);
    const emp = await stats(employee);
    expect(emp.json().financials).toBe(false);
    expect(emp.json()).not.toHaveProperty('monthlyRevenue');
    expect(emp.json()).not.toHaveProperty('pendingInvoices');
    // And the other way round: the employee's answer never reaches a manager.
    const manager = await t.cookieFor((await t.createUser({ role: 'manager', organizationId: org.id })).id);
    expect((await stats(manager)).json()).toMatchObject({ financials: true, monthlyRevenue: '250.00' });
  });

  it('ignores organizationId from an organization user and honours it for a super user', async () => {
    const own = (await stats(cookies.admin, `?organizationId=${orgB.id}`)).json();
    expect(own.totalCustomers).toBe(4);
    const narrowed = (await stats(cookies.super, `?organizationId=${org.id}`)).json();
    const admin = (await stats(cookies.admin)).json();
    delete narrowed.growth.comparedTo;
    delete admin.growth.comparedTo;
    expect(narrowed).toEqual(admin);
    const all = (await stats(cookies.super)).json();
    expect(all.totalCustomers).toBeGreaterThanOrEqual(5);
    expect(all.monthlyRevenue).toBe('5250.00');
    expect((await stats(cookies.super, '?organizationId=abc')).statusCode).toBe(400);
  });
});

describe('getDashboardStats at a fixed instant', () => {
  it('compares revenue and new customers over the same stretch of the previous month', async () => {
    const db = t.database.db;
    const org = await t.createOrganization();
    const ctx: RequestContext = {
      user: {
        id: 0,
        accountId: 'test',
        email: 'test@example.com',
        firstName: null,
        lastName: null,
        companyName: null,
        organizationId: org.id,
        role: 'org_admin',
        permissions: [],
        isActive: true,
        lastLoginAt: null,
        createdAt: new Date(),
      },
      originalUser: null,
      sessionId: 0,
      impersonationSessionId: null,
      apiKeyId: null,
      organizationId: org.id,
      isSuperUser: false,
      permissions: permissionsFor('org_admin'),
      ip: '127.0.0.1',
      userAgent: null,
    };
    const d = (iso: string) => new Date(iso);
    await db.insert(customers).values([
      { organizationId: org.id, name: 'Feb 9', createdAt: d('2026-02-09T10:00:00Z') },
      { organizationId: org.id, name: 'Feb 11', createdAt: d('2026-02-11T10:00:00Z') },
      { organizationId: org.id, name: 'Mar 1', createdAt: d('2026-03-01T00:00:00Z') },
    ]);
    await db.insert(payments).values([
      { organizationId: org.id, amount: '30.00', receivedDate: d('2026-02-05T00:00:00Z') },
      { organizationId: org.id, amount: '500.00', receivedDate: d('2026-02-20T00:00:00Z') },
      { organizationId: org.id, amount: '60.00', receivedDate: d('2026-03-02T00:00:00Z') },
      { organizationId: org.id, amount: '7.00', receivedDate: d('2026-03-25T00:00:00Z') },
    ]);
    const stats = await getDashboardStats(db, ctx, {}, d('2026-03-10T00:00:00Z'));
    assert(stats.financials, 'an organization admin sees the money figures');
    expect(stats.monthlyRevenue).toBe('67.00');
    expect(stats.growth.comparedTo).toBe('2026-02-10T00:00:00.000Z');
    expect(stats.growth.monthlyRevenue).toEqual({ current: '67.00', previous: '30.00', percent: 123 });
    expect(stats.growth.newCustomers).toEqual({ thisMonth: 1, lastMonth: 1 });
    expect(stats.totalCustomers).toBe(3);
    expect(stats.growth.activeWorkOrders).toEqual({ current: 0, previous: 0, percent: null });
    expect(stats.pendingInvoices).toEqual({ total: '0.00', count: 0, invoiceCount: 0 });
    expect(stats.inventoryAlerts).toEqual([]);
  });
});
