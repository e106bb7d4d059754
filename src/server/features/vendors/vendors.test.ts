import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_PAYMENT_TERMS } from '../../../contracts/vendors';
import { auditLog, vendorPayments, vendors } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let admin: string;
let manager: string;
let employee: string;
let portalCustomer: string;
let adminB: string;
let superUser: string;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await t.createOrganization();
  orgB = await t.createOrganization();
  const as = async (role: string, organizationId: number | null) => t.cookieFor((await t.createUser({ role, organizationId })).id);
  admin = await as('org_admin', orgA.id);
  manager = await as('manager', orgA.id);
  employee = await as('employee', orgA.id);
  portalCustomer = await as('customer', orgA.id);
  adminB = await as('org_admin', orgB.id);
  superUser = await as('super_user', null);
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, cookie = admin) => t.call({ method: 'POST', url: '/api/vendors', cookie, payload: payload as object });
const put = (id: number, payload: unknown, cookie = admin) => t.call({ method: 'PUT', url: `/api/vendors/${id}`, cookie, payload: payload as object });
const del = (id: number, cookie = admin) => t.call({ method: 'DELETE', url: `/api/vendors/${id}`, cookie });
const get = (url: string, cookie = admin) => t.call({ url, cookie });
/** The single issue of a 400 answer to a create. */
async function issueOf(payload: object) {
  const res = await post({ name: 'Valid Vendor', ...payload });
  expect(res.statusCode, JSON.stringify(payload)).toBe(400);
  return res.json().issues;
}

describe('creating vendors', () => {
  it('creates a vendor with every field and answers 201 with the record', async () => {
    const res = await post({
      name: '  Ace Supply  ',
      email: 'orders@acesupply.com',
      phone: '1-800-555-0199 x12',
      address: '400 Industrial Pkwy, Dayton, OH 45402',
      companyName: 'Ace Supply Co.',
      taxId: '12-3456789',
      paymentTerms: 'net60',
      notes: 'Account #A-778',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      organizationId: orgA.id,
      name: 'Ace Supply',
      email: 'orders@acesupply.com',
      phone: '1-800-555-0199 x12',
      address: '400 Industrial Pkwy, Dayton, OH 45402',
      companyName: 'Ace Supply Co.',
      taxId: '12-3456789',
      paymentTerms: 'net60',
      notes: 'Account #A-778',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updatedAt: expect.any(String),
    });
  });

  it('stores empty optional fields as null (the form sends null)', async () => {
    const res = await post({ name: 'Bare Vendor', email: '', phone: '', address: '  ', companyName: null, taxId: '', paymentTerms: '', notes: null });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: null, phone: null, address: null, companyName: null, taxId: null, paymentTerms: null, notes: null });
    expect((await post({ name: 'Only Name' })).json().paymentTerms).toBeNull();
  });

  it('accepts exactly the six payment terms', async () => {
    for (const terms of VENDOR_PAYMENT_TERMS) {
      const res = await post({ name: `Terms ${terms}`, paymentTerms: terms });
      expect(res.statusCode, terms).toBe(201);
      expect(res.json().paymentTerms).toBe(terms);
    }
    expect(await issueOf({ paymentTerms: 'net45' })).toEqual([{ path: 'paymentTerms', message: 'Please choose valid payment terms' }]);
  });

  it('answers 400 with a message per field', async () => {
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Name is required', issues: [{ path: 'name', message: 'Name is required' }] });
    expect((await post({ name: '   ' })).json().issues).toEqual([{ path: 'name', message: 'Name is required' }]);
    expect(await issueOf({ name: 'x'.repeat(201) })).toEqual([{ path: 'name', message: 'Name must be at most 200 characters' }]);
    expect(await issueOf({ email: 'not-an-email' })).toEqual([{ path: 'email', message: 'Please enter a valid email address' }]);
    expect(await issueOf({ phone: 'call me' })).toEqual([{ path: 'phone', message: 'Please enter a valid phone number' }]);
    expect(await issueOf({ phone: '5'.repeat(31) })).toEqual([{ path: 'phone', message: 'Phone must be at most 30 characters' }]);
    expect(await issueOf({ taxId: 't'.repeat(51) })).toEqual([{ path: 'taxId', message: 'Tax ID must be at most 50 characters' }]);
    expect(await issueOf({ notes: 'n'.repeat(10_001) })).toEqual([{ path: 'notes', message: 'Notes must be at most 10,000 characters' }]);
    expect(await issueOf({ companyName: 42 })).toEqual([{ path: 'companyName', message: 'Company name must be text' }]);
  });
});

