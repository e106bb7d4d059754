// Spreadsheet imports through the real app (docs/rules/data-exchange.md#imports): the exports of Jobber, Housecall Pro
// and QuickBooks Online map with no manual work; a file with a problem changes nothing and names it by row and column;
// rows matching a record already there are skipped, updated or created; XLSX; the limits; who may import; two runs at
// once import once (on PostgreSQL with real parallel requests when DATABASE_URL is set).
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Import, ImportPreview, ImportRunLine } from '../../../contracts/imports';
import { auditLog, customers, imports, inventoryItems, services, vendors } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readOrganizationFigures } from '../figures/organization-figures';
import { tenantScope } from '../../platform/tenancy';
import type { RequestContext } from '../../platform/context';
import { clearAbandonedImports } from './clear-abandoned-imports';
import { csv, fixture, postImportFile, runImportCall, uploadImport } from './imports.test-kit';

let t: TestApp;
let orgId: number;
let admin: string;
let adminName: string;
let manager: string;
let employee: string;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await t.createOrganization({ name: 'Import Co' })).id;
  const adminUser = await t.createUser({ role: 'org_admin', organizationId: orgId });
  admin = await t.cookieFor(adminUser.id);
  adminName = `${adminUser.firstName} ${adminUser.lastName}`;
  manager = await t.cookieFor((await t.createUser({ role: 'manager', organizationId: orgId })).id);
  employee = await t.cookieFor((await t.createUser({ role: 'employee', organizationId: orgId })).id);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

async function preview(cookie: string, imp: Import, duplicates: 'skip' | 'update' | 'create' = 'skip', mapping = imp.mapping): Promise<ImportPreview> {
  const res = await t.call({ method: 'POST', url: `/api/imports/${imp.id}/preview`, cookie, payload: { mapping, duplicates } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function customerCount(organizationId = orgId): Promise<number> {
  const [r] = await db().select({ n: count() }).from(customers).where(eq(customers.organizationId, organizationId));
  return r.n;
}

async function customerByEmail(email: string, organizationId = orgId) {
  const [row] = await db().select().from(customers).where(and(eq(customers.organizationId, organizationId), eq(customers.email, email)));
  return row;
}

describe('exports of other products map with no manual work', () => {
  it("Jobber's client export: Display Name, E-mails, Main Phone #s, the billing address", async () => {
    const org = (await t.createOrganization()).id;
    const cookie = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org })).id);
    const imp = await uploadImport(t, cookie, 'customers', fixture('jobber-clients.csv'), 'jobber.csv');
    expect(imp.rowCount).toBe(3);
    expect(imp.mapping).toMatchObject({
      name: 'Display Name',
      firstName: 'First Name',
      lastName: 'Last Name',
      companyName: 'Company Name',
      email: 'E-mails',
      phone: 'Main Phone #s',
      otherPhone: 'Mobile Phone #s',
      address: 'Billing Street 1',
      address2: 'Billing Street 2',
      city: 'Billing City',
      state: 'Billing State',
      zip: 'Billing Zip code',
    });
    const p = await preview(cookie, imp);
    expect(p.problems).toEqual([]);
    expect(p.outcome).toEqual({ create: 3, update: 0, skip: 0 });
    const res = await runImportCall(t, cookie, imp);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', created: 3, updated: 0, skipped: 0 });

    const maria = await customerByEmail('maria.gonzalez@example.com', org);
    // +1 dropped, the billing street and its second line joined.
    expect(maria).toMatchObject({ name: 'Maria Gonzalez', phone: '2175550142', address: '14 Elm Street, Apt 2', city: 'Springfield', state: 'IL', zip: '62704' });
    // The first of several e-mails; ZIP+4 as its ZIP.
    expect(await customerByEmail('office@acme-pm.example.com', org)).toMatchObject({ companyName: 'Acme Property Management', zip: '62701' });
    // No main phone: the mobile one; the e-mail lower-case as the form stores it.
    expect(await customerByEmail('tom.obrien@example.com', org)).toMatchObject({ name: "Tom O'Brien", phone: '2175550123' });
  });

  it("Housecall Pro's customer export: First Name and Last Name joined, Mobile Number, Street Line 2, Zip", async () => {
    const org = (await t.createOrganization()).id;
    const cookie = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org })).id);
    const imp = await uploadImport(t, cookie, 'customers', fixture('housecall-pro-customers.csv'));
    expect(imp.mapping).toMatchObject({
      name: null,
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      phone: 'Mobile Number',
      otherPhone: 'Home Number',
      companyName: 'Company',
      address: 'Street',
      address2: 'Street Line 2',
      city: 'City',
      state: 'State',
      zip: 'Zip',
      notes: 'Notes',
    });
    expect((await preview(cookie, imp)).problems).toEqual([]);
    expect((await runImportCall(t, cookie, imp)).json()).toMatchObject({ created: 3 });
    expect(await customerByEmail('luis@ortega-builders.example.com', org)).toMatchObject({ name: 'Luis Ortega', phone: '5125550144', address: '88 Congress Ave, Floor 3', companyName: 'Ortega Builders' });
    const [zoe] = await db().select().from(customers).where(and(eq(customers.organizationId, org), eq(customers.name, "Zoë O'Connor")));
    expect(zoe).toMatchObject({ email: null, phone: '7375550102', notes: 'Dog in yard, call first' });
  });

  it("QuickBooks Online's customer list: Customer, Company name, Main phone, Billing ZIP, Terms", async () => {
    const org = (await t.createOrganization()).id;
    const cookie = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org })).id);
    const imp = await uploadImport(t, cookie, 'customers', fixture('quickbooks-customers.csv'));
    expect(imp.mapping).toMatchObject({
      name: 'Customer',
      companyName: 'Company name',
      email: 'Email',
      phone: 'Main phone',
      otherPhone: 'Mobile',
      address: 'Billing Street',
      city: 'Billing City',
      state: 'Billing State',
      zip: 'Billing ZIP',
      paymentTerms: 'Terms',
      notes: 'Notes',
    });
    expect((await preview(cookie, imp)).problems).toEqual([]);
    expect((await runImportCall(t, cookie, imp)).json()).toMatchObject({ created: 3 });
    expect(await customerByEmail('billing@sunrisedental.example.com', org)).toMatchObject({ name: 'Sunrise Dental', paymentTerms: 'net30', phone: '3035550117', zip: '80202' });
    expect(await customerByEmail('ken.adams@example.com', org)).toMatchObject({ paymentTerms: 'due_on_receipt' });
  });
});

