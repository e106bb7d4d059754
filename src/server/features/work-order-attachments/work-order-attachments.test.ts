// Photos and files kept with a job (docs/rules/team.md#photos-and-files): who may add, change and remove them, what
// is accepted (by content), how photos are turned, shrunk and stripped, where the bytes go (the database, or S3-
// compatible storage, here a small fake one in this process), and what the customer sees in the portal.
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { Jimp, JimpMime } from 'jimp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES } from '../../../contracts/work-order-attachments';
import { loadConfig } from '../../config';
import { auditLog, customers, workOrderAttachments } from '../../db/schema/index';
import { closedPort } from '../../test/closed-port';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPortalLink } from '../documents/create-portal-link';
import { orgKit, solidPng, type OrgKit } from '../documents/documents.test-kit';
import { processPhotoInWorker } from './photo-thread';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t);
  b = await orgKit(t);
});
afterAll(async () => {
  await t?.close();
});

// ---- Files to upload ----

interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser sends one. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tradebook${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.filename !== undefined ? `\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const RED = 0xff0000ff;
const BLUE = 0x0000ffff;

/** A JPEG of `width` x `height`, blue with its top-left quadrant red, as a camera would write it. */
async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  const image = new Jimp({ width, height, color: BLUE });
  const red = new Jimp({ width: Math.floor(width / 2), height: Math.floor(height / 2), color: RED });
  image.composite(red, 0, 0);
  return image.getBuffer(JimpMime.jpeg, { quality: 85 });
}

/**
 * The JPEG with an EXIF block (APP1) right after its start: Orientation (6: the camera was held upright, so the
 * picture must be turned 90 degrees clockwise to be seen as taken) and a Make text standing in for the camera and
 * GPS facts a phone records.
 */
function withExif(jpeg: Buffer, orientation: number, make: string): Buffer {
  const text = Buffer.from(`${make}\0`, 'latin1');
  const ifd = Buffer.alloc(2 + 2 * 12 + 4);
  ifd.writeUInt16BE(2, 0);
  // Orientation: SHORT, 1 value, in the entry itself.
  ifd.writeUInt16BE(0x0112, 2);
  ifd.writeUInt16BE(3, 4);
  ifd.writeUInt32BE(1, 6);
  ifd.writeUInt16BE(orientation, 10);
  // Make: ASCII, its text after the directory (TIFF header 8 + directory 30 = offset 38).
  ifd.writeUInt16BE(0x010f, 14);
  ifd.writeUInt16BE(2, 16);
  ifd.writeUInt32BE(text.length, 18);
  ifd.writeUInt32BE(8 + ifd.length, 22);
  const tiff = Buffer.concat([Buffer.from('MM\0\x2a\0\0\0\x08', 'latin1'), ifd, text]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), app1, body, jpeg.subarray(2)]);
}

/** A PNG whose header claims width x height (the pixels are not there: nothing should try to decode them). */
function pngClaiming(width: number, height: number): Buffer {
  const png = Buffer.from(solidPng(1, 1, [0, 0, 0]));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

/** A blue WebP of width x height, encoded with @jsquash/webp (given its compiled WebAssembly, as Node needs). */
async function webpOf(width: number, height: number): Promise<Buffer> {
  const { default: encode, init } = await import('@jsquash/webp/encode.js');
  const wasm = createRequire(import.meta.url).resolve('@jsquash/webp/codec/enc/webp_enc.wasm');
  await (init as unknown as (module: WebAssembly.Module) => Promise<void>)(await WebAssembly.compile(readFileSync(wasm)));
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([0, 0, 255, 255], i);
  return Buffer.from(await encode({ data, width, height, colorSpace: 'srgb' }, { quality: 80 }));
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** The color of one pixel, as [r, g, b]. */
function pixel(image: { getPixelColor: (x: number, y: number) => number }, x: number, y: number): [number, number, number] {
  const c = image.getPixelColor(x, y);
  return [(c >>> 24) & 255, (c >>> 16) & 255, (c >>> 8) & 255];
}
const isRed = ([r, g, b]: number[]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r, g, b]: number[]) => b > 200 && r < 60 && g < 60;

// ---- Calls ----

async function job(kit: OrgKit = a, assigneeIds: number[] = []) {
  const res = await t.call({ method: 'POST', url: '/api/work-orders', cookie: kit.manager, payload: { customerId: kit.customerId, title: 'Fix the leaking sink', assigneeIds } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; orderNumber: string; organizationId: number };
}

const upload = (app: TestApp, cookie: string, workOrderId: number, parts: Part[]) => {
  const body = multipart(parts);
  return app.call({ method: 'POST', url: `/api/work-orders/${workOrderId}/attachments`, cookie, payload: body.payload, headers: body.headers });
};
const file = (value: Buffer, filename: string, contentType: string): Part => ({ name: 'file', value, filename, contentType });

describe('photos on a job', () => {
  it('a phone photo is turned upright by its EXIF orientation, shrunk to 2048 px, re-encoded without its metadata, with a 400 px thumbnail', async () => {
    const wo = await job();
    const original = withExif(await cameraJpeg(3000, 2000), 6, 'SECRET-PHONE-GPS 40.7128N 74.0060W');
    const res = await upload(t, a.manager, wo.id, [file(original, 'IMG_2041 (copy).JPG', 'image/jpeg'), { name: 'caption', value: '  Under the sink  ' }]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    // Sideways in the file (3000 x 2000), upright as kept: 2048 tall.
    expect(body).toMatchObject({ workOrderId: wo.id, fileName: 'img-2041-copy.jpg', contentType: 'image/jpeg', kind: 'photo', width: 1365, height: 2048, hasThumbnail: true, caption: 'Under the sink', shared: false });
    expect(body.uploadedByName).toEqual(expect.any(String));

    const full = await t.call({ url: `/api/work-orders/${wo.id}/attachments/${body.id}/file`, cookie: a.employee });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['content-disposition']).toBe('inline; filename="img-2041-copy.jpg"');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.headers['cache-control']).toBe('private');
    const stored = full.rawPayload;
    expect(stored.length).toBe(body.size);
    const image = await Jimp.fromBuffer(stored);
    expect([image.width, image.height]).toEqual([1365, 2048]);
    // Turned clockwise: the red top-left corner of the sideways picture is now at the top right.
    expect(isRed(pixel(image, 1300, 60))).toBe(true);
    expect(isBlue(pixel(image, 60, 60))).toBe(true);
    // Nothing of the original's metadata is left.
    expect(stored.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(stored.includes(Buffer.from('SECRET-PHONE-GPS'))).toBe(false);

    const thumb = await t.call({ url: `/api/work-orders/${wo.id}/attachments/${body.id}/thumbnail`, cookie: a.employee });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.headers['content-disposition']).toBe('inline; filename="img-2041-copy-thumb.jpg"');
    const small = await Jimp.fromBuffer(thumb.rawPayload);
    expect(Math.max(small.width, small.height)).toBe(400);
    expect(small.height).toBeGreaterThan(small.width);
    expect(thumb.rawPayload.length).toBeLessThan(stored.length);

    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'work_order.attachment_added'), eq(auditLog.entityId, wo.id)));
    expect(audit.details).toMatchObject({ attachmentId: body.id, contentType: 'image/jpeg', storage: 'database' });
  });

  it('keeps a small photo at its size; a PNG with transparency stays PNG, one without, a GIF and a WebP become JPEG', async () => {
    const wo = await job();
    const clear = new Jimp({ width: 300, height: 200, color: 0x00000000 });
    clear.composite(new Jimp({ width: 100, height: 100, color: RED }), 10, 10);
    const transparent = await upload(t, a.manager, wo.id, [file(await clear.getBuffer(JimpMime.png), 'logo.png', 'image/png')]);
    expect(transparent.statusCode, transparent.body).toBe(201);
    expect(transparent.json()).toMatchObject({ contentType: 'image/png', fileName: 'logo.png', width: 300, height: 200 });
    const bytes = (await t.call({ url: `/api/work-orders/${wo.id}/attachments/${transparent.json().id}/file`, cookie: a.manager })).rawPayload;
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect((await Jimp.fromBuffer(bytes)).hasAlpha()).toBe(true);

    const opaque = await upload(t, a.manager, wo.id, [file(solidPng(640, 480, [20, 120, 40]), 'plan.png', 'image/png')]);
    expect(opaque.statusCode, opaque.body).toBe(201);
    expect(opaque.json()).toMatchObject({ contentType: 'image/jpeg', fileName: 'plan.jpg', width: 640, height: 480 });

    // GIF and WebP are read too, and kept as JPEG.
    const gif = await upload(t, a.manager, wo.id, [file(await new Jimp({ width: 120, height: 90, color: RED }).getBuffer(JimpMime.gif), 'anim.gif', 'image/gif')]);
    expect(gif.statusCode, gif.body).toBe(201);
    expect(gif.json()).toMatchObject({ contentType: 'image/jpeg', fileName: 'anim.jpg', width: 120, height: 90 });
    const webp = await upload(t, a.manager, wo.id, [file(await webpOf(3000, 1000), 'pixel.webp', 'image/webp')]);
    expect(webp.statusCode, webp.body).toBe(201);
    expect(webp.json()).toMatchObject({ contentType: 'image/jpeg', fileName: 'pixel.jpg', width: 2048, height: 683 });
    const webpBytes = (await t.call({ url: `/api/work-orders/${wo.id}/attachments/${webp.json().id}/file`, cookie: a.manager })).rawPayload;
    expect(isBlue(pixel(await Jimp.fromBuffer(webpBytes), 100, 100))).toBe(true);
  });

  it('keeps a PDF as it came, with no thumbnail', async () => {
    const wo = await job();
    const res = await upload(t, a.manager, wo.id, [file(PDF, 'Warranty card.pdf', 'application/pdf'), { name: 'shared', value: 'true' }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fileName: 'warranty-card.pdf', contentType: 'application/pdf', kind: 'file', size: PDF.length, width: null, height: null, hasThumbnail: false, shared: true });
    const got = await t.call({ url: `/api/work-orders/${wo.id}/attachments/${res.json().id}/file`, cookie: a.manager });
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe('inline; filename="warranty-card.pdf"');
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect((await t.call({ url: `/api/work-orders/${wo.id}/attachments/${res.json().id}/thumbnail`, cookie: a.manager })).statusCode).toBe(404);
  });

  it('decides the type by content: a text file named .jpg, an SVG or an empty file is refused; a pixel bomb is refused before it is decoded', async () => {
    const wo = await job();
    const text = await upload(t, a.manager, wo.id, [file(Buffer.from('just some notes, not a photo'), 'photo.jpg', 'image/jpeg')]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: ATTACHMENT_MESSAGES.unsupported });
    const svg = await upload(t, a.manager, wo.id, [file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.svg', 'image/svg+xml')]);
    expect(svg.statusCode).toBe(415);
    const empty = await upload(t, a.manager, wo.id, [file(Buffer.alloc(0), 'empty.jpg', 'image/jpeg')]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ATTACHMENT_MESSAGES.missing);
    const bomb = await upload(t, a.manager, wo.id, [file(pngClaiming(10_000, 5_000), 'bomb.png', 'image/png')]);
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json()).toMatchObject({ message: ATTACHMENT_MESSAGES.tooManyPixels, issues: [{ path: 'file', message: ATTACHMENT_MESSAGES.tooManyPixels }] });
    // A header that reads with pixels that do not.
    const broken = await cameraJpeg(400, 300);
    const truncated = await upload(t, a.manager, wo.id, [file(broken.subarray(0, 700), 'cut.jpg', 'image/jpeg')]);
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toBe(ATTACHMENT_MESSAGES.unreadable);
    const noFile = await upload(t, a.manager, wo.id, [{ name: 'caption', value: 'nothing attached' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(ATTACHMENT_MESSAGES.missing);
    const json = await t.call({ method: 'POST', url: `/api/work-orders/${wo.id}/attachments`, cookie: a.manager, payload: {} });
    expect(json.statusCode).toBe(415);
    const longCaption = await upload(t, a.manager, wo.id, [file(PDF, 'a.pdf', 'application/pdf'), { name: 'caption', value: 'x'.repeat(501) }]);
    expect(longCaption.statusCode).toBe(400);
    expect(longCaption.json().issues[0]).toEqual({ path: 'caption', message: ATTACHMENT_MESSAGES.caption });
    expect((await t.call({ url: `/api/work-orders/${wo.id}/attachments`, cookie: a.manager })).json()).toEqual([]);
  });

  it('refuses more than 20 MB with 413 while it streams in; takes a file far past the 1 MB of a JSON body', async () => {
    const wo = await job();
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 0x41);
    big.write('%PDF-1.4\n', 'latin1');
    const res = await upload(t, a.manager, wo.id, [file(big, 'huge.pdf', 'application/pdf')]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: ATTACHMENT_MESSAGES.tooLarge });
    const ok = await upload(t, a.manager, wo.id, [file(big.subarray(0, 6 * 1024 * 1024), 'manual.pdf', 'application/pdf')]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().size).toBe(6 * 1024 * 1024);
  });

  it('the crew and those who manage jobs add, change and remove; other staff only read; another organization finds nothing', async () => {
    const tech = await t.createUser({ role: 'employee', organizationId: a.org.id, firstName: 'Evan', lastName: 'Stone' });
    const techCookie = await t.cookieFor(tech.id);
    const wo = await job(a, [tech.id]);
    const pdf = () => file(PDF, 'notes.pdf', 'application/pdf');

    const byCrew = await upload(t, techCookie, wo.id, [pdf()]);
    expect(byCrew.statusCode, byCrew.body).toBe(201);
    expect(byCrew.json().uploadedByName).toBe('Evan Stone');
    const id = byCrew.json().id;

    const offCrew = await upload(t, a.employee, wo.id, [pdf()]);
    expect(offCrew.statusCode).toBe(403);
    expect(offCrew.json().message).toBe(ATTACHMENT_MESSAGES.notCrew);
    expect((await t.call({ method: 'PATCH', url: `/api/work-orders/${wo.id}/attachments/${id}`, cookie: a.employee, payload: { shared: true } })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/work-orders/${wo.id}/attachments/${id}`, cookie: a.employee })).statusCode).toBe(403);
    // Reading is for everyone who reads jobs.
    expect((await t.call({ url: `/api/work-orders/${wo.id}/attachments`, cookie: a.employee })).json().map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await t.call({ url: `/api/work-orders/${wo.id}/attachments/${id}/file`, cookie: a.employee })).statusCode).toBe(200);
    // Customers do not read jobs at all.
    expect((await upload(t, a.customerUser, wo.id, [pdf()])).statusCode).toBe(403);
    expect((await t.call({ url: `/api/work-orders/${wo.id}/attachments/${id}/file`, cookie: a.customerUser })).statusCode).toBe(403);

    // Another organization's job, and its attachment through B's own job, are not found.
    expect((await upload(t, b.manager, wo.id, [pdf()])).statusCode).toBe(404);
    expect((await t.call({ url: `/api/work-orders/${wo.id}/attachments`, cookie: b.manager })).statusCode).toBe(404);
    expect((await t.call({ url: `/api/work-orders/${wo.id}/attachments/${id}/file`, cookie: b.manager })).statusCode).toBe(404);
    const jobB = await job(b);
    expect((await t.call({ url: `/api/work-orders/${jobB.id}/attachments/${id}/file`, cookie: b.manager })).statusCode).toBe(404);
    expect((await t.call({ method: 'PATCH', url: `/api/work-orders/${jobB.id}/attachments/${id}`, cookie: b.manager, payload: { caption: 'B was here' } })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/work-orders/${jobB.id}/attachments/${id}`, cookie: b.manager })).statusCode).toBe(404);
    // Nor through another job of the same organization.
    const otherJob = await job(a);
    expect((await t.call({ url: `/api/work-orders/${otherJob.id}/attachments/${id}/file`, cookie: a.manager })).statusCode).toBe(404);
    const [row] = await t.database.db.select({ caption: workOrderAttachments.caption }).from(workOrderAttachments).where(eq(workOrderAttachments.id, id));
    expect(row.caption).toBeNull();

    const changed = await t.call({ method: 'PATCH', url: `/api/work-orders/${wo.id}/attachments/${id}`, cookie: techCookie, payload: { caption: ' Old valve ', shared: true } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id, caption: 'Old valve', shared: true });
    const cleared = await t.call({ method: 'PATCH', url: `/api/work-orders/${wo.id}/attachments/${id}`, cookie: a.manager, payload: { caption: '' } });
    expect(cleared.json()).toMatchObject({ caption: null, shared: true });
    const bad = await t.call({ method: 'PATCH', url: `/api/work-orders/${wo.id}/attachments/${id}`, cookie: a.manager, payload: { shared: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('shared');

    expect((await t.call({ method: 'DELETE', url: `/api/work-orders/${wo.id}/attachments/${id}`, cookie: techCookie })).statusCode).toBe(204);
    expect((await t.call({ url: `/api/work-orders/${wo.id}/attachments/${id}/file`, cookie: a.manager })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/work-orders/${wo.id}/attachments/${id}`, cookie: a.manager })).statusCode).toBe(404);
    const actions = (await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, wo.id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['work_order.attachment_added', 'work_order.attachment_changed', 'work_order.attachment_deleted']));
  });

  it('lists newest first without bytes', async () => {
    const wo = await job();
    const first = (await upload(t, a.manager, wo.id, [file(PDF, 'first.pdf', 'application/pdf')])).json();
    const second = (await upload(t, a.manager, wo.id, [file(solidPng(50, 40, [1, 2, 3]), 'second.png', 'image/png')])).json();
    const list = await t.call({ url: `/api/work-orders/${wo.id}/attachments`, cookie: a.manager });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: { id: number }) => x.id)).toEqual([second.id, first.id]);
    expect(Object.keys(list.json()[0]).sort()).toEqual(['caption', 'contentType', 'createdAt', 'fileName', 'hasThumbnail', 'height', 'id', 'kind', 'shared', 'size', 'uploadedByName', 'width', 'workOrderId']);
    expect(list.body.length).toBeLessThan(1000);
  });
});

