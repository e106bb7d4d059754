import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortUrls } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let orgA: { id: number };
let orgB: { id: number };
let admin: string;
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
  admin = await as('org_admin', orgA.id);
  manager = await as('manager', orgA.id);
  employee = await as('employee', orgA.id);
  portalCustomer = await as('customer', orgA.id);
  managerB = await as('manager', orgB.id);
  superUser = await as('super_user', null);
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, cookie = manager) => t.call({ method: 'POST', url: '/api/short-urls', cookie, payload: payload as object });
const put = (id: number, payload: unknown, cookie = manager) => t.call({ method: 'PUT', url: `/api/short-urls/${id}`, cookie, payload: payload as object });
const list = (cookie = manager, query = '') => t.call({ url: `/api/short-urls${query}`, cookie });
const visit = (code: string) => t.call({ url: `/s/${code}` });

async function issueOf(payload: object) {
  const res = await post({ title: 'Valid', originalUrl: 'https://example.com', ...payload });
  expect(res.statusCode, JSON.stringify(payload)).toBe(400);
  return res.json().issues[0] as { path: string; message: string };
}

describe('creating short URLs', () => {
  it('creates with a custom code and answers 201 with the record', async () => {
    const res = await post({ title: '  Spring promo ', originalUrl: 'https://example.com/spring?x=1', shortCode: 'spring-2026' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      organizationId: orgA.id,
      title: 'Spring promo',
      originalUrl: 'https://example.com/spring?x=1',
      shortCode: 'spring-2026',
      clicks: 0,
      isActive: true,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.any(String),
    });
  });

  it('generates a 7-character URL-safe code when none (or a blank one) is given', async () => {
    const a = await post({ title: 'Generated', originalUrl: 'http://example.com' });
    const b = await post({ title: 'Generated blank', originalUrl: 'http://example.com', shortCode: '  ' });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(a.json().shortCode).toMatch(/^[A-Za-z0-9_-]{7}$/);
    expect(b.json().shortCode).toMatch(/^[A-Za-z0-9_-]{7}$/);
    expect(a.json().shortCode).not.toBe(b.json().shortCode);
  });

  it('refuses a taken code with 409 and a clear message, whichever organization holds it', async () => {
    expect((await post({ title: 'First', originalUrl: 'https://example.com', shortCode: 'taken1' })).statusCode).toBe(201);
    const again = await post({ title: 'Second', originalUrl: 'https://example.com', shortCode: 'taken1' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'CONFLICT', message: 'That short code is already taken' });
    const other = await post({ title: 'Other org', originalUrl: 'https://example.com', shortCode: 'taken1' }, managerB);
    expect(other.statusCode).toBe(409);
  });

  it('requires a title', async () => {
    expect(await issueOf({ title: undefined })).toEqual({ path: 'title', message: 'Title is required' });
    expect(await issueOf({ title: '   ' })).toEqual({ path: 'title', message: 'Title is required' });
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['ftp://example.com/file'],
    ['file:///etc/passwd'],
    ['not a url'],
    ['https://'],
    ['//example.com'],
    [''],
  ])('refuses %s as the target with the documented message', async (originalUrl) => {
    expect(await issueOf({ originalUrl })).toEqual({ path: 'originalUrl', message: 'Please enter a valid URL' });
  });

  it('refuses a missing URL', async () => {
    expect(await issueOf({ originalUrl: undefined })).toEqual({ path: 'originalUrl', message: 'Please enter a valid URL' });
  });

  it.each([['ab'], ['a'.repeat(33)], ['has space'], ['slash/code'], ['ünï'], ['dot.code']])('refuses the code %s', async (shortCode) => {
    expect(await issueOf({ shortCode })).toEqual({ path: 'shortCode', message: 'Short code must be 3-32 letters, digits, - or _' });
  });

  it('accepts codes of 3 and 32 characters with - and _', async () => {
    expect((await post({ title: 'Min', originalUrl: 'https://example.com', shortCode: 'a_-' })).statusCode).toBe(201);
    expect((await post({ title: 'Max', originalUrl: 'https://example.com', shortCode: 'Z'.repeat(32) })).statusCode).toBe(201);
  });
});

describe('no redirect loops', () => {
  const app = () => new URL(t.config.appUrl);
  const refused = (res: { statusCode: number; json: () => { issues: unknown[] } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'originalUrl', message: 'A short URL cannot point to another short URL of this site' }]);
  };

  it("refuses a target that is a short link of this installation (APP_URL's origin, any spelling of /s/...)", async () => {
    const own = (await post({ title: 'Real', originalUrl: 'https://example.com/real', shortCode: 'loop-target' })).json();
    const base = app().origin;
    for (const target of [`${base}/s/loop-target`, `${base}/s/loop-self`, `${base.toUpperCase()}/s/./loop-target?x=1`, `${base}/S/loop-target`, `${base}/s/`]) {
      refused(await post({ title: 'Loop', originalUrl: target, shortCode: 'loop-self' }));
    }
    expect(await t.database.db.select().from(shortUrls).where(eq(shortUrls.shortCode, 'loop-self'))).toEqual([]);
    // Editing an existing link to point at a short link is refused the same way, and leaves it unchanged.
    refused(await put(own.id, { originalUrl: `${base}/s/loop-target` }));
    expect((await visit('loop-target')).headers.location).toBe('https://example.com/real');
  });

  it('refuses a short link on the host the request came to, even when APP_URL names another', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/short-urls',
      cookie: manager,
      headers: { host: 'tradebook.internal:8443' },
      payload: { title: 'Loop', originalUrl: 'https://tradebook.internal:8443/s/abc1234' },
    });
    refused(res);
  });

  it('accepts other pages of this installation and /s/ paths of other sites', async () => {
    const base = app().origin;
    for (const target of [`${base}/book/demo`, `${base}/shop/s/x`, 'https://other.example/s/abc', `${base}/sx/abc`]) {
      const res = await post({ title: 'Fine', originalUrl: target });
      expect(res.statusCode, target).toBe(201);
    }
  });
});