describe('a file with problems', () => {
  const bad = csv([
    ['Name', 'Email', 'Phone', 'ZIP', 'Tax exempt'],
    ['Good Row', 'good@example.com', '555-333-1234', '62704', 'no'],
    ['Bad Email', 'not-an-email', '', '', ''],
    ['Bad Phone', 'phone@example.com', '555 333 1234 999', '', ''],
    ['Bad Zip', 'zip@example.com', '', 'K1A 0B1', 'maybe'],
    ['', 'noname@example.com', '', '', ''],
    ['Same Email', 'GOOD@example.com', '', '', ''],
  ]);

  it('names every problem by row and column, and changes nothing when imported', async () => {
    const imp = await uploadImport(t, admin, 'customers', bad, 'bad.csv');
    const p = await preview(admin, imp);
    expect(p.problems).toEqual([
      { row: 3, column: 'Email', field: 'email', message: 'Please enter a valid email address' },
      { row: 4, column: 'Phone', field: 'phone', message: 'Phone must be at most 10 digits' },
      { row: 5, column: 'ZIP', field: 'zip', message: 'ZIP code must be digits only, at most 5' },
      { row: 5, column: 'Tax exempt', field: 'taxExempt', message: 'Must be true or false' },
      { row: 6, column: 'Name', field: 'name', message: 'Name is required' },
      { row: 7, column: 'Email', field: 'email', message: 'Same e-mail as row 2' },
    ]);
    expect(p.problemCount).toBe(6);
    expect(p.counts).toMatchObject({ rows: 6, repeated: 1 });
    expect(p.rows[0]).toMatchObject({ row: 2, action: 'create', values: { name: 'Good Row', email: 'good@example.com', phone: '5553331234', taxExempt: 'No' } });
    expect(p.rows[1]).toMatchObject({ row: 3, action: null, values: { name: 'Bad Email', email: 'not-an-email' } });

    const before = await customerCount();
    const figuresBefore = await readOrganizationFigures(db(), tenantScope({ isSuperUser: false, organizationId: orgId } as RequestContext));
    const res = await runImportCall(t, admin, imp);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Nothing was imported: the file has 6 problems. Row 3, Email: Please enter a valid email address');
    expect(body.issues[0]).toEqual({ path: 'rows.3.email', message: 'Email: Please enter a valid email address' });
    expect(await customerCount()).toBe(before);
    expect((await readOrganizationFigures(db(), tenantScope({ isSuperUser: false, organizationId: orgId } as RequestContext))).customers).toBe(figuresBefore.customers);
    const [row] = await db().select({ status: imports.status, data: imports.data }).from(imports).where(eq(imports.id, imp.id));
    expect(row.status).toBe('uploaded');
    expect(row.data).not.toBeNull();
  });

  it('says so when no column is mapped to a required field', async () => {
    const imp = await uploadImport(t, admin, 'customers', csv([['Who', 'Email'], ['Ann', 'ann@example.com']]));
    expect(imp.mapping.name).toBeNull();
    const p = await preview(admin, imp);
    expect(p.problems).toEqual([{ row: 1, column: '', field: 'name', message: 'Choose the column that holds Name' }]);
    // Mapped by hand, it imports.
    const fixed = await preview(admin, imp, 'skip', { ...imp.mapping, name: 'Who' });
    expect(fixed.problems).toEqual([]);
    expect((await runImportCall(t, admin, { ...imp, mapping: { ...imp.mapping, name: 'Who' } })).json()).toMatchObject({ created: 1 });
  });

  it('refuses a mapping naming a column the file does not have, or a field the kind does not have', async () => {
    const imp = await uploadImport(t, admin, 'customers', csv([['Name'], ['Ann']]));
    const res = await t.call({ method: 'POST', url: `/api/imports/${imp.id}/preview`, cookie: admin, payload: { mapping: { name: 'Nope' }, duplicates: 'skip' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'mapping.name', message: 'The file has no column "Nope"' }]);
    const other = await t.call({ method: 'POST', url: `/api/imports/${imp.id}/preview`, cookie: admin, payload: { mapping: { sku: 'Name' }, duplicates: 'skip' } });
    expect(other.json().issues).toEqual([{ path: 'mapping.sku', message: 'Not a field of this import' }]);
  });
});

