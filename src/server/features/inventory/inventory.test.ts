import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let admin: string;
let manager: string;
let employee: string;
let portalCustomer: string;
let guest: string;
let adminB: string;
let superUser: string;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await t.createOrganization();
  orgB = await t.createOrganization();
  const as = async (role: string, organizationId: number | null, permissions: string[] = []) =>
    t.cookieFor((await t.createUser({ role, organizationId, permissions })).id);
  admin = await as('org_admin', orgA.id);
  manager = await as('manager', orgA.id);
  employee = await as('employee', orgA.id);
  portalCustomer = await as('customer', orgA.id);
  guest = await as('guest', orgA.id);
  adminB = await as('org_admin', orgB.id);
  superUser = await as('super_user', null);
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, cookie = admin) => t.call({ method: 'POST', url: '/api/inventory', cookie, payload: payload as object });
const put = (id: number, payload: unknown, cookie = admin) => t.call({ method: 'PUT', url: `/api/inventory/${id}`, cookie, payload: payload as object });
const get = (url: string, cookie = admin) => t.call({ url, cookie });
async function issueOf(payload: unknown) {
  const res = await post({ name: 'Valid Item', ...(payload as object) });
  expect(res.statusCode, JSON.stringify(payload)).toBe(400);
  return res.json().issues[0] as { path: string; message: string };
}

