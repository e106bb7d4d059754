import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organizations, scheduleSettings } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let orgA: typeof organizations.$inferSelect;
let orgB: typeof organizations.$inferSelect;
let adminA: string;
let employeeA: string;
let adminB: string;
let superUser: string;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await t.createOrganization({ name: 'Alpha Plumbing', bankAccount: '000123456789', taxId: '12-3456789', processorConfig: { secretKey: 'sk_live_secret' } });
  orgB = await t.createOrganization({ name: 'Beta Cleaning' });
  const as = async (role: string, organizationId: number | null) => t.cookieFor((await t.createUser({ role, organizationId })).id);
  adminA = await as('org_admin', orgA.id);
  employeeA = await as('employee', orgA.id);
  adminB = await as('org_admin', orgB.id);
  superUser = await as('super_user', null);
});
afterAll(async () => {
  await t?.close();
});

const list = (cookie: string) => t.call({ url: '/api/organizations', cookie });
const create = (payload: unknown, cookie = superUser) => t.call({ method: 'POST', url: '/api/organizations', cookie, payload: payload as object });
const update = (id: number, payload: unknown, cookie = adminA) => t.call({ method: 'PUT', url: `/api/organizations/${id}`, cookie, payload: payload as object });
const stored = async (id: number) => (await t.database.db.select().from(organizations).where(eq(organizations.id, id)))[0];

async function issuesOf(res: Awaited<ReturnType<typeof create>>) {
  expect(res.statusCode, res.body).toBe(400);
  return res.json().issues as { path: string; message: string }[];
}

describe('listing organizations', () => {
  it("an org admin sees only their own, with the bank account masked and processor settings never", async () => {
    const res = await list(adminA);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.map((o: { id: number }) => o.id)).toEqual([orgA.id]);
    expect(rows[0]).toMatchObject({ name: 'Alpha Plumbing', bankAccount: '••••6789', taxId: '12-3456789', paymentLink: null, notes: null });
    expect(res.body).not.toContain('000123456789');
    expect(res.body).not.toContain('sk_live_secret');
    expect(rows[0]).not.toHaveProperty('processorConfig');
    expect((await list(adminB)).json().map((o: { id: number }) => o.id)).toEqual([orgB.id]);
  });

  it('staff without manage_organization see the summary only', async () => {
    const rows = (await list(employeeA)).json();
    expect(rows.map((o: { id: number }) => o.id)).toEqual([orgA.id]);
    for (const k of ['bankAccount', 'bankRouting', 'taxId', 'paymentLink', 'notes', 'processorConfig']) expect(rows[0]).not.toHaveProperty(k);
    expect(rows[0]).toMatchObject({ name: 'Alpha Plumbing', slug: orgA.slug });
  });

  it('a super user sees every organization, sorted by name', async () => {
    const rows = (await list(superUser)).json() as { id: number; name: string }[];
    expect(rows.map((o) => o.id)).toEqual(expect.arrayContaining([orgA.id, orgB.id]));
    const names = rows.map((o) => o.name);
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  });
});