describe('rows matching a record already there', () => {
  const file = csv([
    ['Name', 'Email', 'Phone', 'City', 'Notes'],
    ['Ann Updated', 'ann.match@example.com', '', '', 'From the file'],
    ['Phone Match', '', '(555) 700-0001', 'Newtown', ''],
    ['Brand New', 'brand.new@example.com', '', '', ''],
  ]);

  async function freshOrg() {
    const org = (await t.createOrganization()).id;
    const cookie = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org })).id);
    const [ann] = await db().insert(customers).values({ organizationId: org, name: 'Ann', email: 'ann.match@example.com', city: 'Oldtown', notes: 'Keep?' }).returning();
    const [phone] = await db().insert(customers).values({ organizationId: org, name: 'Phone Person', phone: '5557000001', email: 'has@example.com', city: 'Oldtown' }).returning();
    return { org, cookie, ann, phone };
  }

  it('skip: matched rows are left out', async () => {
    const { org, cookie } = await freshOrg();
    const imp = await uploadImport(t, cookie, 'customers', file);
    const p = await preview(cookie, imp, 'skip');
    expect(p.counts).toEqual({ rows: 3, new: 1, matching: 2, repeated: 0 });
    expect(p.rows.map((r) => r.action)).toEqual(['skip', 'skip', 'create']);
    expect((await runImportCall(t, cookie, imp, 'skip')).json()).toMatchObject({ created: 1, updated: 0, skipped: 2 });
    expect(await customerCount(org)).toBe(3);
  });

  it('update: the mapped, non-blank fields change, the others stay', async () => {
    const { org, cookie, ann, phone } = await freshOrg();
    const imp = await uploadImport(t, cookie, 'customers', file);
    expect((await preview(cookie, imp, 'update')).outcome).toEqual({ create: 1, update: 2, skip: 0 });
    expect((await runImportCall(t, cookie, imp, 'update')).json()).toMatchObject({ created: 1, updated: 2, skipped: 0 });
    const [a] = await db().select().from(customers).where(eq(customers.id, ann.id));
    expect(a).toMatchObject({ name: 'Ann Updated', email: 'ann.match@example.com', city: 'Oldtown', notes: 'From the file' });
    expect(a.updatedAt.getTime()).toBeGreaterThan(ann.updatedAt.getTime());
    const [p] = await db().select().from(customers).where(eq(customers.id, phone.id));
    // Matched by phone (the row has no e-mail): its e-mail stays.
    expect(p).toMatchObject({ name: 'Phone Match', email: 'has@example.com', city: 'Newtown', phone: '5557000001' });
    expect(await customerCount(org)).toBe(3);
  });

  it('create: every row becomes a new record', async () => {
    const { org, cookie } = await freshOrg();
    const imp = await uploadImport(t, cookie, 'customers', file);
    expect((await runImportCall(t, cookie, imp, 'create')).json()).toMatchObject({ created: 3, updated: 0, skipped: 0 });
    expect(await customerCount(org)).toBe(5);
  });

  it('update: two rows matching one record is a problem of the later row', async () => {
    const { cookie } = await freshOrg();
    const imp = await uploadImport(t, cookie, 'customers', csv([['Name', 'Email', 'Phone'], ['By Mail', 'has@example.com', ''], ['By Phone', '', '5557000001']]));
    const p = await preview(cookie, imp, 'update');
    expect(p.problems).toEqual([{ row: 3, column: 'Phone', field: 'phone', message: 'Matches the same record as row 2' }]);
    expect((await preview(cookie, imp, 'skip')).problems).toEqual([]);
  });

  it('inventory: matched by SKU; a repeated SKU is a problem; "create" cannot repeat a SKU already there', async () => {
    const [item] = await db().insert(inventoryItems).values({ organizationId: orgId, name: 'Valve', sku: 'VAL-1', quantity: 3, unitPrice: '9.50' }).returning();
    const repeated = await uploadImport(t, admin, 'inventory_items', csv([['Item Name', 'SKU', 'Qty'], ['A', 'X-1', '1'], ['B', 'x-1', '2']]));
    expect((await preview(admin, repeated)).problems).toEqual([{ row: 3, column: 'SKU', field: 'sku', message: 'Same SKU as row 2' }]);

    const imp = await uploadImport(t, admin, 'inventory_items', csv([['Item Name', 'SKU', 'Qty on Hand', 'Sales Price'], ['Valve (new)', 'VAL-1', '1,250', '$12.00'], ['Gasket', 'GAS-1', '', '']]));
    expect(imp.mapping).toMatchObject({ name: 'Item Name', sku: 'SKU', quantity: 'Qty on Hand', unitPrice: 'Sales Price' });
    expect((await preview(admin, imp, 'create')).problems).toEqual([{ row: 2, column: 'SKU', field: 'sku', message: 'An item with this SKU already exists' }]);
    expect((await runImportCall(t, admin, imp, 'create')).statusCode).toBe(400);
    expect((await runImportCall(t, admin, imp, 'update')).json()).toMatchObject({ created: 1, updated: 1 });
    const [after] = await db().select().from(inventoryItems).where(eq(inventoryItems.id, item.id));
    expect(after).toMatchObject({ name: 'Valve (new)', quantity: 1250, unitPrice: '12.00', sku: 'VAL-1' });
    const [gasket] = await db().select().from(inventoryItems).where(and(eq(inventoryItems.organizationId, orgId), eq(inventoryItems.sku, 'GAS-1')));
    expect(gasket).toMatchObject({ quantity: 0, minimumStock: 0, unitPrice: null });
  });

  it('services by name, case aside; vendors by e-mail, else by name', async () => {
    await db().insert(services).values({ organizationId: orgId, name: 'Drain Cleaning', duration: 60, price: '80.00' });
    const svc = await uploadImport(t, admin, 'services', csv([['Service', 'Duration', 'Price', 'Active'], ['drain cleaning', '90 min', '95', 'yes'], ['Water Heater Flush', '45', '', 'Inactive'], ['Odd', '20', '', '']]));
    const sp = await preview(admin, svc, 'update');
    expect(sp.problems).toEqual([{ row: 4, column: 'Duration', field: 'duration', message: 'Duration must be a multiple of 15 minutes' }]);
    const fixedSvc = await uploadImport(t, admin, 'services', csv([['Service', 'Duration', 'Price', 'Active'], ['drain cleaning', '90 min', '95', 'yes'], ['Water Heater Flush', '45', '', 'Inactive']]));
    expect((await runImportCall(t, admin, fixedSvc, 'update')).json()).toMatchObject({ created: 1, updated: 1 });
    const rows = await db().select().from(services).where(eq(services.organizationId, orgId));
    expect(rows.find((s) => s.name === 'drain cleaning')).toMatchObject({ duration: 90, price: '95.00' });
    expect(rows.find((s) => s.name === 'Water Heater Flush')).toMatchObject({ duration: 45, price: '0.00', isActive: false });

    await db().insert(vendors).values([
      { organizationId: orgId, name: 'Ace Supply', email: 'Orders@Ace.example.com' },
      { organizationId: orgId, name: 'Bolt Depot' },
    ]);
    const ven = await uploadImport(
      t,
      admin,
      'vendors',
      csv([['Vendor', 'Email', 'Street Address', 'City', 'State', 'Zip', 'Terms'], ['Ace Supply Co', 'orders@ace.example.com', '1 Main St', 'Austin', 'TX', '78701', 'Net 60'], ['BOLT DEPOT', '', '', '', '', '', 'COD'], ['New Vendor', 'new@vendor.example.com', '', '', '', '', '']]),
    );
    const vp = await preview(admin, ven, 'update');
    expect(vp.outcome).toEqual({ create: 1, update: 2, skip: 0 });
    expect((await runImportCall(t, admin, ven, 'update')).json()).toMatchObject({ created: 1, updated: 2 });
    const vs = await db().select().from(vendors).where(eq(vendors.organizationId, orgId));
    expect(vs.find((v) => v.name === 'Ace Supply Co')).toMatchObject({ address: '1 Main St, Austin, TX 78701', paymentTerms: 'net60' });
    expect(vs.find((v) => v.name === 'BOLT DEPOT')).toMatchObject({ paymentTerms: 'cash_on_delivery' });
  });
});