describe('the redirect', () => {
  it('answers 302 to the target and counts each click atomically', async () => {
    const created = (await post({ title: 'Go', originalUrl: 'https://example.com/landing', shortCode: 'go-here' })).json();
    const first = await visit('go-here');
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://example.com/landing');
    expect(first.headers['cache-control']).toBe('no-store');
    await Promise.all([visit('go-here'), visit('go-here'), visit('go-here')]);
    const [row] = await t.database.db.select().from(shortUrls).where(eq(shortUrls.id, created.id));
    expect(row.clicks).toBe(4);
    const listed = (await list(manager, '?q=go-here')).json();
    expect(listed[0].clicks).toBe(4);
  });

  it('answers 404 for an unknown, malformed or inactive code', async () => {
    const unknown = await visit('no-such-code');
    expect(unknown.statusCode).toBe(404);
    // A person gets a page, not an error dump.
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.body).toContain('<h1>Link not found</h1>');
    expect((await visit('x')).statusCode).toBe(404);
    const created = (await post({ title: 'Off', originalUrl: 'https://example.com', shortCode: 'switched-off' })).json();
    expect((await put(created.id, { isActive: false })).statusCode).toBe(200);
    const res = await visit('switched-off');
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
    const [row] = await t.database.db.select().from(shortUrls).where(eq(shortUrls.id, created.id));
    expect(row.clicks).toBe(0);
  });

  it('needs no sign-in', async () => {
    await post({ title: 'Anon', originalUrl: 'https://example.com/anon', shortCode: 'anon-ok' });
    const res = await t.app.inject({ url: '/s/anon-ok' });
    expect(res.statusCode).toBe(302);
  });
});

describe('editing', () => {
  it('changes title and URL but never the code', async () => {
    const created = (await post({ title: 'Edit me', originalUrl: 'https://example.com/a', shortCode: 'edit-me' })).json();
    const res = await put(created.id, { title: 'Edited', originalUrl: 'https://example.com/b', shortCode: 'stolen' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Edited', originalUrl: 'https://example.com/b', shortCode: 'edit-me' });
    expect((await visit('edit-me')).headers.location).toBe('https://example.com/b');
    expect((await visit('stolen')).statusCode).toBe(404);
  });

  it('validates like create', async () => {
    const created = (await post({ title: 'Valid', originalUrl: 'https://example.com' })).json();
    const bad = await put(created.id, { originalUrl: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual({ path: 'originalUrl', message: 'Please enter a valid URL' });
    const blank = await put(created.id, { title: '' });
    expect(blank.json().issues[0]).toEqual({ path: 'title', message: 'Title is required' });
  });

  it('answers 404 for a missing id and for another organization', async () => {
    expect((await put(999999, { title: 'x' })).statusCode).toBe(404);
    const created = (await post({ title: 'Mine', originalUrl: 'https://example.com' })).json();
    const res = await put(created.id, { title: 'Theirs' }, managerB);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Short URL not found' });
  });
});

describe('permissions and tenancy', () => {
  it('lets every staff role read, and only org admins and managers write', async () => {
    for (const cookie of [admin, manager, employee]) expect((await list(cookie)).statusCode).toBe(200);
    expect((await list(portalCustomer)).statusCode).toBe(403);
    expect((await t.call({ url: '/api/short-urls' })).statusCode).toBe(401);
    expect((await post({ title: 'Admin', originalUrl: 'https://example.com' }, admin)).statusCode).toBe(201);
    const created = (await post({ title: 'Mgr', originalUrl: 'https://example.com' })).json();
    expect((await post({ title: 'Emp', originalUrl: 'https://example.com' }, employee)).statusCode).toBe(403);
    expect((await put(created.id, { title: 'Emp' }, employee)).statusCode).toBe(403);
    expect((await post({ title: 'Cust', originalUrl: 'https://example.com' }, portalCustomer)).statusCode).toBe(403);
  });

  it("lists only the caller's organization, newest first, with X-Total-Count", async () => {
    const b = (await post({ title: 'Only B', originalUrl: 'https://b.example.com' }, managerB)).json();
    const a = await list(manager, '?limit=500');
    expect(a.json().map((r: { id: number }) => r.id)).not.toContain(b.id);
    expect(a.json().every((r: { organizationId: number }) => r.organizationId === orgA.id)).toBe(true);
    const times = a.json().map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(a.headers['x-total-count']).toBe(String(a.json().length));
    const onlyB = await list(managerB);
    expect(onlyB.json().map((r: { id: number }) => r.id)).toEqual([b.id]);
  });

  it('lets a super user create in a chosen organization and see every organization', async () => {
    const res = await post({ title: 'Super', originalUrl: 'https://example.com', organizationId: orgB.id }, superUser);
    expect(res.statusCode).toBe(201);
    expect(res.json().organizationId).toBe(orgB.id);
    const none = await post({ title: 'Super', originalUrl: 'https://example.com' }, superUser);
    expect(none.statusCode).toBe(400);
    const narrowed = await list(superUser, `?organizationId=${orgB.id}&limit=500`);
    expect(narrowed.json().map((r: { id: number }) => r.id)).toContain(res.json().id);
  });
});
