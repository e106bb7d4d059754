import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let manager: string;
let employee: string;
let portalCustomer: string;
let managerB: string;
let superUser: string;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await t.createOrganization();
  orgB = await t.createOrganization();
  const as = async (role: string, organizationId: number | null) => t.cookieFor((await t.createUser({ role, organizationId })).id);
  manager = await as('manager', orgA.id);
  employee = await as('employee', orgA.id);
  portalCustomer = await as('customer', orgA.id);
  managerB = await as('manager', orgB.id);
  superUser = await as('super_user', null);
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, cookie = manager) => t.call({ method: 'POST', url: '/api/customers', cookie, payload: payload as object });
const put = (id: number, payload: unknown, cookie = manager) => t.call({ method: 'PUT', url: `/api/customers/${id}`, cookie, payload: payload as object });
const get = (url: string, cookie = manager) => t.call({ url, cookie });
/** The single issue of a 400 answer. */
async function issueOf(payload: unknown) {
  const res = await post({ name: 'Valid Name', ...(payload as object) });
  expect(res.statusCode, JSON.stringify(payload)).toBe(400);
  return res.json().issues[0] as { path: string; message: string };
}

describe('creating and reading customers', () => {
  it('creates a customer with every field and answers 201 with the record', async () => {
    const res = await post({
      name: '  Ada Lovelace  ',
      email: 'Ada@Example.COM ',
      phone: '(555) 333-1234',
      address: '12 Analytical Way',
      city: 'London',
      state: 'IL',
      zip: '60601',
      companyName: 'Engines Ltd',
      notes: 'Prefers mornings',
      creditLimit: 1500.5,
      paymentTerms: 'net45',
      preferredPaymentMethod: 'bank_transfer',
      portalAccessEnabled: false,
      autoPayEnabled: true,
      taxExempt: true,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      organizationId: orgA.id,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '5553331234',
      address: '12 Analytical Way',
      city: 'London',
      state: 'IL',
      zip: '60601',
      companyName: 'Engines Ltd',
      notes: 'Prefers mornings',
      creditLimit: '1500.50',
      paymentTerms: 'net45',
      preferredPaymentMethod: 'bank_transfer',
      stripeCustomerId: null,
      portalAccessEnabled: false,
      autoPayEnabled: true,
      taxExempt: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updatedAt: expect.any(String),
    });
    const again = await get(`/api/customers/${body.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
  });

  it('applies the defaults and turns blanks into null', async () => {
    const res = await post({ name: 'Blank Fields', email: '', phone: '', zip: '', city: '  ', creditLimit: '', preferredPaymentMethod: '', notes: null });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: null,
      phone: null,
      zip: null,
      city: null,
      notes: null,
      creditLimit: null,
      paymentTerms: 'net30',
      preferredPaymentMethod: null,
      portalAccessEnabled: true,
      autoPayEnabled: false,
    });
    const nullLimit = await post({ name: 'Null Limit', creditLimit: null });
    expect(nullLimit.json().creditLimit).toBeNull();
    const stringLimit = await post({ name: 'String Limit', creditLimit: '99999999.99' });
    expect(stringLimit.json().creditLimit).toBe('99999999.99');
    const zero = await post({ name: 'Zero Limit', creditLimit: 0 });
    expect(zero.json().creditLimit).toBe('0.00');
  });

  it('answers 400 with the form messages', async () => {
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Name is required', issues: [{ path: 'name', message: 'Name is required' }] });
    expect((await post({ name: '   ' })).json().issues).toEqual([{ path: 'name', message: 'Name is required' }]);
    expect(await issueOf({ name: 'x'.repeat(201) })).toEqual({ path: 'name', message: 'Name must be at most 200 characters' });
    expect(await issueOf({ email: 'not-an-email' })).toEqual({ path: 'email', message: 'Please enter a valid email address' });
    expect(await issueOf({ phone: '+1 (555) 333-1234' })).toEqual({ path: 'phone', message: 'Phone must be at most 10 digits' });
    expect(await issueOf({ zip: '123456' })).toEqual({ path: 'zip', message: 'ZIP code must be digits only, at most 5' });
    expect(await issueOf({ zip: '12a45' })).toEqual({ path: 'zip', message: 'ZIP code must be digits only, at most 5' });
    expect(await issueOf({ notes: 'n'.repeat(10_001) })).toEqual({ path: 'notes', message: 'Notes must be at most 10,000 characters' });
    expect(await issueOf({ creditLimit: '-1' })).toEqual({ path: 'creditLimit', message: 'Credit limit cannot be negative' });
    expect(await issueOf({ creditLimit: -5 })).toEqual({ path: 'creditLimit', message: 'Credit limit cannot be negative' });
    expect(await issueOf({ creditLimit: 'lots' })).toEqual({ path: 'creditLimit', message: 'Credit limit must be a number' });
    expect(await issueOf({ creditLimit: true })).toEqual({ path: 'creditLimit', message: 'Credit limit must be a number' });
    expect(await issueOf({ creditLimit: '12.345' })).toEqual({ path: 'creditLimit', message: 'Credit limit can have at most 2 decimal places' });
    expect(await issueOf({ creditLimit: '100000000' })).toEqual({ path: 'creditLimit', message: 'Credit limit must be at most 99,999,999.99' });
    expect(await issueOf({ creditLimit: 1e21 })).toEqual({ path: 'creditLimit', message: 'Credit limit must be a number' });
    expect(await issueOf({ paymentTerms: 'net90' })).toEqual({ path: 'paymentTerms', message: 'Please choose valid payment terms' });
    expect(await issueOf({ preferredPaymentMethod: 'bitcoin' })).toEqual({ path: 'preferredPaymentMethod', message: 'Please choose a valid payment method' });
    expect(await issueOf({ portalAccessEnabled: 'yes' })).toEqual({ path: 'portalAccessEnabled', message: 'Must be true or false' });
  });

  it('accepts the longest values the rules allow', async () => {
    const res = await post({ name: 'n'.repeat(200), phone: '12345678901'.slice(0, 10), zip: '00501', notes: 'n'.repeat(10_000) });
    expect(res.statusCode).toBe(201);
    expect(res.json().zip).toBe('00501');
  });
});

describe('updating customers', () => {
  it('changes only the fields sent and keeps the rest', async () => {
    const created = (await post({ name: 'Grace Hopper', email: 'grace@example.com', phone: '5551112222', creditLimit: '250', paymentTerms: 'net15' })).json();
    const res = await put(created.id, { notes: 'Compiler pioneer', phone: '555-111-3333' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      phone: '5551113333',
      notes: 'Compiler pioneer',
      creditLimit: '250.00',
      paymentTerms: 'net15',
    });
    const cleared = await put(created.id, { email: '', creditLimit: null, preferredPaymentMethod: null });
    expect(cleared.json()).toMatchObject({ email: null, creditLimit: null, preferredPaymentMethod: null, name: 'Grace Hopper' });
    const unchanged = await put(created.id, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().notes).toBe('Compiler pioneer');
  });

  it('sends the same fields as create, with the same rules', async () => {
    const created = (await post({ name: 'Same Fields' })).json();
    const full = await put(created.id, { name: 'Same Fields Ltd', email: 'a@b.co', phone: '', zip: '12345', creditLimit: '10.10', paymentTerms: 'due_on_receipt', autoPayEnabled: true });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ name: 'Same Fields Ltd', zip: '12345', creditLimit: '10.10', paymentTerms: 'due_on_receipt', autoPayEnabled: true });
    const blankName = await put(created.id, { name: '' });
    expect(blankName.statusCode).toBe(400);
    expect(blankName.json().issues).toEqual([{ path: 'name', message: 'Name is required' }]);
    expect((await put(created.id, { phone: '12345678901' })).statusCode).toBe(400);
  });

  it('never moves a customer to another organization', async () => {
    const created = (await post({ name: 'Stays Put' })).json();
    const res = await put(created.id, { organizationId: orgB.id, name: 'Stays Put 2' }, superUser);
    expect(res.statusCode).toBe(200);
    expect(res.json().organizationId).toBe(orgA.id);
  });

  it('answers 404 for a missing customer', async () => {
    expect((await put(2_000_000, { name: 'Nobody' })).statusCode).toBe(404);
    expect((await get('/api/customers/2000000')).json()).toEqual({ code: 'NOT_FOUND', message: 'Customer not found' });
    expect((await get('/api/customers/abc')).statusCode).toBe(400);
  });
});

describe('the customers list', () => {
  let org: { id: number };
  let admin: string;
  beforeAll(async () => {
    org = await t.createOrganization();
    admin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
    const rows = [
      { name: 'Charlie Brown', email: 'charlie@peanuts.com', phone: '5553331234', city: 'Springfield', state: 'IL', zip: '62701' },
      { name: 'alice Walker', companyName: 'Purple Co', address: '1 Color St', notes: 'Gate code 4471' },
      { name: 'Bob Marley', email: 'bob@reggae.org', city: 'Kingston', phone: '8765550000' },
      { name: 'Dora 100% Explorer', notes: 'percent in name' },
      { name: 'Eve_Underscore' },
    ];
    for (const r of rows) await t.database.db.insert(customers).values({ organizationId: org.id, ...r });
  });
  const names = (res: { json: () => { name: string }[] }) => res.json().map((c) => c.name);

  it('is ordered by name and carries X-Total-Count', async () => {
    const res = await get('/api/customers', admin);
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['alice Walker', 'Bob Marley', 'Charlie Brown', 'Dora 100% Explorer', 'Eve_Underscore']);
    expect(res.headers['x-total-count']).toBe('5');
  });

  it('pages with limit and offset, the total staying the full count', async () => {
    const res = await get('/api/customers?limit=2&offset=2', admin);
    expect(names(res)).toEqual(['Charlie Brown', 'Dora 100% Explorer']);
    expect(res.headers['x-total-count']).toBe('5');
    const past = await get('/api/customers?limit=2&offset=50', admin);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
    expect((await get('/api/customers?limit=0', admin)).statusCode).toBe(400);
    expect((await get('/api/customers?limit=501', admin)).statusCode).toBe(400);
  });

  it('pages a search and the reverse name order as the whole list orders them (ids first, then rows)', async () => {
    const all = names(await get('/api/customers', admin));
    const withE = all.filter((n) => n.toLowerCase().includes('e'));
    const pages = [];
    for (let offset = 0; offset < withE.length; offset += 2) pages.push(...names(await get(`/api/customers?q=e&limit=2&offset=${offset}`, admin)));
    expect(pages).toEqual(withE);
    // The total is counted with the page; a page past the last match still says how many there are.
    const first = await get('/api/customers?q=e&limit=2', admin);
    expect(first.headers['x-total-count']).toBe(String(withE.length));
    const past = await get('/api/customers?q=e&limit=2&offset=50', admin);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(withE.length));
    expect((await get('/api/customers?q=nobody-here&limit=2', admin)).headers['x-total-count']).toBe('0');
    expect(names(await get('/api/customers?sort=-name&limit=2&offset=1', admin))).toEqual([...all].reverse().slice(1, 3));
    expect(names(await get('/api/customers?q=e&sort=-name&limit=2&offset=1', admin))).toEqual([...withE].reverse().slice(1, 3));
  });

  it('walks the list by cursor in name order, both ways, through ties of case and of whole names', async () => {
    const own = await t.createOrganization();
    const cookie = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: own.id })).id);
    const given = ['Ann Lee', 'ann lee', 'Ann Lee', 'Zed', 'bob', 'Bob', 'Émile', 'carl', 'Dee', 'ann Lee', 'Ann Lee'];
    for (const name of given) await t.database.db.insert(customers).values({ organizationId: own.id, name });
    for (const sort of ['', '&sort=name', '&sort=-name']) {
      const whole = (await get(`/api/customers?limit=500${sort}`, cookie)).json().map((c: { id: number }) => c.id);
      const walked: number[] = [];
      let url = `/api/customers?limit=3${sort}`;
      for (let n = 0; n < 10; n++) {
        const res = await get(url, cookie);
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-total-count']).toBe(String(given.length));
        walked.push(...res.json().map((c: { id: number }) => c.id));
        const next = res.headers['x-next-cursor'];
        // A full page says where the next starts; the last, short one does not.
        expect(typeof next === 'string', `page ${n}${sort}`).toBe(res.json().length === 3);
        if (typeof next !== 'string') break;
        url = `/api/customers?limit=3${sort}&after=${encodeURIComponent(next)}`;
      }
      expect(walked, sort).toEqual(whole);
    }
  });

  it('refuses a cursor it did not give, and a cursor with a search, an offset or another sort', async () => {
    const first = await get('/api/customers?limit=2', admin);
    const cursor = encodeURIComponent(String(first.headers['x-next-cursor']));
    const issue = async (query: string) => {
      const res = await get(`/api/customers?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      return res.json().issues[0];
    };
    expect(await issue('after=not-a-cursor')).toEqual({ path: 'after', message: 'Not a cursor this list gave' });
    expect(await issue(`after=${Buffer.from('["a",1]').toString('base64url')}`)).toEqual({ path: 'after', message: 'Not a cursor this list gave' });
    expect(await issue(`after=${cursor}&q=e`)).toEqual({ path: 'after', message: 'A search pages by offset, not by cursor' });
    expect(await issue(`after=${cursor}&offset=2`)).toEqual({ path: 'after', message: 'Give after or offset, not both' });
    expect(await issue(`after=${cursor}&sort=email`)).toEqual({ path: 'after', message: 'Only the list in name order pages by cursor' });
    // Another organization's manager walking from this cursor sees only their own customers.
    const theirs = await get(`/api/customers?after=${cursor}`, managerB);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().every((c: { organizationId: number }) => c.organizationId === orgB.id)).toBe(true);
  });

  it('list rows are exactly the single-customer response (ids, decimals, booleans, instants)', async () => {
    const created = (
      await t.call({ method: 'POST', url: '/api/customers', cookie: admin, payload: { name: 'Aaron Exact', creditLimit: '1234.50', email: 'aaron@example.com', zip: '62701' } })
    ).json();
    const listed = (await get('/api/customers?q=aaron%20exact', admin)).json();
    const one = (await get(`/api/customers/${created.id}`, admin)).json();
    expect(listed).toEqual([one]);
    expect(one.creditLimit).toBe('1234.50');
    expect(one.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await t.database.db.delete(customers).where(eq(customers.id, created.id));
  });

  it('a search total follows every write through the app', async () => {
    const total = async () => (await get('/api/customers?q=walker&limit=1', admin)).headers['x-total-count'];
    expect(await total()).toBe('1');
    const created = await t.call({ method: 'POST', url: '/api/customers', cookie: admin, payload: { name: 'Jo Walker' } });
    expect(created.statusCode).toBe(201);
    expect(await total()).toBe('2');
    await t.call({ method: 'PUT', url: `/api/customers/${created.json().id}`, cookie: admin, payload: { name: 'Jo Runner' } });
    expect(await total()).toBe('1');
    await t.database.db.delete(customers).where(eq(customers.id, created.json().id));
  });

  it('sorts by an allowed column and refuses others', async () => {
    expect(names(await get('/api/customers?sort=-name', admin))[0]).toBe('Eve_Underscore');
    const bad = await get('/api/customers?sort=password', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Cannot sort by password');
  });

  it('searches name, email, phone digits, address, city, state, zip, company and notes', async () => {
    const search = async (q: string) => {
      const res = await get(`/api/customers?q=${encodeURIComponent(q)}`, admin);
      expect(res.headers['x-total-count']).toBe(String(res.json().length));
      return names(res);
    };
    expect(await search('ALICE')).toEqual(['alice Walker']);
    expect(await search('peanuts')).toEqual(['Charlie Brown']);
    expect(await search('(555) 333')).toEqual(['Charlie Brown']);
    expect(await search('876-555')).toEqual(['Bob Marley']);
    expect(await search('Color St')).toEqual(['alice Walker']);
    expect(await search('kingston')).toEqual(['Bob Marley']);
    expect(await search('62701')).toEqual(['Charlie Brown']);
    expect(await search('purple')).toEqual(['alice Walker']);
    expect(await search('gate code')).toEqual(['alice Walker']);
    expect(await search('IL')).toContain('Charlie Brown');
    expect(await search('no such person')).toEqual([]);
    // Digits inside words are text, not a phone number: no customer is found by the 33 of their phone.
    expect(await search('Walker 33')).toEqual([]);
    expect(await search('555')).toEqual(expect.arrayContaining(['Charlie Brown', 'Bob Marley']));
  });

  it('treats LIKE wildcards in the search text literally', async () => {
    expect(names(await get(`/api/customers?q=${encodeURIComponent('%')}`, admin))).toEqual(['Dora 100% Explorer']);
    expect(names(await get(`/api/customers?q=${encodeURIComponent('_')}`, admin))).toEqual(['Eve_Underscore']);
  });
});

describe('permissions and organizations', () => {
  let ownId: number;
  let otherId: number;
  beforeAll(async () => {
    ownId = (await post({ name: 'Own Org Customer' })).json().id;
    otherId = (await post({ name: 'Other Org Customer' }, managerB)).json().id;
  });

  it('lets an employee read but not create or change customers', async () => {
    expect((await get('/api/customers', employee)).statusCode).toBe(200);
    expect((await get(`/api/customers/${ownId}`, employee)).statusCode).toBe(200);
    const create = await post({ name: 'Not Allowed' }, employee);
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ code: 'FORBIDDEN', message: 'You do not have permission to do that' });
    expect((await put(ownId, { name: 'Changed' }, employee)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, ownId));
    expect(row.name).toBe('Own Org Customer');
  });

  it('refuses the customer role and anonymous callers', async () => {
    expect((await get('/api/customers', portalCustomer)).statusCode).toBe(403);
    expect((await get(`/api/customers/${ownId}`, portalCustomer)).statusCode).toBe(403);
    expect((await post({ name: 'Nope' }, portalCustomer)).statusCode).toBe(403);
    expect((await t.call({ url: '/api/customers' })).statusCode).toBe(401);
  });

  it("answers 404 for another organization's customer", async () => {
    expect((await get(`/api/customers/${otherId}`)).statusCode).toBe(404);
    expect((await put(otherId, { name: 'Mine now' })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, otherId));
    expect(row.name).toBe('Other Org Customer');
    const list = (await get('/api/customers?limit=500')).json() as { id: number }[];
    expect(list.map((c) => c.id)).toContain(ownId);
    expect(list.map((c) => c.id)).not.toContain(otherId);
  });

  it('ignores organizationId from a non-super user', async () => {
    const res = await post({ name: 'Planted', organizationId: orgB.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().organizationId).toBe(orgA.id);
  });

  it('shows a super user every organization, narrowed by organizationId', async () => {
    const all = (await get('/api/customers?limit=500', superUser)).json() as { id: number }[];
    expect(all.map((c) => c.id)).toEqual(expect.arrayContaining([ownId, otherId]));
    const onlyB = await get(`/api/customers?organizationId=${orgB.id}&limit=500`, superUser);
    expect(onlyB.json().every((c: { organizationId: number }) => c.organizationId === orgB.id)).toBe(true);
    expect(onlyB.json().map((c: { id: number }) => c.id)).toContain(otherId);
    expect((await get(`/api/customers/${otherId}`, superUser)).statusCode).toBe(200);
  });

  it('makes a super user choose an existing organization for a new customer', async () => {
    const none = await post({ name: 'Homeless' }, superUser);
    expect(none.statusCode).toBe(400);
    expect(none.json().issues).toEqual([{ path: 'organizationId', message: 'Organization is required' }]);
    const unknown = await post({ name: 'Nowhere', organizationId: 999_999 }, superUser);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([{ path: 'organizationId', message: 'Organization not found' }]);
    const wrongType = await post({ name: 'Nowhere', organizationId: true }, superUser);
    expect(wrongType.json().issues).toEqual([{ path: 'organizationId', message: 'Please choose an organization' }]);
    const res = await post({ name: 'Placed', organizationId: String(orgB.id) }, superUser);
    expect(res.statusCode).toBe(201);
    expect(res.json().organizationId).toBe(orgB.id);
    const changed = await put(res.json().id, { city: 'Madison' }, superUser);
    expect(changed.json().city).toBe('Madison');
  });
});

describe('API description', () => {
  it('documents the customer routes in the OpenAPI document', async () => {
    const res = await t.call({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/customers', '/api/customers/{id}', '/api/zip/{zip}', '/api/search', '/api/dashboard/stats']));
  });
});