describe('updating and deleting vendors', () => {
  it('changes only the fields sent and never the organization', async () => {
    const created = (await post({ name: 'Old Name', email: 'a@b.co', notes: 'keep me', paymentTerms: 'net15' })).json();
    const res = await put(created.id, { name: 'New Name', paymentTerms: 'cash_on_delivery', organizationId: orgB.id }, superUser);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, organizationId: orgA.id, name: 'New Name', email: 'a@b.co', notes: 'keep me', paymentTerms: 'cash_on_delivery' });
    const cleared = await put(created.id, { email: '', paymentTerms: null });
    expect(cleared.json()).toMatchObject({ email: null, paymentTerms: null, name: 'New Name' });
    expect((await put(created.id, {})).json().notes).toBe('keep me');
    const blank = await put(created.id, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues).toEqual([{ path: 'name', message: 'Name is required' }]);
  });

  it("renames the vendor on its payments' copy of the name", async () => {
    const v = (await post({ name: 'Typo Plumbing' })).json();
    const paid = await t.call({ method: 'POST', url: '/api/vendor-payments', cookie: admin, payload: { vendorId: v.id, amount: '50' } });
    expect(paid.json().vendorName).toBe('Typo Plumbing');
    await put(v.id, { name: 'Tipton Plumbing' });
    const [row] = await t.database.db.select().from(vendorPayments).where(eq(vendorPayments.id, paid.json().id));
    expect(row.vendorName).toBe('Tipton Plumbing');
  });

  it('deletes a vendor together with its payments, and records who did it', async () => {
    const v = (await post({ name: 'Going Away Inc' })).json();
    for (const amount of ['10.00', '20.00']) {
      expect((await t.call({ method: 'POST', url: '/api/vendor-payments', cookie: admin, payload: { vendorId: v.id, amount } })).statusCode).toBe(201);
    }
    const res = await del(v.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.database.db.select().from(vendors).where(eq(vendors.id, v.id))).toEqual([]);
    expect(await t.database.db.select().from(vendorPayments).where(eq(vendorPayments.vendorId, v.id))).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'vendor.delete'), eq(auditLog.entityId, v.id)));
    expect(audit).toMatchObject({ organizationId: orgA.id, entityType: 'vendor', details: { name: 'Going Away Inc', paymentsDeleted: 2 } });
    const again = await del(v.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 'NOT_FOUND', message: 'Vendor not found' });
  });

  it('answers 404 for a missing vendor and 400 for a bad id', async () => {
    expect((await put(2_000_000, { name: 'Nobody' })).statusCode).toBe(404);
    expect((await del(2_000_000)).statusCode).toBe(404);
    expect((await del(Number.NaN)).statusCode).toBe(400);
  });
});

describe('the vendors list', () => {
  let org: { id: number };
  let orgAdmin: string;
  beforeAll(async () => {
    org = await t.createOrganization();
    orgAdmin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
    const rows = [
      { name: 'Charlie Lumber', email: 'sales@charlie.com', phone: '555-333-1234' },
      { name: 'alpha Electric', companyName: 'Alpha Holdings', address: '1 Volt St' },
      { name: 'Bravo Paints', taxId: '98-7654321', notes: 'Ask for Dana' },
      { name: 'Delta 100% Parts' },
      { name: 'Echo_Tools' },
    ];
    for (const r of rows) await t.database.db.insert(vendors).values({ organizationId: org.id, ...r });
  });
  const names = (res: { json: () => { name: string }[] }) => res.json().map((v) => v.name);

  it('is ordered by name whatever the case and carries X-Total-Count', async () => {
    const res = await get('/api/vendors', orgAdmin);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['alpha Electric', 'Bravo Paints', 'Charlie Lumber', 'Delta 100% Parts', 'Echo_Tools']);
    expect(res.headers['x-total-count']).toBe('5');
  });

  it('pages with limit and offset and sorts by allowed columns only', async () => {
    const res = await get('/api/vendors?limit=2&offset=2', orgAdmin);
    expect(names(res)).toEqual(['Charlie Lumber', 'Delta 100% Parts']);
    expect(res.headers['x-total-count']).toBe('5');
    expect(names(await get('/api/vendors?sort=-name', orgAdmin))[0]).toBe('Echo_Tools');
    const bad = await get('/api/vendors?sort=password', orgAdmin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Cannot sort by password');
    expect((await get('/api/vendors?limit=0', orgAdmin)).statusCode).toBe(400);
  });

  it('searches name, company, e-mail, phone, address, tax id and notes; wildcards are literal', async () => {
    const search = async (q: string) => {
      const res = await get(`/api/vendors?q=${encodeURIComponent(q)}`, orgAdmin);
      expect(res.headers['x-total-count']).toBe(String(res.json().length));
      return names(res);
    };
    expect(await search('ALPHA')).toEqual(['alpha Electric']);
    expect(await search('holdings')).toEqual(['alpha Electric']);
    expect(await search('charlie.com')).toEqual(['Charlie Lumber']);
    expect(await search('333-1234')).toEqual(['Charlie Lumber']);
    expect(await search('volt st')).toEqual(['alpha Electric']);
    expect(await search('7654321')).toEqual(['Bravo Paints']);
    expect(await search('dana')).toEqual(['Bravo Paints']);
    expect(await search('%')).toEqual(['Delta 100% Parts']);
    expect(await search('_')).toEqual(['Echo_Tools']);
    expect(await search('nothing like this')).toEqual([]);
  });
});

