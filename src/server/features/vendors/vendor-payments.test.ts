import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, vendorPayments, vendors } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { todayUtc } from './payment-date';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let admin: string;
let manager: string;
let employee: string;
let superUser: string;
let vendorA: { id: number; name: string };
let vendorA2: { id: number; name: string };
let vendorB: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  orgA = await t.createOrganization();
  orgB = await t.createOrganization();
  const as = async (role: string, organizationId: number | null) => t.cookieFor((await t.createUser({ role, organizationId })).id);
  admin = await as('org_admin', orgA.id);
  manager = await as('manager', orgA.id);
  employee = await as('employee', orgA.id);
  superUser = await as('super_user', null);
  const vendor = async (organizationId: number, name: string) => (await t.database.db.insert(vendors).values({ organizationId, name }).returning())[0];
  vendorA = await vendor(orgA.id, 'Acme Hardware');
  vendorA2 = await vendor(orgA.id, 'Blue Sky Fuel');
  vendorB = await vendor(orgB.id, 'Other Org Supplier');
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, cookie = admin) => t.call({ method: 'POST', url: '/api/vendor-payments', cookie, payload: payload as object });
const put = (id: number, payload: unknown, cookie = admin) => t.call({ method: 'PUT', url: `/api/vendor-payments/${id}`, cookie, payload: payload as object });
const del = (id: number, cookie = admin) => t.call({ method: 'DELETE', url: `/api/vendor-payments/${id}`, cookie });
const get = (url: string, cookie = admin) => t.call({ url, cookie });
async function issuesOf(payload: object) {
  const res = await post({ vendorId: vendorA.id, amount: '10.00', ...payload });
  expect(res.statusCode, JSON.stringify(payload)).toBe(400);
  return res.json().issues;
}

describe('recording vendor payments', () => {
  it('records a payment with the vendor name copied and the amount as a decimal string', async () => {
    const res = await post({
      vendorId: vendorA.id,
      amount: 1234.5,
      paymentDate: '2026-03-05',
      method: '',
      reference: 'CHK-1001',
      description: 'March lumber order',
      notes: 'Paid early',
      vendorName: 'Ignored',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      organizationId: orgA.id,
      vendorId: vendorA.id,
      vendorName: 'Acme Hardware',
      amount: '1234.50',
      paymentDate: '2026-03-05T00:00:00.000Z',
      method: null,
      reference: 'CHK-1001',
      description: 'March lumber order',
      notes: 'Paid early',
      createdAt: expect.any(String),
    });
  });

  it('dates a payment today when no date is given, and accepts a vendor id sent as text', async () => {
    const before = todayUtc().toISOString();
    const res = await post({ vendorId: String(vendorA.id), amount: '0.01', paymentDate: '' });
    expect(res.statusCode).toBe(201);
    expect([before, todayUtc().toISOString()]).toContain(res.json().paymentDate);
    expect(res.json()).toMatchObject({ amount: '0.01', reference: null, description: null, notes: null, method: null });
    const noDate = await post({ vendorId: vendorA.id, amount: '99999999.99', method: 'check' });
    expect(noDate.json()).toMatchObject({ amount: '99999999.99', method: 'check' });
    expect(noDate.json().paymentDate).toMatch(/T00:00:00\.000Z$/);
  });

  it('answers 400 with the form messages', async () => {
    const empty = await post({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'vendorId', message: 'Please select a vendor' },
        { path: 'amount', message: 'Amount is required' },
      ]),
    );
    expect(await issuesOf({ vendorId: '' })).toEqual([{ path: 'vendorId', message: 'Please select a vendor' }]);
    expect(await issuesOf({ amount: '' })).toEqual([{ path: 'amount', message: 'Amount is required' }]);
    expect(await issuesOf({ amount: null })).toEqual([{ path: 'amount', message: 'Amount is required' }]);
    expect(await issuesOf({ amount: 'lots' })).toEqual([{ path: 'amount', message: 'Amount must be a number' }]);
    expect(await issuesOf({ amount: true })).toEqual([{ path: 'amount', message: 'Amount must be a number' }]);
    expect(await issuesOf({ amount: 0 })).toEqual([{ path: 'amount', message: 'Amount must be greater than 0' }]);
    expect(await issuesOf({ amount: '-5' })).toEqual([{ path: 'amount', message: 'Amount must be greater than 0' }]);
    expect(await issuesOf({ amount: '12.345' })).toEqual([{ path: 'amount', message: 'Amount can have at most 2 decimal places' }]);
    expect(await issuesOf({ amount: '100000000' })).toEqual([{ path: 'amount', message: 'Amount must be at most 99,999,999.99' }]);
    expect(await issuesOf({ amount: 1e21 })).toEqual([{ path: 'amount', message: 'Amount must be a number' }]);
    expect(await issuesOf({ paymentDate: 'someday' })).toEqual([{ path: 'paymentDate', message: 'Please enter a valid date' }]);
    expect(await issuesOf({ method: 'bitcoin' })).toEqual([{ path: 'method', message: 'Please choose a valid payment method' }]);
    expect(await issuesOf({ reference: 'r'.repeat(101) })).toEqual([{ path: 'reference', message: 'Reference must be at most 100 characters' }]);
  });

  it("refuses a vendor that does not exist or belongs to another organization", async () => {
    for (const vendorId of [vendorB.id, 2_000_000]) {
      const res = await post({ vendorId, amount: '10' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Vendor not found', issues: [{ path: 'vendorId', message: 'Vendor not found' }] });
    }
    expect(await t.database.db.select().from(vendorPayments).where(eq(vendorPayments.vendorId, vendorB.id))).toEqual([]);
  });

  it("files a super user's payment under the vendor's organization", async () => {
    const res = await post({ vendorId: vendorB.id, amount: '75.00' }, superUser);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ organizationId: orgB.id, vendorName: 'Other Org Supplier' });
  });
});

