import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let orgA: { id: number };
let admin: string;
let employee: string;
let portalCustomer: string;
let guest: string;
let adminB: string;

beforeAll(async () => {
  t = await createTestApp();
  orgA = await t.createOrganization();
  const orgB = await t.createOrganization();
  const as = async (role: string, organizationId: number) => t.cookieFor((await t.createUser({ role, organizationId })).id);
  admin = await as('org_admin', orgA.id);
  employee = await as('employee', orgA.id);
  portalCustomer = await as('customer', orgA.id);
  guest = await as('guest', orgA.id);
  adminB = await as('org_admin', orgB.id);
});
afterAll(async () => {
  await t?.close();
});

const url = '/api/message-templates';
const post = (payload: unknown, cookie = admin) => t.call({ method: 'POST', url, cookie, payload: payload as object });
const put = (id: number, payload: unknown, cookie = admin) => t.call({ method: 'PUT', url: `${url}/${id}`, cookie, payload: payload as object });
const del = (id: number, cookie = admin) => t.call({ method: 'DELETE', url: `${url}/${id}`, cookie });

describe('message templates', () => {
  it('creates a template with defaults (email, active) and lists it by name', async () => {
    const res = await post({ name: ' Reminder ', subject: 'Your visit', content: 'See you soon' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      organizationId: orgA.id,
      name: 'Reminder',
      type: 'email',
      subject: 'Your visit',
      content: 'See you soon',
      isActive: true,
      createdAt: expect.any(String),
    });
    await post({ name: 'Arrival', type: 'sms', content: 'On our way', isActive: false }, employee);
    const listed = await t.call({ url, cookie: admin });
    expect(listed.json().map((r: { name: string }) => r.name)).toEqual(['Arrival', 'Reminder']);
    expect(listed.headers['x-total-count']).toBe('2');
    expect((await t.call({ url: `${url}?q=our%20way`, cookie: employee })).json().map((r: { name: string }) => r.name)).toEqual(['Arrival']);
  });

  it('validates name, content, type and the SMS length', async () => {
    const issues = async (payload: object) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      return res.json().issues;
    };
    expect(await issues({ content: 'x' })).toEqual([{ path: 'name', message: 'Name is required' }]);
    expect(await issues({ name: 'N', content: '' })).toEqual([{ path: 'content', message: 'Content is required' }]);
    expect(await issues({ name: 'N', content: 'x', type: 'fax' })).toEqual([{ path: 'type', message: 'Type must be email or sms' }]);
    expect(await issues({ name: 'N', type: 'sms', content: 'x'.repeat(1601) })).toEqual([
      { path: 'content', message: 'SMS content must be at most 1,600 characters' },
    ]);
    // The rule holds for the result of an update too.
    const long = (await post({ name: 'Long', content: 'x'.repeat(2000) })).json().id;
    const res = await put(long, { type: 'sms' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'content', message: 'SMS content must be at most 1,600 characters' }]);
  });

  it('updates and deletes; another organization gets 404', async () => {
    const id = (await post({ name: 'Edit me', content: 'Body' })).json().id;
    expect((await put(id, { name: 'Edited', isActive: false, subject: '' })).json()).toMatchObject({ name: 'Edited', isActive: false, subject: null, content: 'Body' });
    expect((await put(id, { name: 'Taken' }, adminB)).statusCode).toBe(404);
    const gone = await del(id, adminB);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: 'NOT_FOUND', message: 'Template not found' });
    expect((await del(id)).statusCode).toBe(204);
    expect((await del(id)).statusCode).toBe(404);
  });

  it('keeps templates from customers and guests', async () => {
    for (const cookie of [portalCustomer, guest]) {
      expect((await t.call({ url, cookie })).statusCode).toBe(403);
      expect((await post({ name: 'X', content: 'Y' }, cookie)).statusCode).toBe(403);
    }
    const id = (await post({ name: 'Mine', content: 'Body' })).json().id;
    expect((await put(id, { name: 'Theirs' }, portalCustomer)).statusCode).toBe(403);
    expect((await del(id, guest)).statusCode).toBe(403);
  });
});