describe('permissions and organizations', () => {
  let ownId: number;
  let otherId: number;
  beforeAll(async () => {
    ownId = (await post({ name: 'Own Vendor' })).json().id;
    otherId = (await post({ name: 'Other Org Vendor' }, adminB)).json().id;
  });

  it('lets a manager see vendors but not change them', async () => {
    const list = await get('/api/vendors?limit=500', manager);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((v: { id: number }) => v.id)).toContain(ownId);
    expect((await get('/api/vendor-payments', manager)).statusCode).toBe(200);
    const create = await post({ name: 'Not Allowed' }, manager);
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ code: 'FORBIDDEN', message: 'You do not have permission to do that' });
    expect((await put(ownId, { name: 'Changed' }, manager)).statusCode).toBe(403);
    expect((await del(ownId, manager)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(vendors).where(eq(vendors.id, ownId));
    expect(row.name).toBe('Own Vendor');
  });

  it('refuses employees, customers and anonymous callers', async () => {
    for (const cookie of [employee, portalCustomer]) {
      expect((await get('/api/vendors', cookie)).statusCode).toBe(403);
      expect((await get('/api/vendor-payments', cookie)).statusCode).toBe(403);
      expect((await post({ name: 'Nope' }, cookie)).statusCode).toBe(403);
      expect((await del(ownId, cookie)).statusCode).toBe(403);
    }
    expect((await t.call({ url: '/api/vendors' })).statusCode).toBe(401);
  });

  it("answers 404 for another organization's vendor and leaves it alone", async () => {
    expect((await put(otherId, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await del(otherId)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(vendors).where(eq(vendors.id, otherId));
    expect(row.name).toBe('Other Org Vendor');
    const list = (await get('/api/vendors?limit=500')).json() as { id: number }[];
    expect(list.map((v) => v.id)).not.toContain(otherId);
  });

  it('ignores organizationId from an organization admin', async () => {
    const res = await post({ name: 'Planted', organizationId: orgB.id });
    expect(res.json().organizationId).toBe(orgA.id);
  });

  it('makes a super user choose an existing organization and shows them every organization', async () => {
    const none = await post({ name: 'Homeless' }, superUser);
    expect(none.statusCode).toBe(400);
    expect(none.json().issues).toEqual([{ path: 'organizationId', message: 'Organization is required' }]);
    const unknown = await post({ name: 'Nowhere', organizationId: 999_999 }, superUser);
    expect(unknown.json().issues).toEqual([{ path: 'organizationId', message: 'Organization not found' }]);
    const placed = await post({ name: 'Placed', organizationId: String(orgB.id) }, superUser);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().organizationId).toBe(orgB.id);
    const all = (await get('/api/vendors?limit=500', superUser)).json() as { id: number }[];
    expect(all.map((v) => v.id)).toEqual(expect.arrayContaining([ownId, otherId]));
    const onlyB = (await get(`/api/vendors?organizationId=${orgB.id}&limit=500`, superUser)).json() as { organizationId: number }[];
    expect(onlyB.length).toBeGreaterThan(0);
    expect(onlyB.every((v) => v.organizationId === orgB.id)).toBe(true);
  });
});

describe('demo vendors and the API description', () => {
  it('seeds four vendors and eight payments once, the newest within the last week', async () => {
    const { seedDemoVendors } = await import('./demo-vendors');
    const org = await t.createOrganization();
    await seedDemoVendors(t.database.db, org.id);
    await seedDemoVendors(t.database.db, org.id);
    const cookie = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
    const list = await get('/api/vendors', cookie);
    expect(list.headers['x-total-count']).toBe('4');
    const payments = await get('/api/vendor-payments?limit=10', cookie);
    expect(payments.headers['x-total-count']).toBe('8');
    const names = new Set(list.json().map((v: { name: string }) => v.name));
    for (const p of payments.json() as { vendorName: string; paymentDate: string }[]) expect(names).toContain(p.vendorName);
    expect(Date.now() - Date.parse(payments.json()[0].paymentDate)).toBeLessThan(7 * 24 * 60 * 60 * 1000);
  });

  it('documents the vendor routes in the OpenAPI document', async () => {
    const res = await t.call({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/vendors', '/api/vendors/{id}', '/api/vendor-payments', '/api/vendor-payments/{id}']),
    );
  });
});
