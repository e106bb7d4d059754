import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAYMENT_TERMS, PREFERRED_PAYMENT_METHODS } from '../../../contracts/customers';
import { ESTIMATE_STATUSES } from '../../../contracts/estimates';
import { INVOICE_STATUSES } from '../../../contracts/invoices';
import { lineAmountCents, toCents } from '../../../contracts/money';
import { WORK_ORDER_STATUSES } from '../../../contracts/work-orders';
import { dashboardPeriod } from '../../features/dashboard/dashboard-period';
import { formatDocumentNumber, type NumberedEntity } from '../../features/numbering/next-number';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  customers,
  estimateLineItems,
  estimates,
  inventoryItems,
  invoiceLineItems,
  invoices,
  numberCounters,
  organizations,
  payments,
  users,
  workOrderLineItems,
  workOrders,
} from '../schema/index';
import { DEMO_ACCOUNTS, seedDemo } from './seed-demo';
import { planDemoRecords, type OrganizationPlan } from './seed-demo-records';

const DAY = 86_400_000;
const TERMS_DAYS: Record<string, number> = { due_on_receipt: 0, net15: 15, net30: 30, net45: 45, net60: 60 };

let t: TestApp;
let now: Date;
let seedMs: number;
let demoId: number;
let dentalId: number;

type Rows<T extends { $inferSelect: unknown }> = T['$inferSelect'][];
let data: {
  customers: Rows<typeof customers>;
  workOrders: Rows<typeof workOrders>;
  workOrderLines: Rows<typeof workOrderLineItems>;
  estimates: Rows<typeof estimates>;
  estimateLines: Rows<typeof estimateLineItems>;
  invoices: Rows<typeof invoices>;
  invoiceLines: Rows<typeof invoiceLineItems>;
  payments: Rows<typeof payments>;
  inventory: Rows<typeof inventoryItems>;
  counters: Rows<typeof numberCounters>;
};

beforeAll(async () => {
  t = await createTestApp();
  now = new Date();
  const started = performance.now();
  expect(await seedDemo(t.database.db, now)).toBe(true);
  seedMs = performance.now() - started;
  const db = t.database.db;
  const orgs = await db.select().from(organizations);
  demoId = orgs.find((o) => o.slug === 'demo')!.id;
  dentalId = orgs.find((o) => o.slug === 'bright-smiles')!.id;
  data = {
    customers: await db.select().from(customers),
    workOrders: await db.select().from(workOrders),
    workOrderLines: await db.select().from(workOrderLineItems),
    estimates: await db.select().from(estimates),
    estimateLines: await db.select().from(estimateLineItems),
    invoices: await db.select().from(invoices),
    invoiceLines: await db.select().from(invoiceLineItems),
    payments: await db.select().from(payments),
    inventory: await db.select().from(inventoryItems),
    counters: await db.select().from(numberCounters),
  };
});
afterAll(async () => {
  await t?.close();
});

const of = <T extends { organizationId: number }>(rows: T[], org: number) => rows.filter((r) => r.organizationId === org);
const sum = (values: (string | null)[]) => values.reduce((acc, v) => acc + toCents(v), 0);
const linesOf = <T extends { sortOrder: number }>(rows: T[], match: (row: T) => boolean) => rows.filter(match).sort((a, b) => a.sortOrder - b.sortOrder);
const dayStart = (ms: number) => ms - (ms % DAY);

async function signIn(email: string): Promise<string> {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return t.cookieFor(u.id);
}

