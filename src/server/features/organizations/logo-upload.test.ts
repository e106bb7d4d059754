import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organizations, uploads } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCustomer } from '../documents/documents.test-kit';
import { loadBusiness, loadLogo } from '../documents/document-parties';
import { multipart, postLogo, solidPng, TINY_GIF, TINY_WEBP } from './logo.test-kit';

let t: TestApp;
let org: typeof organizations.$inferSelect;
let admin: string;
let employee: string;

beforeAll(async () => {
  t = await createTestApp();
  org = await t.createOrganization({ name: 'Logo Org' });
  admin = await t.cookieFor((await t.createUser({ role: 'org_admin', organizationId: org.id })).id);
  employee = await t.cookieFor((await t.createUser({ role: 'employee', organizationId: org.id })).id);
});
afterAll(async () => {
  await t?.close();
});

const PNG = solidPng(64, 32, [20, 120, 200]);
const upload = (file: { fileName: string; contentType: string; data: Buffer | string }, cookie = admin) => postLogo(t, cookie, org.id, file);
const logoOf = async () => (await t.database.db.select({ logo: organizations.logo }).from(organizations).where(eq(organizations.id, org.id)))[0].logo;
const uploadCount = async () => (await t.database.db.select({ n: count() }).from(uploads))[0].n;

/** A refusal must leave no bytes behind and the logo as it was. */
async function expectRefused(res: Awaited<ReturnType<typeof upload>>, status: number, message: string, before: { logo: string | null; uploads: number }) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await uploadCount()).toBe(before.uploads);
  expect(await logoOf()).toBe(before.logo);
}
const snapshot = async () => ({ logo: await logoOf(), uploads: await uploadCount() });