describe('the import itself', () => {
  it('streams its progress as NDJSON, writes one audit entry, keeps the figures and clears the file', async () => {
    const rows = [['Name', 'Email']];
    for (let i = 0; i < 2500; i++) rows.push([`Stream ${i}`, `stream${i}@example.com`]);
    const imp = await uploadImport(t, admin, 'customers', csv(rows));
    const scope = tenantScope({ isSuperUser: false, organizationId: orgId } as RequestContext);
    const figuresBefore = (await readOrganizationFigures(db(), scope)).customers;
    const res = await runImportCall(t, admin, imp, 'skip', { accept: 'application/x-ndjson' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines: ImportRunLine[] = res.body.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.type === 'progress')).toEqual([
      { type: 'progress', done: 0, total: 2500 },
      { type: 'progress', done: 1000, total: 2500 },
      { type: 'progress', done: 2000, total: 2500 },
      { type: 'progress', done: 2500, total: 2500 },
    ]);
    expect(lines.at(-1)).toMatchObject({ type: 'result', import: { status: 'completed', created: 2500 } });
    expect((await readOrganizationFigures(db(), scope)).customers).toBe(figuresBefore + 2500);
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.entityType, 'import'), eq(auditLog.entityId, imp.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'import.completed', organizationId: orgId, details: { kind: 'customers', created: 2500, updated: 0, skipped: 0 } });
    const [row] = await db().select({ data: imports.data, completedAt: imports.completedAt }).from(imports).where(eq(imports.id, imp.id));
    expect(row.data).toBeNull();
    expect(row.completedAt).not.toBeNull();
    // Done is done.
    expect((await runImportCall(t, admin, imp)).statusCode).toBe(409);
    expect((await t.call({ method: 'POST', url: `/api/imports/${imp.id}/preview`, cookie: admin, payload: { mapping: imp.mapping, duplicates: 'skip' } })).statusCode).toBe(409);
  });

  it('a refusal before writing is an ordinary error answer, streamed or not', async () => {
    const imp = await uploadImport(t, admin, 'customers', csv([['Name', 'Email'], ['X', 'bad']]));
    const res = await runImportCall(t, admin, imp, 'skip', { accept: 'application/x-ndjson' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('two runs of one import at once import it once', async () => {
    const rows = [['Name', 'Email']];
    for (let i = 0; i < 1500; i++) rows.push([`Twice ${i}`, `twice${i}@example.com`]);
    const imp = await uploadImport(t, admin, 'customers', csv(rows));
    const before = await customerCount();
    // On PostgreSQL these run at once on two connections: the second finds the row locked (NOWAIT) or done.
    const answers = await Promise.all([runImportCall(t, admin, imp), runImportCall(t, admin, imp), runImportCall(t, admin, imp)]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message)).toEqual(expect.arrayContaining([expect.stringMatching(/^This import is already (running|done)$/)]));
    expect(await customerCount()).toBe(before + 1500);
  });

  it('lists recent imports with who and what came of them', async () => {
    const res = await t.call({ url: '/api/imports?kind=customers&limit=5', cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(3);
    expect(res.json()).toHaveLength(5);
    expect(res.json()[0]).toMatchObject({ kind: 'customers', createdBy: adminName });
    const named = await t.call({ url: '/api/imports?q=bad.csv&sort=fileName', cookie: admin });
    expect(named.json().map((i: { fileName: string }) => i.fileName)).toEqual(['bad.csv']);
    expect((await t.call({ url: '/api/imports?sort=size', cookie: admin })).statusCode).toBe(400);
  });
});

describe('an upload left without an import', () => {
  it('gives its file back after a day and says it expired', async () => {
    const imp = await uploadImport(t, admin, 'customers', csv([['Name'], ['Left Behind']]));
    const fresh = await uploadImport(t, admin, 'customers', csv([['Name'], ['Still Fresh']]));
    await db().update(imports).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(imports.id, imp.id));
    expect(await clearAbandonedImports(db())).toBeGreaterThanOrEqual(1);
    const [row] = await db().select({ status: imports.status, data: imports.data, error: imports.error }).from(imports).where(eq(imports.id, imp.id));
    expect(row).toEqual({ status: 'failed', data: null, error: 'This upload has expired: upload the file again' });
    const res = await runImportCall(t, admin, imp);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This upload has expired: upload the file again');
    expect((await db().select({ data: imports.data }).from(imports).where(eq(imports.id, fresh.id)))[0].data).not.toBeNull();
  });
});

describe('XLSX', () => {
  it('reads the first worksheet: numbers, dates, yes/no cells and title lines above the header', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Customer Contact List');
    ws.addRow(['Customer Contact List']);
    ws.addRow(['Import Co']);
    ws.addRow([]);
    ws.addRow(['Display Name as', 'Email', 'Phone', 'Billing ZIP', 'Tax Exempt', 'Credit Limit']);
    ws.addRow(['Xavier Lopez', { text: 'xavier@example.com', hyperlink: 'mailto:xavier@example.com' }, 5551234567, 62704, true, 1500.5]);
    ws.addRow([{ richText: [{ text: 'Rich ' }, { text: 'Text', font: { bold: true } }] }, 'rich@example.com', null, '02134', 'No', null]);
    wb.addWorksheet('Ignored').addRow(['Name', 'Email']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const imp = await uploadImport(t, admin, 'customers', bytes, 'contacts.xlsx');
    expect(imp.columns).toEqual(['Display Name as', 'Email', 'Phone', 'Billing ZIP', 'Tax Exempt', 'Credit Limit']);
    expect(imp.rowCount).toBe(2);
    const p = await preview(admin, imp);
    expect(p.problems).toEqual([]);
    expect(p.rows.map((r) => r.row)).toEqual([5, 6]);
    expect((await runImportCall(t, admin, imp)).json()).toMatchObject({ created: 2 });
    expect(await customerByEmail('xavier@example.com')).toMatchObject({ name: 'Xavier Lopez', phone: '5551234567', zip: '62704', taxExempt: true, creditLimit: '1500.50' });
    expect(await customerByEmail('rich@example.com')).toMatchObject({ name: 'Rich Text', zip: '02134', taxExempt: false });
  });
});

describe('limits', () => {
  it('413 for a file over 20 MB while it streams in', async () => {
    const res = await postImportFile(t, admin, { kind: 'customers', data: Buffer.alloc(20 * 1024 * 1024 + 10, 'a') });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than 20 MB');
  });

  it('415 for what is no CSV or XLSX, whatever its name', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const res = await postImportFile(t, admin, { kind: 'customers', data: png, fileName: 'customers.csv' });
    expect(res.statusCode).toBe(415);
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
    const old = await postImportFile(t, admin, { kind: 'customers', data: xls, fileName: 'customers.xls' });
    expect(old.statusCode).toBe(415);
    expect(old.json().message).toBe('Save the spreadsheet as .xlsx or .csv first: the old .xls format is not read');
    const json = await t.call({ method: 'POST', url: '/api/imports', cookie: admin, payload: { kind: 'customers' } });
    expect(json.statusCode).toBe(415);
  });

  it('400 beyond 50,000 rows, naming the limit; a file without rows or a kind', async () => {
    const big = `Name\n${'Someone\n'.repeat(50_001)}`;
    const res = await postImportFile(t, admin, { kind: 'customers', data: big });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file has more than 50,000 rows: split it into files of at most 50,000 rows');
    expect((await postImportFile(t, admin, { kind: 'customers', data: 'Name,Email\n' })).json().message).toBe('The file has no rows below its header');
    const noKind = await postImportFile(t, admin, { kind: 'people', data: 'Name\nAnn\n' });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().issues).toEqual([{ path: 'kind', message: 'Choose what to import: customers, inventory items, services or vendors' }]);
  });
});

