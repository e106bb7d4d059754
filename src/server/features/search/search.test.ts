import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, estimates, invoices, workOrders } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
const cookies: Record<string, string> = {};
const ids = { customer: 0, otherCustomer: 0, workOrder: 0, estimate: 0, invoice: 0, invoiceB: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  orgA = await t.createOrganization();
  orgB = await t.createOrganization();
  const as = async (name: string, role: string, organizationId: number | null, permissions: string[] = []) => {
    cookies[name] = await t.cookieFor((await t.createUser({ role, organizationId, permissions })).id);
  };
  await as('admin', 'org_admin', orgA.id);
  await as('employee', 'employee', orgA.id);
  await as('employeeWithFinancials', 'employee', orgA.id, ['view_financials']);
  await as('customer', 'customer', orgA.id);
  await as('adminB', 'org_admin', orgB.id);
  await as('super', 'super_user', null);

  const [acme] = await db
    .insert(customers)
    .values({ organizationId: orgA.id, name: 'Acme Plumbing', email: 'office@acme.test', phone: '5553331234', companyName: 'Acme Holdings' })
    .returning();
  const [other] = await db.insert(customers).values({ organizationId: orgA.id, name: 'Zed Quiet', companyName: 'Acme Subsidiary' }).returning();
  ids.customer = acme.id;
  ids.otherCustomer = other.id;
  const [wo] = await db
    .insert(workOrders)
    .values({ organizationId: orgA.id, customerId: acme.id, orderNumber: 'WO-00042', title: 'Replace water heater', status: 'in_progress' })
    .returning();
  ids.workOrder = wo.id;
  const [est] = await db
    .insert(estimates)
    .values({ organizationId: orgA.id, customerId: acme.id, estimateNumber: 'EST-00007', title: 'Bathroom remodel', total: '1234.50' })
    .returning();
  ids.estimate = est.id;
  const [inv] = await db
    .insert(invoices)
    .values({ organizationId: orgA.id, customerId: other.id, invoiceNumber: 'INV-00009', status: 'sent', total: '99.95' })
    .returning();
  ids.invoice = inv.id;

  // Organization B uses the same words and numbers.
  const [acmeB] = await db.insert(customers).values({ organizationId: orgB.id, name: 'Acme Plumbing B', phone: '5553331234' }).returning();
  await db.insert(workOrders).values({ organizationId: orgB.id, customerId: acmeB.id, orderNumber: 'WO-00042', title: 'Replace water heater' });
  await db.insert(estimates).values({ organizationId: orgB.id, customerId: acmeB.id, estimateNumber: 'EST-00007', title: 'Bathroom remodel' });
  const [invB] = await db.insert(invoices).values({ organizationId: orgB.id, customerId: acmeB.id, invoiceNumber: 'INV-00009' }).returning();
  ids.invoiceB = invB.id;
});
afterAll(async () => {
  await t?.close();
});

const search = (q: string, cookie = cookies.admin, extra = '') => t.call({ url: `/api/search?q=${encodeURIComponent(q)}${extra}`, cookie });
const idsOf = (items: { id: number }[]) => items.map((i) => i.id);

describe('global search', () => {
  it('finds customers by name, e-mail, company and phone, with links that open them', async () => {
    const res = await search('acme');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.customers).toEqual([
      { id: ids.customer, title: 'Acme Plumbing', subtitle: 'Acme Holdings · office@acme.test · (555) 333-1234', href: `/customers?open=${ids.customer}` },
      { id: ids.otherCustomer, title: 'Zed Quiet', subtitle: 'Acme Subsidiary', href: `/customers?open=${ids.otherCustomer}` },
    ]);
    expect(idsOf((await search('office@acme')).json().customers)).toEqual([ids.customer]);
    expect(idsOf((await search('(555) 333-12')).json().customers)).toEqual([ids.customer]);
  });

  it('finds work orders and estimates by number and title, and invoices by number and customer name', async () => {
    const byNumber = (await search('wo-00042')).json();
    expect(byNumber.workOrders).toEqual([
      { id: ids.workOrder, title: 'WO-00042 · Replace water heater', subtitle: 'Acme Plumbing · In Progress', href: `/work-orders?open=${ids.workOrder}` },
    ]);
    expect(idsOf((await search('water heater')).json().workOrders)).toEqual([ids.workOrder]);
    const est = (await search('remodel')).json();
    expect(est.estimates).toEqual([
      { id: ids.estimate, title: 'EST-00007 · Bathroom remodel', subtitle: 'Acme Plumbing · Draft · $1,234.50', href: `/estimates?open=${ids.estimate}` },
    ]);
    expect(idsOf((await search('EST-00007')).json().estimates)).toEqual([ids.estimate]);
    const inv = (await search('INV-00009')).json();
    expect(inv.invoices).toEqual([{ id: ids.invoice, title: 'INV-00009', subtitle: 'Zed Quiet · Sent · $99.95', href: `/invoices?open=${ids.invoice}` }]);
    expect(idsOf((await search('zed quiet')).json().invoices)).toEqual([ids.invoice]);
  });

  it('stays within the caller organization', async () => {
    const a = (await search('00042')).json();
    expect(idsOf(a.workOrders)).toEqual([ids.workOrder]);
    const b = (await search('INV-00009', cookies.adminB)).json();
    expect(idsOf(b.invoices)).toEqual([ids.invoiceB]);
    expect(idsOf((await search('INV-00009', cookies.adminB, `&organizationId=${orgA.id}`)).json().invoices)).toEqual([ids.invoiceB]);
  });

  it('lets a super user search every organization or narrow to one', async () => {
    expect((await search('INV-00009', cookies.super)).json().invoices).toHaveLength(2);
    expect(idsOf((await search('INV-00009', cookies.super, `&organizationId=${orgA.id}`)).json().invoices)).toEqual([ids.invoice]);
  });

  it('leaves out the kinds the caller may not view', async () => {
    const employee = (await search('acme', cookies.employee)).json();
    expect(employee.customers.length).toBeGreaterThan(0);
    expect((await search('INV-00009', cookies.employee)).json().invoices).toEqual([]);
    expect((await search('INV-00009', cookies.employeeWithFinancials)).json().invoices).toHaveLength(1);
    expect((await search('acme', cookies.customer)).statusCode).toBe(403);
    expect((await t.call({ url: '/api/search?q=acme' })).statusCode).toBe(401);
  });

  it('answers at most 5 of each kind', async () => {
    const db = t.database.db;
    for (let i = 0; i < 7; i++) await db.insert(customers).values({ organizationId: orgA.id, name: `Manyfold ${i}` });
    const res = (await search('manyfold')).json();
    expect(res.customers.map((c: { title: string }) => c.title)).toEqual(['Manyfold 0', 'Manyfold 1', 'Manyfold 2', 'Manyfold 3', 'Manyfold 4']);
  });

  it('checks the search text', async () => {
    const empty = await t.call({ url: '/api/search?q=', cookie: cookies.admin });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual([{ path: 'q', message: 'Search text is required' }]);
    expect((await t.call({ url: '/api/search', cookie: cookies.admin })).statusCode).toBe(400);
    expect((await search('   ')).statusCode).toBe(400);
    expect((await search('x'.repeat(101))).statusCode).toBe(400);
    expect((await search('x'.repeat(100))).statusCode).toBe(200);
    expect((await search('%')).json()).toEqual({ customers: [], workOrders: [], estimates: [], invoices: [] });
  });
});
