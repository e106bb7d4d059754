import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, customers, estimates, invoices, payments, timeEntries, workOrders } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { csvCell } from './report-csv';
import { meanCents, percentOneDecimal } from './report-math';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const at = (iso: string) => new Date(iso.includes('T') ? iso : `${iso}T12:00:00.000Z`);
const get = (url: string, cookie?: string) => t.call({ url, cookie });
const MARCH = '?from=2025-03-01&to=2025-03-31';
const EVIL = '=HYPERLINK("http://evil.example","x")';
const QUOTED = 'Gamma, "Quoted" Ltd';

describe('report rounding', () => {
  it('gives percentages one decimal, half away from zero, and 0 without a whole', () => {
    expect(percentOneDecimal(5, 8)).toBe(62.5);
    expect(percentOneDecimal(1, 3)).toBe(33.3);
    expect(percentOneDecimal(2, 3)).toBe(66.7);
    expect(percentOneDecimal(1, 8)).toBe(12.5);
    expect(percentOneDecimal(1, 16)).toBe(6.3);
    expect(percentOneDecimal(0, 0)).toBe(0);
    expect(percentOneDecimal(7, 7)).toBe(100);
  });

  it('takes the mean in whole cents, half away from zero', () => {
    expect(meanCents(100005, 8)).toBe(12501);
    expect(meanCents(30005, 3)).toBe(10002);
    expect(meanCents(5, 2)).toBe(3);
    expect(meanCents(-5, 2)).toBe(-3);
    expect(meanCents(0, 0)).toBe(0);
  });
});

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(QUOTED)).toBe('"Gamma, ""Quoted"" Ltd"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('makes formula-like text inert and leaves numbers alone', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
    expect(csvCell('  =cmd')).toBe("'  =cmd");
    expect(csvCell(EVIL)).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('62.5')).toBe('62.5');
    expect(csvCell('Smith-Jones')).toBe('Smith-Jones');
  });
});