describe('shared with the customer', () => {
  it("the portal lists the shared photos of each invoice's job and serves them; unshared, another customer's, a draft's are 404", async () => {
    await t.database.db.update(customers).set({ portalAccessEnabled: true }).where(eq(customers.id, a.customerId));
    const wo = await job();
    const shared = (await upload(t, a.manager, wo.id, [file(await cameraJpeg(800, 600), 'after.jpg', 'image/jpeg'), { name: 'shared', value: 'true' }, { name: 'caption', value: 'After the repair' }])).json();
    const hidden = (await upload(t, a.manager, wo.id, [file(await cameraJpeg(800, 600), 'before.jpg', 'image/jpeg')])).json();
    const invoice = await t.call({ method: 'POST', url: '/api/invoices', cookie: a.manager, payload: { customerId: a.customerId, workOrderId: wo.id, status: 'sent', lineItems: [{ description: 'Repair', quantity: 1, rate: '120.00' }] } });
    expect(invoice.statusCode, invoice.body).toBe(201);
    const inv = invoice.json() as { id: number; invoiceNumber: string };
    const { token } = await createPortalLink(t.database.db, t.config, { organizationId: a.org.id, customerId: a.customerId, createdByUserId: null });
    const headers = { 'x-portal-token': token };

    const portal = await t.call({ url: '/api/portal', headers });
    expect(portal.statusCode, portal.body).toBe(200);
    const listed = portal.json().jobAttachments.filter((x: { invoiceId: number }) => x.invoiceId === inv.id);
    expect(listed).toEqual([
      { invoiceId: inv.id, invoiceNumber: inv.invoiceNumber, id: shared.id, fileName: 'after.jpg', contentType: 'image/jpeg', kind: 'photo', width: 800, height: 600, hasThumbnail: true, caption: 'After the repair', createdAt: shared.createdAt },
    ]);

    const base = `/api/portal/invoices/${inv.id}/attachments`;
    const photo = await t.call({ url: `${base}/${shared.id}/file`, headers });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.headers['cache-control']).toBe('private');
    expect(photo.rawPayload.length).toBe(shared.size);
    expect((await t.call({ url: `${base}/${shared.id}/thumbnail`, headers })).statusCode).toBe(200);
    // Staff previewing the customer's portal see the same.
    expect((await t.call({ url: `${base}/${shared.id}/file?customer=${a.customerId}`, cookie: a.manager })).statusCode).toBe(200);

    expect((await t.call({ url: `${base}/${hidden.id}/file`, headers })).statusCode).toBe(404);
    expect((await t.call({ url: `${base}/${hidden.id}/thumbnail`, headers })).statusCode).toBe(404);
    expect((await t.call({ url: `${base}/${shared.id}/file` })).statusCode).toBe(401);
    expect((await t.call({ url: `${base}/${shared.id}/file`, cookie: b.manager })).statusCode).toBe(401);

    // Another customer's link does not reach it.
    const [other] = await t.database.db.insert(customers).values({ organizationId: a.org.id, name: 'Other Customer', email: 'other@example.com', portalAccessEnabled: true }).returning();
    const otherLink = await createPortalLink(t.database.db, t.config, { organizationId: a.org.id, customerId: other.id, createdByUserId: null });
    expect((await t.call({ url: `${base}/${shared.id}/file`, headers: { 'x-portal-token': otherLink.token } })).statusCode).toBe(404);
    expect((await t.call({ url: '/api/portal', headers: { 'x-portal-token': otherLink.token } })).json().jobAttachments).toEqual([]);

    // Unshared again: gone from the portal at once.
    await t.call({ method: 'PATCH', url: `/api/work-orders/${wo.id}/attachments/${shared.id}`, cookie: a.manager, payload: { shared: false } });
    expect((await t.call({ url: `${base}/${shared.id}/file`, headers })).statusCode).toBe(404);
    expect((await t.call({ url: '/api/portal', headers })).json().jobAttachments.filter((x: { invoiceId: number }) => x.invoiceId === inv.id)).toEqual([]);

    // A draft invoice of the job shows nothing.
    await t.call({ method: 'PATCH', url: `/api/work-orders/${wo.id}/attachments/${shared.id}`, cookie: a.manager, payload: { shared: true } });
    const draft = (await t.call({ method: 'POST', url: '/api/invoices', cookie: a.manager, payload: { customerId: a.customerId, workOrderId: wo.id, lineItems: [{ description: 'More', quantity: 1, rate: '1.00' }] } })).json();
    expect((await t.call({ url: `/api/portal/invoices/${draft.id}/attachments/${shared.id}/file`, headers })).statusCode).toBe(404);
  });
});