describe('who may import', () => {
  it('takes the permission that creates the records: an employee cannot, a manager imports customers but not inventory', async () => {
    const data = csv([['Name'], ['Ann']]);
    expect((await postImportFile(t, employee, { kind: 'customers', data })).statusCode).toBe(403);
    expect((await t.call({ url: '/api/imports', cookie: employee })).statusCode).toBe(403);
    expect((await postImportFile(t, manager, { kind: 'customers', data })).statusCode).toBe(201);
    expect((await postImportFile(t, manager, { kind: 'inventory_items', data })).statusCode).toBe(403);
    const adminsInventory = await uploadImport(t, admin, 'inventory_items', data);
    expect((await t.call({ url: `/api/imports/${adminsInventory.id}`, cookie: manager })).statusCode).toBe(403);
    expect((await t.call({ url: '/api/imports?kind=inventory_items', cookie: manager })).json()).toEqual([]);
  });

  it('a super user names the organization the records go to', async () => {
    const superUser = await t.cookieFor((await t.createUser({ role: 'super_user' })).id);
    const data = csv([['Name', 'Email'], ['Chosen Org', 'chosen.org@example.com']]);
    const none = await postImportFile(t, superUser, { kind: 'customers', data });
    expect(none.statusCode).toBe(400);
    expect(none.json().issues).toEqual([{ path: 'organizationId', message: 'Organization is required' }]);
    const res = await postImportFile(t, superUser, { kind: 'customers', data, organizationId: orgId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().organizationId).toBe(orgId);
    expect((await runImportCall(t, superUser, res.json())).json()).toMatchObject({ created: 1 });
    expect(await customerByEmail('chosen.org@example.com')).toMatchObject({ organizationId: orgId });
  });

  it("another organization's import is not found", async () => {
    const other = (await t.createOrganization()).id;
    const otherAdmin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: other })).id);
    const imp = await uploadImport(t, admin, 'customers', csv([['Name'], ['Ann']]));
    expect((await t.call({ url: `/api/imports/${imp.id}`, cookie: otherAdmin })).statusCode).toBe(404);
    expect((await runImportCall(t, otherAdmin, imp)).statusCode).toBe(404);
  });
});