describe('creating and reading inventory items', () => {
  it('creates an item with every field and answers 201 with the record', async () => {
    const res = await post({
      name: '  Copper Pipe 1/2"  ',
      description: 'Type L',
      sku: ' CP-050 ',
      category: 'Plumbing',
      quantity: 40,
      minimumStock: '10',
      unitCost: '3.5',
      unitPrice: 7.25,
      supplier: 'Ferguson',
      location: 'Shelf A',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      organizationId: orgA.id,
      name: 'Copper Pipe 1/2"',
      description: 'Type L',
      sku: 'CP-050',
      category: 'Plumbing',
      quantity: 40,
      minimumStock: 10,
      unitCost: '3.50',
      unitPrice: '7.25',
      supplier: 'Ferguson',
      location: 'Shelf A',
      stockStatus: 'in-stock',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updatedAt: expect.any(String),
    });
    expect((await get(`/api/inventory/${body.id}`)).json()).toEqual(body);
  });

  it('defaults quantity and minimum stock to 0 and turns empty cost, price and SKU into null', async () => {
    const res = await post({ name: 'Bare', sku: '', unitCost: '', unitPrice: null, description: '  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ quantity: 0, minimumStock: 0, sku: null, unitCost: null, unitPrice: null, description: null, stockStatus: 'out-of-stock' });
    // Items without a SKU never collide.
    expect((await post({ name: 'Bare too', sku: '' })).statusCode).toBe(201);
  });

  it('answers 400 with the field and message', async () => {
    expect((await post({})).json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Name is required', issues: [{ path: 'name', message: 'Name is required' }] });
    expect(await issueOf({ name: '  ' })).toEqual({ path: 'name', message: 'Name is required' });
    expect(await issueOf({ name: 'n'.repeat(201) })).toEqual({ path: 'name', message: 'Name must be at most 200 characters' });
    expect(await issueOf({ quantity: 1.5 })).toEqual({ path: 'quantity', message: 'Quantity must be a whole number' });
    expect(await issueOf({ quantity: '2.5' })).toEqual({ path: 'quantity', message: 'Quantity must be a whole number' });
    expect(await issueOf({ quantity: 'many' })).toEqual({ path: 'quantity', message: 'Quantity must be a whole number' });
    expect(await issueOf({ quantity: -1 })).toEqual({ path: 'quantity', message: 'Quantity cannot be negative' });
    expect(await issueOf({ quantity: 3_000_000_000 })).toEqual({ path: 'quantity', message: 'Quantity is too large' });
    expect(await issueOf({ minimumStock: -2 })).toEqual({ path: 'minimumStock', message: 'Minimum stock cannot be negative' });
    expect(await issueOf({ minimumStock: 0.5 })).toEqual({ path: 'minimumStock', message: 'Minimum stock must be a whole number' });
    expect(await issueOf({ unitCost: '1.234' })).toEqual({ path: 'unitCost', message: 'Unit cost can have at most 2 decimal places' });
    expect(await issueOf({ unitCost: -1 })).toEqual({ path: 'unitCost', message: 'Unit cost cannot be negative' });
    expect(await issueOf({ unitPrice: 'abc' })).toEqual({ path: 'unitPrice', message: 'Unit price must be a number' });
    expect(await issueOf({ unitPrice: '100000000' })).toEqual({ path: 'unitPrice', message: 'Unit price must be at most 99,999,999.99' });
    expect(await issueOf({ sku: 's'.repeat(101) })).toEqual({ path: 'sku', message: 'SKU must be at most 100 characters' });
  });

  it('refuses a SKU already used in the organization with 409, also for two creates at once', async () => {
    expect((await post({ name: 'First', sku: 'DUP-1' })).statusCode).toBe(201);
    const dup = await post({ name: 'Second', sku: 'DUP-1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ code: 'CONFLICT', message: 'An item with this SKU already exists' });
    // Another organization may use the same SKU.
    expect((await post({ name: 'Theirs', sku: 'DUP-1' }, adminB)).statusCode).toBe(201);

    const both = await Promise.all([post({ name: 'Race 1', sku: 'RACE-1' }), post({ name: 'Race 2', sku: 'RACE-1' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(inventoryItems).where(eq(inventoryItems.sku, 'RACE-1'));
    expect(rows).toHaveLength(1);
  });
});

describe('updating inventory items', () => {
  it('changes only the quantity when only the quantity is sent', async () => {
    const item = (await post({ name: 'Washer', sku: 'W-1', quantity: 10, minimumStock: 5, unitPrice: '0.25' })).json();
    const res = await put(item.id, { quantity: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...item, quantity: 3, stockStatus: 'low-stock', updatedAt: expect.any(String) });
    expect((await put(item.id, { quantity: -3 })).json().issues).toEqual([{ path: 'quantity', message: 'Quantity cannot be negative' }]);
  });

  it('saves the full item and clears emptied fields', async () => {
    const item = (await post({ name: 'Valve', sku: 'V-1', unitCost: '4.00', supplier: 'Acme' })).json();
    const res = await put(item.id, { name: 'Ball Valve', sku: 'V-2', quantity: 8, minimumStock: 2, unitCost: '', supplier: '', unitPrice: '9.99' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ball Valve', sku: 'V-2', quantity: 8, minimumStock: 2, unitCost: null, supplier: null, unitPrice: '9.99' });
  });

  it('refuses taking another item\'s SKU with 409 and leaves the item unchanged', async () => {
    await post({ name: 'Holder', sku: 'TAKEN-1' });
    const item = (await post({ name: 'Mover', sku: 'FREE-1' })).json();
    const res = await put(item.id, { sku: 'TAKEN-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: 'An item with this SKU already exists' });
    expect((await get(`/api/inventory/${item.id}`)).json().sku).toBe('FREE-1');
  });

  it('answers 404 for an unknown id and another organization\'s item', async () => {
    expect((await put(999_999, { quantity: 1 })).statusCode).toBe(404);
    const theirs = (await post({ name: 'Theirs' }, adminB)).json();
    const res = await put(theirs.id, { quantity: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Inventory item not found' });
    expect((await get(`/api/inventory/${theirs.id}`)).statusCode).toBe(404);
  });

  it('shows the change in the dashboard\'s inventory alerts', async () => {
    const item = (await post({ name: 'Alert Me', quantity: 20, minimumStock: 2 })).json();
    const alerts = async () => ((await get('/api/dashboard/stats')).json().inventoryAlerts as { id: number }[]).map((a) => a.id);
    expect(await alerts()).not.toContain(item.id);
    await put(item.id, { quantity: 0 });
    expect(await alerts()).toContain(item.id);
  });
});

describe('listing and counting', () => {
  let org: { id: number };
  let owner: string;
  beforeAll(async () => {
    org = await t.createOrganization();
    owner = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
    for (const [name, sku, quantity, minimumStock, description] of [
      ['Hammer', 'HM-1', 10, 2, 'Claw hammer'],
      ['Nails', 'NL-1', 2, 2, 'Box of 100'],
      ['Saw', 'SW-1', 1, 5, null],
      ['Drill', 'DR-1', 0, 0, 'Cordless'],
      ['Tape', 'TP-1', 0, 3, null],
      ['Glue', null, 1, 0, 'wood glue'],
    ] as const) {
      expect((await post({ name, sku, quantity, minimumStock, description }, owner)).statusCode).toBe(201);
    }
  });

  it('counts In Stock above the minimum, Low Stock at or below it, Out of Stock at 0', async () => {
    const res = await get('/api/inventory/summary', owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ total: 6, inStock: 2, lowStock: 2, outOfStock: 2 });
    const list = (await get('/api/inventory', owner)).json() as { name: string; stockStatus: string }[];
    expect(Object.fromEntries(list.map((i) => [i.name, i.stockStatus]))).toEqual({
      Drill: 'out-of-stock',
      Glue: 'in-stock',
      Hammer: 'in-stock',
      Nails: 'low-stock',
      Saw: 'low-stock',
      Tape: 'out-of-stock',
    });
  });

  it('searches name, SKU and description and pages with X-Total-Count', async () => {
    const names = async (url: string) => ((await get(url, owner)).json() as { name: string }[]).map((i) => i.name);
    expect(await names('/api/inventory?q=hamm')).toEqual(['Hammer']);
    expect(await names('/api/inventory?q=nl-1')).toEqual(['Nails']);
    expect(await names('/api/inventory?q=cordless')).toEqual(['Drill']);
    expect(await names('/api/inventory?q=100%25')).toEqual([]);
    const paged = await get('/api/inventory?limit=2&offset=2', owner);
    expect(paged.headers['x-total-count']).toBe('6');
    expect(paged.json().map((i: { name: string }) => i.name)).toEqual(['Hammer', 'Nails']);
    expect((await get('/api/inventory?sort=-quantity&limit=1', owner)).json()[0].name).toBe('Hammer');
    expect((await get('/api/inventory?sort=secret', owner)).statusCode).toBe(400);
  });

  it('lets a super user narrow the list and the counts to one organization', async () => {
    const list = await get(`/api/inventory?organizationId=${org.id}`, superUser);
    expect(list.headers['x-total-count']).toBe('6');
    expect((await get(`/api/inventory/summary?organizationId=${org.id}`, superUser)).json().total).toBe(6);
    const created = await post({ name: 'Super Item', organizationId: org.id }, superUser);
    expect(created.json().organizationId).toBe(org.id);
    expect((await post({ name: 'Nowhere' }, superUser)).json().issues).toEqual([{ path: 'organizationId', message: 'Organization is required' }]);
  });
});

describe('permissions', () => {
  it('lets view_inventory roles read but not write', async () => {
    for (const cookie of [manager, employee]) {
      expect((await get('/api/inventory', cookie)).statusCode).toBe(200);
      expect((await get('/api/inventory/summary', cookie)).statusCode).toBe(200);
      expect((await post({ name: 'Nope' }, cookie)).statusCode).toBe(403);
    }
    const item = (await post({ name: 'Guarded', quantity: 4 })).json();
    expect((await get(`/api/inventory/${item.id}`, employee)).statusCode).toBe(200);
    expect((await put(item.id, { quantity: 0 }, manager)).statusCode).toBe(403);
    expect((await get(`/api/inventory/${item.id}`)).json().quantity).toBe(4);
  });

  it('refuses customers, guests and anonymous callers', async () => {
    for (const cookie of [portalCustomer, guest]) {
      expect((await get('/api/inventory', cookie)).statusCode).toBe(403);
      expect((await post({ name: 'Nope' }, cookie)).statusCode).toBe(403);
    }
    expect((await t.call({ url: '/api/inventory' })).statusCode).toBe(401);
  });

  it('lets an employee granted manage_inventory write', async () => {
    const stockKeeper = await t.cookieFor((await t.createUser({ role: 'employee', organizationId: orgA.id, permissions: ['manage_inventory'] })).id);
    const res = await post({ name: 'Granted' }, stockKeeper);
    expect(res.statusCode).toBe(201);
    expect((await put(res.json().id, { quantity: 2 }, stockKeeper)).statusCode).toBe(200);
  });
});