describe('the vendor payments list', () => {
  let org: { id: number };
  let orgAdmin: string;
  let v1: number;
  let v2: number;
  beforeAll(async () => {
    org = await t.createOrganization();
    orgAdmin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
    [{ id: v1 }] = await t.database.db.insert(vendors).values({ organizationId: org.id, name: 'Gamma Gas' }).returning();
    [{ id: v2 }] = await t.database.db.insert(vendors).values({ organizationId: org.id, name: 'Delta Docks' }).returning();
    // Twelve payments on days 1..12 of January, recorded out of order.
    for (const day of [5, 1, 12, 3, 9, 7, 11, 2, 10, 4, 8, 6]) {
      const res = await post(
        { vendorId: day % 2 ? v1 : v2, amount: `${day}.00`, paymentDate: `2026-01-${String(day).padStart(2, '0')}`, reference: `REF-${day}`, description: day === 4 ? 'Dock fees' : null },
        orgAdmin,
      );
      expect(res.statusCode).toBe(201);
    }
  });
  const days = (res: { json: () => { amount: string }[] }) => res.json().map((p) => Number.parseInt(p.amount, 10));

  it('lists newest payment date first with the total in X-Total-Count', async () => {
    const res = await get('/api/vendor-payments', orgAdmin);
    expect(res.statusCode).toBe(200);
    expect(days(res)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(res.headers['x-total-count']).toBe('12');
  });

  it('gives the 10 most recent with limit=10, and orders same-day payments by the latest recorded', async () => {
    const recent = await get('/api/vendor-payments?limit=10', orgAdmin);
    expect(days(recent)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(recent.headers['x-total-count']).toBe('12');
    const later = await post({ vendorId: v1, amount: '12.50', paymentDate: '2026-01-12' }, orgAdmin);
    const top = (await get('/api/vendor-payments?limit=2', orgAdmin)).json();
    expect(top.map((p: { id: number }) => p.id)[0]).toBe(later.json().id);
    expect((await del(later.json().id, orgAdmin)).statusCode).toBe(204);
  });

  it('searches vendor name, reference and description, and narrows to one vendor', async () => {
    const q = async (query: string) => days(await get(`/api/vendor-payments?${query}`, orgAdmin));
    expect(await q('q=delta')).toEqual([12, 10, 8, 6, 4, 2]);
    expect(await q('q=REF-11')).toEqual([11]);
    expect(await q('q=dock%20fees')).toEqual([4]);
    expect(await q(`vendorId=${v1}&limit=3`)).toEqual([11, 9, 7]);
    expect(await q('q=no%20such%20thing')).toEqual([]);
    expect((await get('/api/vendor-payments?sort=amount', orgAdmin)).statusCode).toBe(200);
    expect((await get('/api/vendor-payments?sort=secret', orgAdmin)).statusCode).toBe(400);
  });
});

describe('changing and deleting vendor payments', () => {
  it('changes only the fields sent', async () => {
    const created = (await post({ vendorId: vendorA.id, amount: '40.00', paymentDate: '2026-02-01', reference: 'R1', notes: 'n' })).json();
    const res = await put(created.id, { amount: '45.5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: '45.50', paymentDate: '2026-02-01T00:00:00.000Z', reference: 'R1', notes: 'n', vendorName: 'Acme Hardware' });
    const moved = await put(created.id, { vendorId: vendorA2.id, reference: '', paymentDate: '2026-02-03T15:30:00.000Z' });
    expect(moved.json()).toMatchObject({ vendorId: vendorA2.id, vendorName: 'Blue Sky Fuel', reference: null, paymentDate: '2026-02-03T15:30:00.000Z', amount: '45.50' });
    const cleared = await put(created.id, { paymentDate: null });
    expect(cleared.json().paymentDate).toBe(todayUtc().toISOString());
  });

  it('validates an update like a create', async () => {
    const created = (await post({ vendorId: vendorA.id, amount: '40.00' })).json();
    const noAmount = await put(created.id, { amount: null });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().issues).toEqual([{ path: 'amount', message: 'Amount is required' }]);
    expect((await put(created.id, { amount: '-1' })).json().issues).toEqual([{ path: 'amount', message: 'Amount must be greater than 0' }]);
    const foreign = await put(created.id, { vendorId: vendorB.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Vendor not found');
    const [row] = await t.database.db.select().from(vendorPayments).where(eq(vendorPayments.id, created.id));
    expect(row).toMatchObject({ vendorId: vendorA.id, amount: '40.00' });
  });

  it('deletes a payment and records who did it', async () => {
    const created = (await post({ vendorId: vendorA.id, amount: '60.00' })).json();
    const res = await del(created.id);
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.select().from(vendorPayments).where(eq(vendorPayments.id, created.id))).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vendor_payment.delete'), eq(auditLog.entityId, created.id)));
    expect(audit.details).toMatchObject({ vendorId: vendorA.id, amount: '60.00' });
    const again = await del(created.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 'NOT_FOUND', message: 'Vendor payment not found' });
  });

  it('lets a manager read payments but not record, change or delete them; employees get 403', async () => {
    const created = (await post({ vendorId: vendorA.id, amount: '70.00' })).json();
    expect((await get('/api/vendor-payments', manager)).json().map((p: { id: number }) => p.id)).toContain(created.id);
    for (const cookie of [manager, employee]) {
      expect((await post({ vendorId: vendorA.id, amount: '1' }, cookie)).statusCode).toBe(403);
      expect((await put(created.id, { amount: '1' }, cookie)).statusCode).toBe(403);
      expect((await del(created.id, cookie)).statusCode).toBe(403);
    }
    expect((await get('/api/vendor-payments', employee)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(vendorPayments).where(eq(vendorPayments.id, created.id));
    expect(row.amount).toBe('70.00');
  });
});