describe('creating organizations', () => {
  it('a super user creates one with every field; 201 with the bank account masked; audited', async () => {
    const res = await create({
      name: '  Gamma Dental ',
      slug: 'gamma-dental',
      industry: 'Healthcare',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      phone: '5551234567',
      email: 'Front@Gamma.example',
      website: 'https://gamma.example',
      paymentLink: 'https://pay.example/gamma',
      bankAccount: '1234 5678 9012',
      bankRouting: '021000021',
      taxId: '98-7654321',
      notes: 'Opens at 8',
      labelOverrides: { customers: 'Smiles', workOrders: '  ', invoices: '' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Gamma Dental',
      slug: 'gamma-dental',
      industry: 'Healthcare',
      logo: null,
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      phone: '5551234567',
      email: 'front@gamma.example',
      website: 'https://gamma.example',
      paymentLink: 'https://pay.example/gamma',
      bankAccount: '••••9012',
      bankRouting: '021000021',
      taxId: '98-7654321',
      notes: 'Opens at 8',
      labelOverrides: { customers: 'Smiles' },
      createdAt: expect.stringMatching(/Z$/),
    });
    const row = await stored(body.id);
    expect(row.bankAccount).toBe('123456789012');
    // Its public pages work at once, the booking page with the default weekday schedule.
    expect((await t.call({ url: '/api/public/organization-by-slug/gamma-dental' })).statusCode).toBe(200);
    const booking = await t.call({ url: '/api/public/schedule-by-slug/gamma-dental' });
    expect(booking.statusCode).toBe(200);
    expect(booking.json().settings).toMatchObject({ mondayEnabled: true, saturdayEnabled: false });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'organization.create'), eq(auditLog.entityId, body.id)));
    expect(audit.details).toMatchObject({ name: 'Gamma Dental', slug: 'gamma-dental' });
    expect(JSON.stringify(audit.details)).not.toContain('123456789012');
  });

  it('an org admin may not create organizations (403), and nothing is stored', async () => {
    const res = await create({ name: 'Sneaky Org', slug: 'sneaky-org' }, adminA);
    expect(res.statusCode).toBe(403);
    expect((await t.database.db.select().from(organizations).where(eq(organizations.slug, 'sneaky-org'))).length).toBe(0);
  });

  it('makes the slug from the name when it is blank, unique with a suffix', async () => {
    const first = await create({ name: "Zoë's Plumbing & Heating" });
    const second = await create({ name: "Zoë's Plumbing & Heating", slug: '' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(first.json().slug).toBe('zoes-plumbing-heating');
    expect(second.json().slug).toBe('zoes-plumbing-heating-2');
    const long = await create({ name: 'A'.repeat(60) });
    expect(long.json().slug).toBe('a'.repeat(50));
    const longAgain = await create({ name: 'A'.repeat(60) });
    expect(longAgain.json().slug).toBe(`${'a'.repeat(48)}-2`);
    const symbols = await create({ name: '!!!' });
    expect(symbols.json().slug).toMatch(/^organization(-\d+)?$/);
  });

  it('refuses a taken slug with 409 and a clear message', async () => {
    const res = await create({ name: 'Copycat', slug: orgA.slug });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: 'This slug is already in use' });
  });

  it('checks name, email, slug, industry and bank account', async () => {
    expect(await issuesOf(await create({}))).toContainEqual({ path: 'name', message: 'Name is required' });
    expect(await issuesOf(await create({ name: '   ' }))).toContainEqual({ path: 'name', message: 'Name is required' });
    expect(await issuesOf(await create({ name: 'X', email: 'not-an-email' }))).toContainEqual({ path: 'email', message: 'Invalid email address' });
    for (const slug of ['Upper-Case', 'has space', 'double--hyphen', '-leading', 'trailing-', 'junk!', 'a'.repeat(51), '../etc']) {
      const issues = await issuesOf(await create({ name: 'X', slug }));
      expect(issues.map((i) => i.path), slug).toContain('slug');
    }
    expect(await issuesOf(await create({ name: 'X', industry: 'Astrology' }))).toEqual([{ path: 'industry', message: 'Please choose an industry from the list' }]);
    expect(await issuesOf(await create({ name: 'X', industry: 'Default' }))).toEqual([{ path: 'industry', message: 'Please choose an industry from the list' }]);
    expect((await issuesOf(await create({ name: 'X', bankAccount: '12' }))).map((i) => i.path)).toEqual(['bankAccount']);
  });

  it('accepts an empty email and no industry', async () => {
    const res = await create({ name: 'Plain Org', email: '', industry: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: null, industry: null, slug: 'plain-org' });
  });
});