describe('GET /api/reports/summary and /api/reports/export', () => {
  let orgA: { id: number };
  let orgB: { id: number };
  let empty: { id: number };
  const cookies: Record<string, string> = {};
  const c: Record<string, number> = {};
  const idByName: Record<string, number> = {};

  beforeAll(async () => {
    const db = t.database.db;
    orgA = await t.createOrganization();
    orgB = await t.createOrganization();
    empty = await t.createOrganization();
    for (const [name, role, orgId] of [
      ['admin', 'org_admin', orgA.id],
      ['manager', 'manager', orgA.id],
      ['employee', 'employee', orgA.id],
      ['customer', 'customer', orgA.id],
      ['adminB', 'org_admin', orgB.id],
      ['adminEmpty', 'org_admin', empty.id],
      ['super', 'super_user', null],
    ] as const) {
      cookies[name] = await t.cookieFor((await t.createUser({ role, organizationId: orgId })).id);
    }

    const customer = async (key: string, name: string, createdAt: string, organizationId = orgA.id) => {
      c[key] = (await db.insert(customers).values({ organizationId, name, createdAt: at(createdAt) }).returning())[0].id;
      idByName[name] = c[key];
    };
    await customer('zeta', 'Zeta Plumbing', '2025-03-05');
    await customer('alpha', 'alpha Homes', '2025-03-10');
    await customer('beta', 'Beta Corp', '2025-03-31T23:59:59.999Z');
    await customer('evil', EVIL, '2025-04-01T00:00:00.000Z');
    await customer('gamma', QUOTED, '2025-03-15');
    await customer('delta', 'Delta', '2025-03-16');
    await customer('epsilon', 'Epsilon', '2025-01-10');

    // Work orders: March has 8, 5 of them completed (62.5%), costs summing to 1000.05 (mean 125.00625).
    let woNo = 0;
    const wo = async (createdAt: string, status: string, totalCost: string, organizationId = orgA.id, customerId = c.zeta) =>
      (
        await db
          .insert(workOrders)
          .values({ organizationId, customerId, orderNumber: `WO-${++woNo}`, title: 'Job', status, totalCost, createdAt: at(createdAt) })
          .returning()
      )[0].id;
    const w1 = await wo('2025-03-01T00:00:00.000Z', 'completed', '100.00');
    await wo('2025-03-05', 'completed', '200.00');
    await wo('2025-03-09', 'scheduled', '0.05');
    await wo('2025-03-12', 'completed', '150.00');
    await wo('2025-03-15', 'completed', '250.00');
    await wo('2025-03-20', 'completed', '100.00');
    await wo('2025-03-25', 'in_progress', '100.00');
    await wo('2025-03-31T23:59:59.999Z', 'cancelled', '100.00');
    await wo('2025-02-28T23:59:59.999Z', 'completed', '9999.00');
    await wo('2025-04-01T00:00:00.000Z', 'completed', '0.00');

    let invNo = 0;
    const inv = async (customerId: number, status: string, total: string, createdAt: string, extra: Partial<typeof invoices.$inferInsert> = {}) =>
      db.insert(invoices).values({ organizationId: orgA.id, customerId, invoiceNumber: `INV-${++invNo}`, status, total, createdAt: at(createdAt), ...extra });
    await inv(c.zeta, 'paid', '300.10', '2025-03-02', { paidDate: at('2025-03-20') });
    await inv(c.alpha, 'paid', '150.00', '2025-03-03', { paidDate: at('2025-03-21') });
    await inv(c.alpha, 'paid', '150.10', '2025-03-04', { paidDate: at('2025-03-22') });
    await inv(c.beta, 'paid', '500.00', '2025-03-05', { paidDate: at('2025-03-31T23:59:59.999Z'), dueDate: at('2025-03-10') });
    await inv(c.epsilon, 'paid', '0.10', '2025-03-06', { paidDate: at('2025-03-23') });
    await inv(c.epsilon, 'paid', '0.20', '2025-03-07', { paidDate: at('2025-03-24') });
    await inv(c.delta, 'paid', '50.00', '2025-02-20', { paidDate: at('2025-03-25') }); // created before, paid in March
    await inv(c.gamma, 'paid', '20.00', '2025-03-08', { paidDate: at('2025-03-26') });
    await inv(c.evil, 'paid', '1000.00', '2025-03-09', { paidDate: at('2025-04-01T00:00:00.000Z') }); // paid after March
    await inv(c.zeta, 'paid', '777.00', '2025-02-01', { paidDate: at('2025-02-28T23:59:59.999Z') });
    await inv(c.beta, 'sent', '10000.00', '2025-03-10', { dueDate: new Date(Date.now() + 30 * 86_400_000) });
    await inv(c.beta, 'sent', '40.00', '2025-03-11', { dueDate: at('2025-04-15') }); // past due: overdue
    await inv(c.beta, 'overdue', '60.00', '2025-03-12');
    await inv(c.beta, 'draft', '5.00', '2025-03-13');
    await inv(c.beta, 'draft', '7.00', '2025-03-14', { dueDate: at('2025-03-20') }); // past due: overdue
    await inv(c.beta, 'sent', '1.00', '2025-04-02');

    await db.insert(estimates).values(
      ['2025-03-02', '2025-03-30', '2025-02-27'].map((d, i) => ({
        organizationId: orgA.id,
        customerId: c.zeta,
        estimateNumber: `EST-${i + 1}`,
        title: 'Quote',
        createdAt: at(d),
      })),
    );
    await db.insert(payments).values([
      { organizationId: orgA.id, amount: '100.00', status: 'completed', receivedDate: at('2025-03-03') },
      { organizationId: orgA.id, amount: '0.10', status: 'completed', receivedDate: at('2025-03-04') },
      { organizationId: orgA.id, amount: '0.20', status: 'completed', receivedDate: at('2025-03-31T23:59:59.000Z') },
      { organizationId: orgA.id, amount: '999.00', status: 'failed', receivedDate: at('2025-03-05') },
      { organizationId: orgA.id, amount: '50.00', status: 'completed', receivedDate: at('2025-04-01T00:00:00.000Z') },
    ]);
    await db.insert(appointments).values(
      [
        ['2025-03-01T00:00:00', 'scheduled'],
        ['2025-03-31T23:30:00', 'confirmed'],
        ['2025-03-15T10:00:00', 'cancelled'],
        ['2025-04-01T00:30:00', 'scheduled'],
      ].map(([appointmentDate, status]) => ({ organizationId: orgA.id, customerEmail: 'a@example.com', appointmentDate, duration: 15, status })),
    );
    // Finished in March: 1.5 h + 0.25 h + 2 h (started in March, ended in April) = 3.75 h, shown 3.8.
    const entry = (start: string, end: string | null) => ({
      organizationId: orgA.id,
      workOrderId: w1,
      startTime: at(start),
      endTime: end ? at(end) : null,
      isActive: end === null,
    });
    await db.insert(timeEntries).values([
      entry('2025-03-03T09:00:00.000Z', '2025-03-03T10:30:00.000Z'),
      entry('2025-03-04T09:00:00.000Z', '2025-03-04T09:15:00.000Z'),
      entry('2025-03-31T23:00:00.000Z', '2025-04-01T01:00:00.000Z'),
      entry('2025-03-20T08:00:00.000Z', null),
      entry('2025-02-28T22:00:00.000Z', '2025-02-28T23:00:00.000Z'),
    ]);

    // Organization B: large figures in the same month that must never reach A's report.
    await customer('b', 'Big B Customer', '2025-03-02', orgB.id);
    const wb = await wo('2025-03-02', 'completed', '8000.00', orgB.id, c.b);
    await db.insert(invoices).values({ organizationId: orgB.id, customerId: c.b, invoiceNumber: 'INV-1', status: 'paid', total: '5000.00', createdAt: at('2025-03-02'), paidDate: at('2025-03-03') });
    await db.insert(payments).values({ organizationId: orgB.id, amount: '5000.00', status: 'completed', receivedDate: at('2025-03-03') });
    await db.insert(estimates).values({ organizationId: orgB.id, customerId: c.b, estimateNumber: 'EST-1', title: 'B', createdAt: at('2025-03-02') });
    await db.insert(appointments).values({ organizationId: orgB.id, customerEmail: 'b@example.com', appointmentDate: '2025-03-02T10:00:00', duration: 30 });
    await db.insert(timeEntries).values({ organizationId: orgB.id, workOrderId: wb, startTime: at('2025-03-02T08:00:00.000Z'), endTime: at('2025-03-02T18:00:00.000Z'), isActive: false });
  });

  const summary = async (query = '', cookie = cookies.admin) => {
    const res = await get(`/api/reports/summary${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(new Date(body.generatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    delete body.generatedAt;
    return body;
  };

  const MARCH_FIGURES = {
    range: { from: '2025-03-01', to: '2025-03-31' },
    kpis: {
      totalRevenue: '1170.50',
      paidInvoices: 8,
      averageJobValue: '125.01',
      workOrders: 8,
      completionRate: 62.5,
      completedWorkOrders: 5,
      hoursTracked: 3.8,
      finishedTimeEntries: 3,
    },
    workOrdersByStatus: [
      { status: 'scheduled', count: 1 },
      { status: 'in_progress', count: 1 },
      { status: 'completed', count: 5 },
      { status: 'cancelled', count: 1 },
    ],
    invoiceStatusSummary: [
      { status: 'draft', count: 1, total: '5.00' },
      { status: 'sent', count: 1, total: '10000.00' },
      { status: 'paid', count: 8, total: '2120.50' },
      { status: 'overdue', count: 3, total: '107.00' },
    ],
    topCustomers: [
      { customerId: 0, name: 'Beta Corp', revenue: '500.00', paidInvoices: 1 },
      { customerId: 0, name: 'alpha Homes', revenue: '300.10', paidInvoices: 2 },
      { customerId: 0, name: 'Zeta Plumbing', revenue: '300.10', paidInvoices: 1 },
      { customerId: 0, name: 'Delta', revenue: '50.00', paidInvoices: 1 },
      { customerId: 0, name: QUOTED, revenue: '20.00', paidInvoices: 1 },
    ],
    activity: {
      customersAdded: 5,
      workOrdersCreated: 8,
      estimatesCreated: 2,
      invoicesCreated: 13,
      paymentsReceived: 3,
      paymentsReceivedTotal: '100.30',
      appointments: 2,
      timeEntries: 4,
    },
    billing: {
      taxes: [],
      typedTax: '0.00',
      discounts: '0.00',
      creditNotes: { count: 0, total: '0.00' },
      refunds: { count: 0, total: '0.00' },
      lateFees: { count: 0, total: '0.00' },
      remindersSent: 0,
      collectedAfterReminders: { count: 0, total: '0.00' },
      recurringInvoices: { count: 0, total: '0.00' },
      autoPay: { count: 0, total: '0.00' },
    },
  };
  const withIds = (figures: typeof MARCH_FIGURES) => ({
    ...figures,
    topCustomers: figures.topCustomers.map((x) => ({ ...x, customerId: idByName[x.name] })),
  });

  it("answers March's exact figures: paid-only revenue by paid date, UTC day edges, other organizations left out", async () => {
    expect(await summary(MARCH)).toEqual(withIds(MARCH_FIGURES));
  });

  it('gives a manager (view_financials) the same figures', async () => {
    expect(await summary(MARCH, cookies.manager)).toEqual(withIds(MARCH_FIGURES));
  });

  it('counts everything for all time, ranking the top five by revenue', async () => {
    const all = await summary();
    expect(all.range).toEqual({ from: null, to: null });
    expect(all.kpis).toEqual({
      totalRevenue: '2947.50',
      paidInvoices: 10,
      averageJobValue: '1099.91', // 10999.05 / 10 = 1099.905
      workOrders: 10,
      completionRate: 70,
      completedWorkOrders: 7,
      hoursTracked: 4.8,
      finishedTimeEntries: 4,
    });
    expect(all.topCustomers.map((x: { name: string; revenue: string }) => [x.name, x.revenue])).toEqual([
      ['Zeta Plumbing', '1077.10'],
      [EVIL, '1000.00'],
      ['Beta Corp', '500.00'],
      ['alpha Homes', '300.10'],
      ['Delta', '50.00'],
    ]);
    expect(all.activity).toEqual({
      customersAdded: 7,
      workOrdersCreated: 10,
      estimatesCreated: 3,
      invoicesCreated: 16,
      paymentsReceived: 4,
      paymentsReceivedTotal: '150.30',
      appointments: 3,
      timeEntries: 5,
    });
  });

  it('narrows every figure to the chosen days and rounds the completion rate to one decimal', async () => {
    const early = await summary('?from=2025-03-01&to=2025-03-10');
    expect(early.kpis).toMatchObject({ workOrders: 3, completedWorkOrders: 2, completionRate: 66.7, averageJobValue: '100.02' });
    expect(early.kpis.totalRevenue).toBe('0.00');
    expect(early.topCustomers).toEqual([]);
    expect(early.activity).toMatchObject({ customersAdded: 2, paymentsReceived: 2, paymentsReceivedTotal: '100.10', appointments: 1, timeEntries: 2 });
    expect(early.kpis.hoursTracked).toBe(1.8); // 1.75 h

    const lastDay = await summary('?from=2025-03-31&to=2025-03-31');
    expect(lastDay.kpis).toMatchObject({ totalRevenue: '500.00', paidInvoices: 1, workOrders: 1, completionRate: 0, hoursTracked: 2 });
    expect(lastDay.activity).toMatchObject({ customersAdded: 1, appointments: 1, paymentsReceived: 1 });

    const april = await summary('?from=2025-04-01&to=2025-04-30');
    expect(april.kpis).toMatchObject({ totalRevenue: '1000.00', workOrders: 1, completionRate: 100, averageJobValue: '0.00' });
    expect(april.topCustomers).toEqual([{ customerId: c.evil, name: EVIL, revenue: '1000.00', paidInvoices: 1 }]);
  });

  it('shows zeros, never NaN, for an organization without records', async () => {
    const none = await summary('', cookies.adminEmpty);
    expect(none.kpis).toEqual({
      totalRevenue: '0.00',
      paidInvoices: 0,
      averageJobValue: '0.00',
      workOrders: 0,
      completionRate: 0,
      completedWorkOrders: 0,
      hoursTracked: 0,
      finishedTimeEntries: 0,
    });
    expect(none.workOrdersByStatus.map((x: { count: number }) => x.count)).toEqual([0, 0, 0, 0]);
    expect(none.invoiceStatusSummary.map((x: { total: string }) => x.total)).toEqual(['0.00', '0.00', '0.00', '0.00']);
    expect(none.topCustomers).toEqual([]);
    expect(Object.values(none.activity)).toEqual([0, 0, 0, 0, 0, '0.00', 0, 0]);
  });

  it('keeps each organization to its own figures; a super user chooses one or sees all', async () => {
    const b = await summary(MARCH, cookies.adminB);
    expect(b.kpis).toMatchObject({ totalRevenue: '5000.00', workOrders: 1, completionRate: 100, hoursTracked: 10 });
    expect(b.topCustomers.map((x: { name: string }) => x.name)).toEqual(['Big B Customer']);
    // An organization's admin cannot ask for another organization.
    expect(await summary(`${MARCH}&organizationId=${orgA.id}`, cookies.adminB)).toEqual(b);
    expect(await summary(`${MARCH}&organizationId=${orgA.id}`, cookies.super)).toEqual(withIds(MARCH_FIGURES));
    const everyone = await summary(MARCH, cookies.super);
    expect(everyone.kpis.totalRevenue).toBe('6170.50');
    expect(everyone.topCustomers[0].name).toBe('Big B Customer');
  });

  it('refuses employees, customers and anonymous callers', async () => {
    for (const url of [`/api/reports/summary${MARCH}`, `/api/reports/export${MARCH}`]) {
      expect((await get(url, cookies.employee)).statusCode).toBe(403);
      expect((await get(url, cookies.customer)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
    }
  });

  it('answers 400 naming the field for a bad range', async () => {
    for (const path of ['/api/reports/summary', '/api/reports/export']) {
      const cases: [string, string, string][] = [
        ['?from=2025-03-31&to=2025-03-01', 'to', 'The end date must be on or after the start date'],
        ['?from=2025-02-30&to=2025-03-01', 'from', 'Use the YYYY-MM-DD date format'],
        ['?from=03/01/2025&to=2025-03-01', 'from', 'Use the YYYY-MM-DD date format'],
        ['?from=2025-03-01', 'to', 'Choose an end date'],
        ['?to=2025-03-01', 'from', 'Choose a start date'],
        ['?from=2025-03-01&from=2025-03-02&to=2025-03-05', 'from', 'Use the YYYY-MM-DD date format'],
        ['?from=1899-12-31&to=2025-03-05', 'from', 'Use the YYYY-MM-DD date format'],
      ];
      for (const [query, field, message] of cases) {
        const res = await get(`${path}${query}`, cookies.admin);
        expect(res.statusCode, `${path}${query}`).toBe(400);
        expect(res.json().issues, `${path}${query}`).toContainEqual({ path: field, message });
      }
      const badOrganization = await get(`${path}?organizationId=abc`, cookies.super);
      expect(badOrganization.statusCode).toBe(400);
      expect(badOrganization.json().issues[0].path).toBe('organizationId');
    }
  });

  const parseCsv = (body: string) => {
    expect(body.startsWith('\uFEFF')).toBe(true);
    expect(body.endsWith('\r\n')).toBe(true);
    return body.slice(1, -2).split('\r\n');
  };

  it("exports March's figures as CSV rows section,metric,value", async () => {
    const res = await get(`/api/reports/export${MARCH}`, cookies.manager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="reports-2025-03-01-2025-03-31.csv"');
    const lines = parseCsv(res.body);
    const generated = lines.splice(3, 1)[0];
    expect(generated).toMatch(/^Range,Generated At,\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    expect(lines).toEqual([
      'section,metric,value',
      'Range,From,2025-03-01',
      'Range,To,2025-03-31',
      'Key Figures,Total Revenue,1170.50',
      'Key Figures,Paid Invoices,8',
      'Key Figures,Average Job Value,125.01',
      'Key Figures,Work Orders,8',
      'Key Figures,Completion Rate (%),62.5',
      'Key Figures,Completed Work Orders,5',
      'Key Figures,Hours Tracked,3.8',
      'Key Figures,Finished Time Entries,3',
      'Work Orders by Status,Scheduled,1',
      'Work Orders by Status,In Progress,1',
      'Work Orders by Status,Completed,5',
      'Work Orders by Status,Cancelled,1',
      'Invoice Status Summary,Draft Count,1',
      'Invoice Status Summary,Draft Total,5.00',
      'Invoice Status Summary,Sent Count,1',
      'Invoice Status Summary,Sent Total,10000.00',
      'Invoice Status Summary,Paid Count,8',
      'Invoice Status Summary,Paid Total,2120.50',
      'Invoice Status Summary,Overdue Count,3',
      'Invoice Status Summary,Overdue Total,107.00',
      'Top Customers by Revenue,Beta Corp,500.00',
      'Top Customers by Revenue,alpha Homes,300.10',
      'Top Customers by Revenue,Zeta Plumbing,300.10',
      'Top Customers by Revenue,Delta,50.00',
      'Top Customers by Revenue,"Gamma, ""Quoted"" Ltd",20.00',
      'Activity,Customers Added,5',
      'Activity,Work Orders Created,8',
      'Activity,Estimates Created,2',
      'Activity,Invoices Created,13',
      'Activity,Payments Received,3',
      'Activity,Payments Received Total,100.30',
      'Activity,Appointments,2',
      'Activity,Time Entries,4',
      'Billing,Tax Typed by Hand,0.00',
      'Billing,Discounts,0.00',
      'Billing,Credit Notes,0',
      'Billing,Credit Notes Total,0.00',
      'Billing,Refunds,0',
      'Billing,Refunds Total,0.00',
      'Billing,Late Fees,0',
      'Billing,Late Fees Total,0.00',
      'Billing,Reminders Sent,0',
      'Billing,Invoices Paid After a Reminder,0',
      'Billing,Paid After a Reminder Total,0.00',
      'Billing,Recurring Invoices,0',
      'Billing,Recurring Invoices Total,0.00',
      'Billing,Auto-pay Charges,0',
      'Billing,Auto-pay Total,0.00',
    ]);
  });

  it('exports all time as reports-all-time.csv with formula-like names made inert', async () => {
    const res = await get('/api/reports/export', cookies.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="reports-all-time.csv"');
    const lines = parseCsv(res.body);
    expect(lines.slice(1, 3)).toEqual(['Range,From,All time', 'Range,To,All time']);
    expect(lines).toContain(`Top Customers by Revenue,"'=HYPERLINK(""http://evil.example"",""x"")",1000.00`);
    expect(lines.filter((l) => l.startsWith('Top Customers by Revenue,'))).toHaveLength(5);
    expect(lines).toContain('Key Figures,Completion Rate (%),70.0');
  });

  it("exports only the caller's organization", async () => {
    const lines = parseCsv((await get(`/api/reports/export${MARCH}&organizationId=${orgA.id}`, cookies.adminB)).body);
    expect(lines).toContain('Key Figures,Total Revenue,5000.00');
    expect(lines.filter((l) => l.startsWith('Top Customers by Revenue,'))).toEqual(['Top Customers by Revenue,Big B Customer,5000.00']);
  });
});