describe('uploading a logo', () => {
  it('stores a PNG, points the organization at /uploads/{id}/{safe name} and audits it', async () => {
    const res = await upload({ fileName: 'My Logo (final).PNG', contentType: 'image/png', data: PNG });
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json().logo as string;
    expect(logo).toMatch(/^\/uploads\/\d+\/my-logo-final\.png$/);
    expect(await logoOf()).toBe(logo);
    const id = Number(logo.split('/')[2]);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ organizationId: org.id, fileName: 'my-logo-final.png', contentType: 'image/png', size: PNG.length, width: 64, height: 32 });
    expect(Buffer.compare(row.data, PNG)).toBe(0);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'organization.logo'));
    expect(audit).toMatchObject({ organizationId: org.id, entityId: org.id, details: expect.objectContaining({ uploadId: id, contentType: 'image/png' }) });

    const served = await t.call({ url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.rawPayload, PNG)).toBe(0);
  });

  it('the invoice PDF embeds the uploaded logo', async () => {
    const business = await loadBusiness(t.database.db, org.id);
    expect(Buffer.compare((await loadLogo(t.database.db, business))!, PNG)).toBe(0);
    const customer = await createCustomer(t, org.id);
    const inv = await t.call({ method: 'POST', url: '/api/invoices', cookie: admin, payload: { customerId: customer.id, lineItems: [{ description: 'Logo check', quantity: 1, rate: '10.00' }] } });
    expect(inv.statusCode, inv.body).toBe(201);
    const pdf = await t.call({ url: `/api/invoices/${inv.json().id}/pdf`, cookie: admin });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(true);
  });

  it('a new logo replaces the old one: the old bytes are deleted and their address is gone', async () => {
    const old = (await logoOf())!;
    const res = await upload({ fileName: 'mark.gif', contentType: 'image/gif', data: TINY_GIF });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logo).toMatch(/^\/uploads\/\d+\/mark\.gif$/);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, Number(old.split('/')[2])))).toEqual([]);
    expect((await t.call({ url: old })).statusCode).toBe(404);
    expect((await t.call({ url: res.json().logo })).headers['content-type']).toBe('image/gif');
    expect(await t.database.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.organizationId, org.id))).toHaveLength(1);
  });

  it('accepts WebP and names the file by its content, whatever the name says', async () => {
    const res = await upload({ fileName: 'picture.png', contentType: 'image/png', data: TINY_WEBP });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logo).toMatch(/\/picture\.webp$/);
    expect((await t.call({ url: res.json().logo })).headers['content-type']).toBe('image/webp');
  });

  it('refuses HTML or SVG dressed as a PNG with 415, storing nothing', async () => {
    const before = await snapshot();
    await expectRefused(await upload({ fileName: 'logo.png', contentType: 'image/png', data: '<!doctype html><html><script>alert(1)</script></html>' }), 415, 'Please select an image file', before);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await expectRefused(await upload({ fileName: 'logo.png', contentType: 'image/png', data: svg }), 415, 'Please select an image file', before);
    await expectRefused(await upload({ fileName: 'logo.svg', contentType: 'image/svg+xml', data: svg }), 415, 'Please select an image file', before);
    // A PNG signature with garbage after it is not an image either.
    await expectRefused(await upload({ fileName: 'logo.png', contentType: 'image/png', data: Buffer.concat([PNG.subarray(0, 8), Buffer.from('garbage')]) }), 415, 'Please select an image file', before);
    await expectRefused(await upload({ fileName: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) }), 415, 'Please select an image file', before);
  });

  it('refuses a file over 5 MB with 413, storing nothing', async () => {
    const before = await snapshot();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    await expectRefused(await upload({ fileName: 'big.png', contentType: 'image/png', data: big }), 413, 'File size must be less than 5MB', before);
    // Exactly 5 MB is allowed (a valid PNG padded after its end).
    const exact = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    expect((await upload({ fileName: 'exact.png', contentType: 'image/png', data: exact })).statusCode).toBe(200);
  });

  it('refuses an image over 4096 x 4096 pixels with 400, storing nothing', async () => {
    const before = await snapshot();
    await expectRefused(await upload({ fileName: 'wide.png', contentType: 'image/png', data: solidPng(4097, 1, [0, 0, 0]) }), 400, 'Image must be at most 4096 x 4096 pixels', before);
    await expectRefused(await upload({ fileName: 'tall.png', contentType: 'image/png', data: solidPng(1, 4097, [0, 0, 0]) }), 400, 'Image must be at most 4096 x 4096 pixels', before);
  });

  it('wants one file in the field "logo", sent as multipart', async () => {
    const before = await snapshot();
    const wrongField = multipart([{ field: 'image', fileName: 'a.png', contentType: 'image/png', data: PNG }]);
    const res = await t.call({ method: 'POST', url: `/api/organizations/${org.id}/logo`, cookie: admin, headers: wrongField.headers, payload: wrongField.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'logo', message: 'Choose an image file to upload as the logo' }]);
    const noFile = multipart([{ field: 'logo', data: 'not a file' }]);
    expect((await t.call({ method: 'POST', url: `/api/organizations/${org.id}/logo`, cookie: admin, headers: noFile.headers, payload: noFile.payload })).statusCode).toBe(400);
    const json = await t.call({ method: 'POST', url: `/api/organizations/${org.id}/logo`, cookie: admin, payload: { logo: 'x' } });
    expect(json.statusCode).toBe(415);
    const plain = await t.call({ method: 'POST', url: `/api/organizations/${org.id}/logo`, cookie: admin, headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(plain.statusCode).toBe(415);
    expect(await snapshot()).toEqual(before);
  });

  it('only those who manage the organization may upload; cross-site posts are refused', async () => {
    const before = await snapshot();
    expect((await upload({ fileName: 'a.png', contentType: 'image/png', data: PNG }, employee)).statusCode).toBe(403);
    const body = multipart([{ field: 'logo', fileName: 'a.png', contentType: 'image/png', data: PNG }]);
    expect((await t.app.inject({ method: 'POST', url: `/api/organizations/${org.id}/logo`, headers: body.headers, payload: body.payload })).statusCode).toBe(401);
    const cross = await t.call({ method: 'POST', url: `/api/organizations/${org.id}/logo`, cookie: admin, headers: { ...body.headers, origin: 'https://evil.example' }, payload: body.payload });
    expect(cross.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('multipart bodies are not accepted by the JSON routes', async () => {
    const body = multipart([{ field: 'name', data: 'Via form' }]);
    const res = await t.call({ method: 'PUT', url: `/api/organizations/${org.id}`, cookie: admin, headers: body.headers, payload: body.payload });
    expect(res.statusCode).toBe(415);
  });
});

describe('serving uploads', () => {
  it('answers 404 for an unknown id, a wrong name or a malformed id', async () => {
    const logo = (await logoOf())!;
    const [, , id] = logo.split('/');
    for (const url of [`/uploads/${id}/other.png`, '/uploads/999999/logo.png', '/uploads/abc/logo.png', '/uploads/-1/logo.png', `/uploads/${'9'.repeat(30)}/x.png`]) {
      const res = await t.call({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('serving uploads next to the built web app', () => {
  it('is not swallowed by the static files or the client-route fallback', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tradebook-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tradebook</title>');
    const web = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const [row] = await web.database.db.insert(uploads).values({ fileName: 'logo.png', contentType: 'image/png', size: PNG.length, data: PNG }).returning({ id: uploads.id });
      const res = await web.call({ url: `/uploads/${row.id}/logo.png` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const missing = await web.call({ url: `/uploads/${row.id + 1}/logo.png` });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/json/);
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