describe('updating organizations', () => {
  it('an org admin edits their own; left-out fields stay; audited with field names only', async () => {
    const res = await update(orgA.id, { phone: '5550001111', notes: 'Gate code 1234' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: orgA.id, name: 'Alpha Plumbing', phone: '5550001111', notes: 'Gate code 1234', bankAccount: '••••6789', taxId: '12-3456789' });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'organization.update'), eq(auditLog.entityId, orgA.id)));
    expect(audit.details).toEqual({ fields: ['phone', 'notes'] });
  });

  it("another organization's id is 404 for an org admin and nothing changes", async () => {
    const res = await update(orgB.id, { name: 'Taken over' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Organization not found' });
    expect((await stored(orgB.id)).name).toBe('Beta Cleaning');
  });

  it('a super user edits any organization', async () => {
    const res = await update(orgB.id, { website: 'beta.example' }, superUser);
    expect(res.statusCode).toBe(200);
    expect((await stored(orgB.id)).website).toBe('beta.example');
  });

  it('employees may not edit (403)', async () => {
    expect((await update(orgA.id, { name: 'Mine now' }, employeeA)).statusCode).toBe(403);
  });

  it('keeps the stored bank account when it is left out or sent back masked; replaces or clears it on request', async () => {
    expect((await update(orgA.id, { bankAccount: '••••6789', name: 'Alpha Plumbing' })).json().bankAccount).toBe('••••6789');
    expect((await stored(orgA.id)).bankAccount).toBe('000123456789');
    const replaced = await update(orgA.id, { bankAccount: '9876-5432-1000' });
    expect(replaced.json().bankAccount).toBe('••••1000');
    expect((await stored(orgA.id)).bankAccount).toBe('987654321000');
    expect(replaced.body).not.toContain('987654321000');
    expect((await update(orgA.id, { bankAccount: '' })).json().bankAccount).toBeNull();
    expect((await stored(orgA.id)).bankAccount).toBeNull();
    await update(orgA.id, { bankAccount: '000123456789' });
  });

  it('keeps an industry no longer offered, but does not accept a new unknown one', async () => {
    const legacy = await t.createOrganization({ industry: 'Plumbing (old list)' });
    const admin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: legacy.id })).id);
    expect((await update(legacy.id, { industry: 'Plumbing (old list)', name: 'Still here' }, admin)).statusCode).toBe(200);
    expect((await update(legacy.id, { industry: 'Astrology' }, admin)).statusCode).toBe(400);
    expect((await update(legacy.id, { industry: 'Automotive' }, admin)).json().industry).toBe('Automotive');
  });

  it('a new slug moves the public pages at once; a taken one is 409', async () => {
    const before = orgA.slug!;
    await t.database.db.insert(scheduleSettings).values({ organizationId: orgA.id, scheduleToken: `token-${orgA.id}` });
    expect((await t.call({ url: `/api/public/organization-by-slug/${before}` })).statusCode).toBe(200);
    const res = await update(orgA.id, { slug: 'alpha-plumbing-co' });
    expect(res.statusCode).toBe(200);
    expect((await t.call({ url: '/api/public/organization-by-slug/alpha-plumbing-co' })).json()).toMatchObject({ id: orgA.id, slug: 'alpha-plumbing-co' });
    expect((await t.call({ url: `/api/public/organization-by-slug/${before}` })).statusCode).toBe(404);
    expect((await t.call({ url: '/api/public/schedule-by-slug/alpha-plumbing-co' })).statusCode).toBe(200);
    expect((await t.call({ url: `/api/public/schedule-by-slug/${before}` })).statusCode).toBe(404);
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'organization.update'), eq(auditLog.entityId, orgA.id))).orderBy(auditLog.id);
    expect(audits.at(-1)!.details).toEqual({ fields: ['slug'], slug: { from: before, to: 'alpha-plumbing-co' } });

    const taken = await update(orgA.id, { slug: orgB.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'CONFLICT', message: 'This slug is already in use' });
    expect((await stored(orgA.id)).slug).toBe('alpha-plumbing-co');
    // Its own slug is not "taken".
    expect((await update(orgA.id, { slug: 'alpha-plumbing-co' })).statusCode).toBe(200);
    // A cleared slug is made again from the name.
    expect((await update(orgA.id, { slug: '' })).json().slug).toBe('alpha-plumbing');
  });

  it('label overrides reach the public page and the signed-in session; blanks fall back to the industry', async () => {
    const res = await update(orgA.id, { labelOverrides: { customers: 'Homeowners', workOrders: '', inventory: ' Van Stock ' } });
    expect(res.json().labelOverrides).toEqual({ customers: 'Homeowners', inventory: 'Van Stock' });
    const slug = res.json().slug;
    expect((await t.call({ url: `/api/public/organization-by-slug/${slug}` })).json().labelOverrides).toEqual({ customers: 'Homeowners', inventory: 'Van Stock' });
    expect((await t.call({ url: '/api/auth/me', cookie: adminA })).json().organization.labelOverrides).toEqual({ customers: 'Homeowners', inventory: 'Van Stock' });
    expect((await update(orgA.id, { labelOverrides: { customers: '' } })).json().labelOverrides).toBeNull();
  });

  it('validates like create: name may not be blanked, email must be valid', async () => {
    expect(await issuesOf(await update(orgA.id, { name: '' }))).toContainEqual({ path: 'name', message: 'Name is required' });
    expect(await issuesOf(await update(orgA.id, { email: 'x@' }))).toContainEqual({ path: 'email', message: 'Invalid email address' });
    expect((await update(orgA.id, { email: '' })).json().email).toBeNull();
  });
});
