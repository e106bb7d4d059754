// Shared set-up for the work order, estimate and invoice tests: an organization with its people and
// customers, and PDF text extraction.
import zlib from 'node:zlib';
import { customers } from '../../db/schema/index';
import type { TestApp } from '../../test/test-app';

export interface OrgKit {
  org: { id: number; name: string };
  admin: string;
  manager: string;
  employee: string;
  customerUser: string;
  customerId: number;
}

export async function createCustomer(t: TestApp, organizationId: number, values: Partial<typeof customers.$inferInsert> = {}) {
  const [c] = await t.database.db
    .insert(customers)
    .values({ organizationId, name: 'Pat Customer', email: 'pat@example.com', ...values })
    .returning();
  return c;
}

export async function orgKit(t: TestApp, orgValues: Parameters<TestApp['createOrganization']>[0] = {}): Promise<OrgKit> {
  const org = await t.createOrganization(orgValues);
  const cookieAs = async (role: string) => t.cookieFor((await t.createUser({ role, organizationId: org.id })).id);
  const customer = await createCustomer(t, org.id);
  return {
    org,
    admin: await cookieAs('org_admin'),
    manager: await cookieAs('manager'),
    employee: await cookieAs('employee'),
    customerUser: await cookieAs('customer'),
    customerId: customer.id,
  };
}

/** The text of every page of a PDF, joined with spaces. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  await doc.destroy();
  return parts.join(' ');
}

export async function pdfPageCount(pdf: Buffer): Promise<number> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const n = doc.numPages;
  await doc.destroy();
  return n;
}

/** A small solid-color PNG (a logo for tests). */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let crc = 0xffffffff;
    for (const b of buf) crc = crcTable[(crc ^ b) & 0xff] ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(rgb, y * (width * 3 + 1) + 1 + x * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