describe('demo records', () => {
  it('seeds a year of business for each organization, quickly', () => {
    expect(seedMs).toBeLessThan(5000);
    const counts = (org: number) => ({
      customers: of(data.customers, org).length,
      workOrders: of(data.workOrders, org).length,
      estimates: of(data.estimates, org).length,
      invoices: of(data.invoices, org).length,
    });
    const demo = counts(demoId);
    expect(demo.customers).toBeGreaterThanOrEqual(40);
    expect(demo.customers).toBeLessThanOrEqual(46);
    expect(demo.workOrders).toBeGreaterThanOrEqual(55);
    expect(demo.workOrders).toBeLessThanOrEqual(65);
    expect(demo.estimates).toBeGreaterThanOrEqual(27);
    expect(demo.estimates).toBeLessThanOrEqual(33);
    expect(demo.invoices).toBeGreaterThanOrEqual(75);
    expect(demo.invoices).toBeLessThanOrEqual(85);
    const dental = counts(dentalId);
    expect(dental.customers).toBeGreaterThanOrEqual(10);
    expect(dental.customers).toBeLessThanOrEqual(14);
    expect(dental.workOrders).toBeGreaterThanOrEqual(13);
    expect(dental.workOrders).toBeLessThanOrEqual(17);
    expect(dental.estimates).toBeGreaterThanOrEqual(6);
    expect(dental.estimates).toBeLessThanOrEqual(10);
    expect(dental.invoices).toBeGreaterThanOrEqual(17);
    expect(dental.invoices).toBeLessThanOrEqual(23);
  });

  it('has every status of work orders, estimates and invoices in both organizations', () => {
    for (const org of [demoId, dentalId]) {
      expect(new Set(of(data.workOrders, org).map((w) => w.status))).toEqual(new Set(WORK_ORDER_STATUSES));
      expect(new Set(of(data.estimates, org).map((e) => e.status))).toEqual(new Set(ESTIMATE_STATUSES.filter((s) => s !== 'converted')));
      expect(new Set(of(data.invoices, org).map((v) => v.status))).toEqual(new Set(INVOICE_STATUSES));
    }
    const sentPastDue = data.invoices.filter((v) => v.status === 'sent' && v.dueDate! < now);
    const sentNotYetDue = data.invoices.filter((v) => v.status === 'sent' && v.dueDate! > now);
    expect(sentPastDue.length).toBeGreaterThan(0);
    expect(sentNotYetDue.length).toBeGreaterThan(0);
    for (const v of data.invoices.filter((x) => x.status === 'overdue')) expect(v.dueDate!.getTime()).toBeLessThan(now.getTime());
  });

  it('totals equal their line items in cents, exactly', () => {
    for (const w of data.workOrders) {
      const lines = linesOf(data.workOrderLines, (l) => l.workOrderId === w.id);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(4);
      for (const l of lines) expect(toCents(l.amount)).toBe(lineAmountCents(l.quantity, l.rate));
      expect(toCents(w.totalCost)).toBe(sum(lines.map((l) => l.amount)) + toCents(w.laborCost) + toCents(w.materialCost));
    }
    for (const e of data.estimates) {
      const lines = linesOf(data.estimateLines, (l) => l.estimateId === e.id);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      for (const l of lines) expect(toCents(l.amount)).toBe(lineAmountCents(l.quantity, l.rate));
      expect(toCents(e.subtotal)).toBe(sum(lines.map((l) => l.amount)));
      expect(toCents(e.total)).toBe(toCents(e.subtotal) + toCents(e.tax));
    }
    const taxed = data.estimates.filter((e) => toCents(e.tax) > 0);
    expect(taxed.length).toBeGreaterThan(0);
    expect(data.estimates.length - taxed.length).toBeGreaterThan(0);
    for (const e of taxed) expect(Math.abs(toCents(e.tax) - (toCents(e.subtotal) * 7) / 100)).toBeLessThanOrEqual(0.5);
    for (const v of data.invoices) {
      const lines = linesOf(data.invoiceLines, (l) => l.invoiceId === v.id);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      for (const l of lines) expect(toCents(l.amount)).toBe(lineAmountCents(l.quantity, l.rate));
      expect(toCents(v.subtotal)).toBe(sum(lines.map((l) => l.amount)));
      expect(toCents(v.total)).toBe(toCents(v.subtotal) + toCents(v.tax));
    }
  });

  it('bills completed work orders with a line taken from the work order', () => {
    const linked = data.invoices.filter((v) => v.workOrderId !== null);
    expect(linked.length).toBeGreaterThanOrEqual(10);
    for (const v of linked) {
      const w = data.workOrders.find((x) => x.id === v.workOrderId)!;
      expect(w).toMatchObject({ status: 'completed', customerId: v.customerId, organizationId: v.organizationId });
      expect(w.completedDate!.getTime()).toBeLessThan(v.createdAt.getTime());
      const lines = linesOf(data.invoiceLines, (l) => l.invoiceId === v.id);
      expect(lines[0]).toMatchObject({ description: w.title, quantity: '1.00', rate: w.totalCost, amount: w.totalCost });
    }
  });

  it('numbers documents consecutively in creation order, with the counters at the last number', () => {
    const check = (entity: NumberedEntity, rows: { organizationId: number; createdAt: Date; number: string }[], org: number) => {
      const mine = of(rows, org).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      expect(mine.map((r) => r.number)).toEqual(mine.map((_, i) => formatDocumentNumber(entity, i + 1)));
      const counter = data.counters.find((c) => c.organizationId === org && c.entityType === entity);
      expect(counter?.currentNumber).toBe(mine.length);
    };
    for (const org of [demoId, dentalId]) {
      check('work_order', data.workOrders.map((w) => ({ ...w, number: w.orderNumber })), org);
      check('estimate', data.estimates.map((e) => ({ ...e, number: e.estimateNumber })), org);
      check('invoice', data.invoices.map((v) => ({ ...v, number: v.invoiceNumber })), org);
    }
  });

  it('pays paid invoices in full and some open ones in part', () => {
    for (const v of data.invoices) {
      const mine = data.payments.filter((p) => p.invoiceId === v.id);
      const customer = data.customers.find((c) => c.id === v.customerId)!;
      for (const p of mine) {
        expect(p).toMatchObject({ status: 'completed', invoiceNumber: v.invoiceNumber, customerName: customer.name, customerId: customer.id, organizationId: v.organizationId });
        expect(p.receivedDate.getTime()).toBeGreaterThan(v.createdAt.getTime());
        expect(p.receivedDate.getTime()).toBeLessThanOrEqual(now.getTime());
      }
      if (v.status === 'paid') {
        expect(v.paidDate!.getTime()).toBeGreaterThan(v.createdAt.getTime());
        expect(sum(mine.map((p) => p.amount))).toBe(toCents(v.total));
        expect(Math.max(...mine.map((p) => p.receivedDate.getTime()))).toBe(v.paidDate!.getTime());
      } else {
        expect(v.paidDate).toBeNull();
        expect(sum(mine.map((p) => p.amount))).toBeLessThan(toCents(v.total));
        if (v.status === 'draft') expect(mine).toEqual([]);
      }
    }
    const partial = data.invoices.filter((v) => v.status === 'sent' && data.payments.some((p) => p.invoiceId === v.id));
    expect(partial.length).toBeGreaterThanOrEqual(2);
    expect(new Set(data.payments.map((p) => p.method))).toEqual(new Set(['cash', 'check', 'credit_card', 'bank_transfer', 'ach']));
    expect(data.payments.filter((p) => p.method === 'check').every((p) => /^Check #\d{4}$/.test(p.reference ?? ''))).toBe(true);
  });

  it('dates the records within the last twelve months, with due dates from the payment terms', () => {
    const from = now.getTime() - 365 * DAY;
    const inYear = (d: Date | null) => d !== null && d.getTime() >= from && d.getTime() <= now.getTime();
    for (const rows of [data.customers, data.workOrders, data.estimates, data.invoices, data.payments, data.inventory]) {
      for (const r of rows) expect(inYear(r.createdAt), `${r.createdAt.toISOString()}`).toBe(true);
    }
    for (const p of data.payments) expect(inYear(p.receivedDate)).toBe(true);
    const customerById = new Map(data.customers.map((c) => [c.id, c]));
    for (const doc of [...data.workOrders, ...data.estimates, ...data.invoices]) {
      expect(customerById.get(doc.customerId)!.createdAt.getTime()).toBeLessThanOrEqual(doc.createdAt.getTime());
    }
    for (const v of data.invoices) {
      const terms = TERMS_DAYS[customerById.get(v.customerId)!.paymentTerms];
      expect(v.dueDate!.getTime()).toBe(dayStart(v.createdAt.getTime()) + terms * DAY);
    }
    for (const w of data.workOrders) {
      expect(w.startDate!.getTime()).toBeGreaterThan(w.createdAt.getTime());
      expect(w.dueDate!.getTime()).toBeGreaterThan(w.startDate!.getTime());
      if (w.status === 'completed') {
        expect(w.completedDate!.getTime()).toBeGreaterThan(w.startDate!.getTime());
        expect(w.completedDate!.getTime()).toBeLessThanOrEqual(now.getTime());
      } else expect(w.completedDate).toBeNull();
      if (w.status === 'scheduled') expect(w.startDate!.getTime()).toBeGreaterThan(now.getTime());
      if (w.status === 'in_progress') expect(w.startDate!.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    for (const e of data.estimates) {
      expect(e.validUntil!.getTime()).toBe(dayStart(e.createdAt.getTime()) + 30 * DAY);
      if (e.status === 'expired') expect(e.validUntil!.getTime()).toBeLessThan(now.getTime());
      if (e.status === 'sent') expect(e.validUntil!.getTime()).toBeGreaterThan(now.getTime());
    }
    // Activity through the year: payments in at least ten of the last twelve calendar months.
    const months = new Set(of(data.payments, demoId).map((p) => p.receivedDate.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(10);
  });

  it('gives customers realistic, varied details', () => {
    const demo = of(data.customers, demoId);
    const names = demo.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['José Müller', "Zoë O'Brien", 'Łukasz Nowak']));
    expect(new Set(names).size).toBe(names.length);
    for (const c of data.customers) {
      expect(c.phone).toMatch(/^\d{10}$/);
      expect(c.zip).toMatch(/^\d{5}$/);
      expect(c.city).toMatch(/^[A-Z][a-zA-Z .'-]+$/);
      expect(c.state).toMatch(/^[A-Z]{2}$/);
      expect(c.address).toMatch(/^\d+ \S/);
      if (c.email) expect(c.email).toMatch(/^[a-z0-9.]+@[a-z0-9.]+$/);
    }
    expect(new Set(demo.map((c) => c.paymentTerms))).toEqual(new Set(PAYMENT_TERMS));
    expect(new Set(demo.map((c) => c.preferredPaymentMethod).filter(Boolean))).toEqual(new Set(PREFERRED_PAYMENT_METHODS));
    expect(demo.filter((c) => c.companyName).length).toBeGreaterThanOrEqual(5);
    expect(demo.filter((c) => c.creditLimit).length).toBeGreaterThanOrEqual(3);
    expect(of(data.customers, dentalId).every((c) => c.state === 'WI')).toBe(true);
  });

  it('stocks inventory with unique SKUs, some out of stock and some low', () => {
    const demo = of(data.inventory, demoId);
    expect(demo.length).toBeGreaterThanOrEqual(8);
    for (const org of [demoId, dentalId]) {
      const skus = of(data.inventory, org).map((i) => i.sku);
      expect(new Set(skus).size).toBe(skus.length);
    }
    expect(demo.some((i) => i.quantity === 0)).toBe(true);
    expect(demo.some((i) => i.quantity > 0 && i.quantity <= i.minimumStock)).toBe(true);
    expect(demo.some((i) => i.quantity > i.minimumStock)).toBe(true);
    for (const i of demo) {
      expect(i.unitCost).toMatch(/^\d+\.\d{2}$/);
      expect(toCents(i.unitPrice)).toBeGreaterThan(toCents(i.unitCost));
    }
  });

  it('gives the portal customer a paid, a sent and a draft invoice and a work order', () => {
    const casey = data.customers.find((c) => c.email === DEMO_ACCOUNTS.customer)!;
    expect(casey).toMatchObject({ name: 'Casey Customer', organizationId: demoId });
    expect(data.customers.filter((c) => c.email === DEMO_ACCOUNTS.customer)).toHaveLength(1);
    const mine = data.invoices.filter((v) => v.customerId === casey.id);
    expect(mine.map((v) => v.status).sort()).toEqual(['draft', 'paid', 'sent']);
    expect(mine.find((v) => v.status === 'sent')!.dueDate!.getTime()).toBeGreaterThan(now.getTime());
    expect(data.workOrders.filter((w) => w.customerId === casey.id)).toHaveLength(1);
  });

  it('fills the dashboard cards, the growth comparison and the stock alerts', async () => {
    const res = await t.call({ url: '/api/dashboard/stats', cookie: await signIn(DEMO_ACCOUNTS.admin) });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.activeWorkOrders).toBeGreaterThan(0);
    expect(toCents(stats.pendingInvoices.total)).toBeGreaterThan(0);
    expect(stats.pendingInvoices.count).toBeGreaterThan(0);
    expect(toCents(stats.monthlyRevenue)).toBeGreaterThan(0);
    expect(toCents(stats.growth.monthlyRevenue.previous)).toBeGreaterThan(0);
    expect(stats.growth.activeWorkOrders.previous).toBeGreaterThan(0);
    expect(stats.totalCustomers).toBeGreaterThanOrEqual(40);
    expect(stats.inventoryAlerts.length).toBeGreaterThanOrEqual(1);
    expect(stats.recentWorkOrders.length).toBe(5);

    const dental = (await t.call({ url: '/api/dashboard/stats', cookie: await signIn(DEMO_ACCOUNTS.dentalAdmin) })).json();
    expect(toCents(dental.monthlyRevenue)).toBeGreaterThan(0);
    expect(dental.totalCustomers).toBeGreaterThanOrEqual(10);
  });

  it('continues the numbering for documents created after seeding', async () => {
    const admin = await signIn(DEMO_ACCOUNTS.admin);
    const customerId = of(data.customers, demoId)[0].id;
    const next = (entity: NumberedEntity, org: number) => formatDocumentNumber(entity, data.counters.find((c) => c.organizationId === org && c.entityType === entity)!.currentNumber + 1);
    const inv = await t.call({ method: 'POST', url: '/api/invoices', cookie: admin, payload: { customerId, lineItems: [{ description: 'Service call', quantity: 1, rate: 89 }] } });
    expect(inv.statusCode).toBe(201);
    expect(inv.json().invoiceNumber).toBe(next('invoice', demoId));
    const wo = await t.call({ method: 'POST', url: '/api/work-orders', cookie: admin, payload: { customerId, title: 'Follow-up visit' } });
    expect(wo.json().orderNumber).toBe(next('work_order', demoId));
    const est = await t.call({ method: 'POST', url: '/api/estimates', cookie: admin, payload: { customerId, title: 'New quote' } });
    expect(est.json().estimateNumber).toBe(next('estimate', demoId));

    const dentalAdmin = await signIn(DEMO_ACCOUNTS.dentalAdmin);
    const patient = of(data.customers, dentalId)[0].id;
    const bill = await t.call({ method: 'POST', url: '/api/invoices', cookie: dentalAdmin, payload: { customerId: patient, lineItems: [{ description: 'Exam', rate: 65 }] } });
    expect(bill.json().invoiceNumber).toBe(next('invoice', dentalId));
  });
});

describe('demo record plan', () => {
  const ids = { demoOrgId: 1, dentalOrgId: 2 };
  const casey = { id: 99, name: 'Casey Customer' };
  const strip = (plans: OrganizationPlan[]) => JSON.stringify(plans);

  it('is the same for the same date, without Math.random', () => {
    const random = vi.spyOn(Math, 'random');
    const at = new Date('2026-03-10T15:30:00Z');
    const a = planDemoRecords({ ...ids, now: at }, casey);
    const b = planDemoRecords({ ...ids, now: at }, casey);
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
    expect(strip(a)).toBe(strip(b));
  });

  // Month starts, month ends, a leap day and New Year: the windows the dashboard compares must hold data.
  const dates = ['2026-01-01T00:00:30Z', '2026-03-01T06:00:00Z', '2026-03-31T23:59:00Z', '2028-02-29T12:00:00Z', '2026-07-15T09:00:00Z', '2026-12-31T18:00:00Z'];
  it.each(dates)('keeps every record consistent when seeded on %s', (iso) => {
    const at = new Date(iso);
    const nowMs = at.getTime();
    const p = dashboardPeriod(at);
    for (const plan of planDemoRecords({ ...ids, now: at }, casey)) {
      const inYear = (d: Date) => d.getTime() >= nowMs - 365 * DAY && d.getTime() <= nowMs;
      for (const c of plan.customers) expect(inYear(c.createdAt)).toBe(true);
      for (const doc of [...plan.workOrders, ...plan.estimates, ...plan.invoices]) {
        expect(inYear(doc.createdAt), doc.createdAt.toISOString()).toBe(true);
        expect(doc.updatedAt.getTime()).toBeGreaterThanOrEqual(doc.createdAt.getTime());
        expect(doc.customer.createdAt.getTime()).toBeLessThanOrEqual(doc.createdAt.getTime());
      }
      for (const w of plan.workOrders) {
        expect(w.startDate.getTime()).toBeGreaterThan(w.createdAt.getTime());
        if (w.completedDate) expect(w.completedDate.getTime()).toBeLessThanOrEqual(nowMs);
      }
      const received = plan.invoices.flatMap((v) => v.payments.map((pay) => ({ v, at: pay.receivedDate.getTime() })));
      for (const r of received) {
        expect(r.at).toBeGreaterThan(r.v.createdAt.getTime());
        expect(r.at).toBeLessThanOrEqual(nowMs);
      }
      for (const v of plan.invoices) if (v.workOrder) expect(v.workOrder.completedDate!.getTime()).toBeLessThan(v.createdAt.getTime());
      expect(received.some((r) => r.at >= p.monthStart.getTime())).toBe(true);
      expect(received.some((r) => r.at >= p.prevMonthStart.getTime() && r.at <= p.comparedTo.getTime())).toBe(true);
      expect(plan.workOrders.some((w) => w.status === 'scheduled' || w.status === 'in_progress')).toBe(true);
    }
  });
});