describe('photo processing', () => {
  it('runs in a worker thread: the main thread keeps answering while a 12-megapixel photo is processed', async () => {
    const photo = await cameraJpeg(4000, 3000);
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    try {
      const out = await processPhotoInWorker(photo, 'jpeg');
      expect([out.width, out.height]).toEqual([2048, 1536]);
    } finally {
      clearInterval(ticker);
    }
    const took = performance.now() - started;
    console.log(`[photos] 12 MP JPEG processed in ${Math.round(took)} ms; longest main-thread stall ${Math.round(longest)} ms`);
    // The processing takes far longer than any pause the main thread saw.
    expect(longest).toBeLessThan(Math.max(250, took / 4));
  });
});

// ---- Object storage ----

interface FakeS3 {
  url: string;
  objects: Map<string, { body: Buffer; type: string }>;
  requests: { method: string; path: string; authorization: string; sha256: string | undefined }[];
  /** The status every request is answered with instead, when set (a store that refuses). */
  failWith: number | null;
  close: () => Promise<void>;
}

/** A tiny S3: PUT, GET and DELETE of objects under /bucket/key, each request required to be SigV4-signed. */
async function fakeS3(): Promise<FakeS3> {
  const fake: FakeS3 = { url: '', objects: new Map(), requests: [], failWith: null, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const authorization = String(req.headers.authorization ?? '');
      const sha256 = req.headers['x-amz-content-sha256'] as string | undefined;
      fake.requests.push({ method: req.method ?? '', path, authorization, sha256 });
      if (!/^AWS4-HMAC-SHA256 Credential=TESTKEY\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/.test(authorization)) {
        res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      if (fake.failWith) {
        res.writeHead(fake.failWith).end('<Error><Code>InternalError</Code><Message>We encountered an internal error</Message></Error>');
        return;
      }
      if (req.method === 'PUT') {
        // The signed hash is of these very bytes.
        if (sha256 !== createHash('sha256').update(body).digest('hex')) {
          res.writeHead(400).end('<Error><Code>XAmzContentSHA256Mismatch</Code></Error>');
          return;
        }
        fake.objects.set(path, { body, type: String(req.headers['content-type']) });
        res.writeHead(200).end();
      } else if (req.method === 'GET') {
        const o = fake.objects.get(path);
        if (!o) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': o.type }).end(o.body);
      } else if (req.method === 'DELETE') {
        fake.objects.delete(path);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((r) => server.close(() => r()));
  return fake;
}

const s3Env = (endpoint: string) => ({ S3_ENDPOINT: endpoint, S3_BUCKET: 'job-files', S3_ACCESS_KEY_ID: 'TESTKEY', S3_SECRET_ACCESS_KEY: 'test-secret-key', S3_FORCE_PATH_STYLE: 'true' });

describe('S3-compatible object storage', () => {
  it('is configured with all four of endpoint, bucket and keys, or none', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'files' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: needed with S3_ENDPOINT, S3_BUCKET/);
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(loadConfig({}).S3_ENDPOINT).toBeUndefined();
    expect(loadConfig({ ...s3Env('https://s3.example.com'), S3_FORCE_PATH_STYLE: '' })).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
  });

  let s3: FakeS3;
  let app: TestApp;
  let kit: OrgKit;
  const logs: { provider?: string; reason?: string; status?: number; msg?: string }[] = [];
  beforeAll(async () => {
    s3 = await fakeS3();
    app = await createTestApp({ ...s3Env(s3.url), LOG_LEVEL: 'warn' }, { log: { write: (line) => void logs.push(JSON.parse(line)) } });
    kit = await orgKit(app);
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  const s3Job = async () => {
    const res = await app.call({ method: 'POST', url: '/api/work-orders', cookie: kit.manager, payload: { customerId: kit.customerId, title: 'Stored elsewhere' } });
    return res.json() as { id: number };
  };

  it('puts the photo and its thumbnail in the bucket under the job, signed; reads and removes them there; the row keeps no bytes', async () => {
    const wo = await s3Job();
    const res = await upload(app, kit.manager, wo.id, [file(await cameraJpeg(2600, 1300), 'roof.jpg', 'image/jpeg')]);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect(res.json()).toMatchObject({ width: 2048, height: 1024 });
    const [row] = await app.database.db.select().from(workOrderAttachments).where(eq(workOrderAttachments.id, id));
    expect(row).toMatchObject({ storage: 's3', data: null, thumbnail: null });
    expect(row.storageKey).toMatch(new RegExp(`^org-${kit.org.id}/work-orders/${wo.id}/${id}-[A-Za-z0-9_-]{12}\\.jpg$`));
    const photoPath = `/job-files/${row.storageKey}`;
    const thumbPath = photoPath.replace(/\.jpg$/, '-thumb.jpg');
    expect([...s3.objects.keys()].sort()).toEqual([photoPath, thumbPath].sort());
    expect(s3.objects.get(photoPath)?.type).toBe('image/jpeg');
    expect(s3.requests.every((r) => r.authorization.startsWith('AWS4-HMAC-SHA256 '))).toBe(true);

    const full = await app.call({ url: `/api/work-orders/${wo.id}/attachments/${id}/file`, cookie: kit.manager });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(s3.objects.get(photoPath)!.body)).toBe(true);
    const thumb = await app.call({ url: `/api/work-orders/${wo.id}/attachments/${id}/thumbnail`, cookie: kit.manager });
    expect(thumb.rawPayload.equals(s3.objects.get(thumbPath)!.body)).toBe(true);
    expect(Math.max(...[(await Jimp.fromBuffer(thumb.rawPayload)).width])).toBe(400);

    const pdf = await upload(app, kit.manager, wo.id, [file(PDF, 'invoice.pdf', 'application/pdf')]);
    expect(pdf.statusCode).toBe(201);
    expect(s3.objects.size).toBe(3);

    expect((await app.call({ method: 'DELETE', url: `/api/work-orders/${wo.id}/attachments/${id}`, cookie: kit.manager })).statusCode).toBe(204);
    expect(s3.objects.has(photoPath)).toBe(false);
    expect(s3.objects.has(thumbPath)).toBe(false);
    expect(s3.objects.size).toBe(1);
  });

  it('a checklist photo kept in the bucket prints on the job sheet from its thumbnail there', async () => {
    const wo = await s3Job();
    const photo = await upload(app, kit.manager, wo.id, [file(await cameraJpeg(1200, 900), 'burners.jpg', 'image/jpeg')]);
    expect(photo.statusCode, photo.body).toBe(201);
    const template = await app.call({ method: 'POST', url: '/api/checklist-templates', cookie: kit.manager, payload: { name: 'Burners', items: [{ label: 'Photo of the burners', kind: 'photo', required: true }] } });
    expect(template.statusCode, template.body).toBe(201);
    const list = await app.call({ method: 'POST', url: `/api/work-orders/${wo.id}/checklists`, cookie: kit.manager, payload: { templateId: template.json().id } });
    expect(list.statusCode, list.body).toBe(201);
    const itemId = list.json().items[0].id as string;
    const answered = await app.call({ method: 'PUT', url: `/api/work-orders/${wo.id}/checklists/${list.json().id}/answers`, cookie: kit.manager, payload: { answers: { [itemId]: { attachmentId: photo.json().id } } } });
    expect(answered.statusCode, answered.body).toBe(200);
    const before = s3.requests.length;
    const sheet = await app.call({ url: `/api/work-orders/${wo.id}/pdf`, cookie: kit.manager });
    expect(sheet.statusCode).toBe(200);
    expect(s3.requests.slice(before).map((r) => [r.method, r.path.endsWith('-thumb.jpg')])).toEqual([['GET', true]]);
    expect(await pdfImageCount(sheet.rawPayload)).toBe(1);
  });

  it('a storage that refuses answers 502 and keeps nothing; one that cannot be reached answers 503; both logged as s3', async () => {
    const wo = await s3Job();
    const before = s3.objects.size;
    s3.failWith = 500;
    try {
      const res = await upload(app, kit.manager, wo.id, [file(PDF, 'notes.pdf', 'application/pdf')]);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: 'PROVIDER_FAILED', message: ATTACHMENT_MESSAGES.storageRefused });
    } finally {
      s3.failWith = null;
    }
    expect(await app.database.db.select().from(workOrderAttachments).where(eq(workOrderAttachments.workOrderId, wo.id))).toEqual([]);
    expect(s3.objects.size).toBe(before);
    expect(logs.some((l) => l.provider === 's3' && l.status === 502 && /HTTP 500/.test(l.reason ?? ''))).toBe(true);

    // A read or a delete the storage refuses keeps the row too.
    const ok = (await upload(app, kit.manager, wo.id, [file(PDF, 'kept.pdf', 'application/pdf')])).json();
    s3.failWith = 503;
    try {
      expect((await app.call({ url: `/api/work-orders/${wo.id}/attachments/${ok.id}/file`, cookie: kit.manager })).statusCode).toBe(502);
      expect((await app.call({ method: 'DELETE', url: `/api/work-orders/${wo.id}/attachments/${ok.id}`, cookie: kit.manager })).statusCode).toBe(502);
    } finally {
      s3.failWith = null;
    }
    expect((await app.database.db.select().from(workOrderAttachments).where(eq(workOrderAttachments.id, ok.id))).length).toBe(1);

    const down = await createTestApp({ ...s3Env(`http://127.0.0.1:${await closedPort()}`), LOG_LEVEL: 'warn' }, { log: { write: (line) => void logs.push(JSON.parse(line)) } });
    try {
      const downKit = await orgKit(down);
      const downJob = (await down.call({ method: 'POST', url: '/api/work-orders', cookie: downKit.manager, payload: { customerId: downKit.customerId, title: 'Unreachable' } })).json();
      const res = await upload(down, downKit.manager, downJob.id, [file(await cameraJpeg(300, 200), 'x.jpg', 'image/jpeg')]);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json()).toEqual({ code: 'PROVIDER_UNAVAILABLE', message: ATTACHMENT_MESSAGES.storageUnreachable });
      expect(await down.database.db.select().from(workOrderAttachments)).toEqual([]);
      expect(logs.some((l) => l.provider === 's3' && l.status === 503)).toBe(true);
    } finally {
      await down.close();
    }
  });
});

/** How many images a PDF draws (poppler's pdfimages). */
async function pdfImageCount(pdf: Buffer): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sheet-'));
  try {
    writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    const { stdout } = await promisify(execFile)('pdfimages', ['-list', path.join(dir, 'sheet.pdf')]);
    // Two header lines, then a line per image; a soft mask (transparency) is a line of its own.
    return stdout.trim().split('\n').slice(2).filter((line) => !/\bsmask\b/.test(line)).length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
