// Organization B never sees, changes or removes the photos and files of organization A's jobs, nor reaches them
// through the portal (see platform/tenant-isolation.test.ts).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { customers, workOrderAttachments } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { createPortalLink } from '../documents/create-portal-link';
import { solidPng } from '../documents/documents.test-kit';

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1');

/** A job of A with one shared PDF (or photo) on it, billed to A's customer on a sent invoice. */
async function jobOfA(w: World, photo = false) {
  const db = w.t.database.db;
  const [customer] = await db.insert(customers).values({ organizationId: w.orgA.id, name: 'Isolation Customer', email: 'iso-files@example.com', portalAccessEnabled: true }).returning({ id: customers.id });
  const job = await w.t.call({ method: 'POST', url: '/api/work-orders', cookie: w.adminA.cookie, payload: { customerId: customer.id, title: 'A only' } });
  expect(job.statusCode).toBe(201);
  const boundary = 'isolation-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="shared"\r\n\r\ntrue\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a-only"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    photo ? solidPng(40, 30, [200, 10, 10]) : PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = await w.t.call({ method: 'POST', url: `/api/work-orders/${job.json().id}/attachments`, cookie: w.adminA.cookie, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(upload.statusCode, upload.body).toBe(201);
  const invoice = await w.t.call({ method: 'POST', url: '/api/invoices', cookie: w.adminA.cookie, payload: { customerId: customer.id, workOrderId: job.json().id, status: 'sent', lineItems: [{ description: 'Work', quantity: 1, rate: '10.00' }] } });
  expect(invoice.statusCode, invoice.body).toBe(201);
  return { jobId: job.json().id as number, attachmentId: upload.json().id as number, invoiceId: invoice.json().id as number, customerId: customer.id };
}

async function rowOf(w: World, id: number) {
  const [row] = await w.t.database.db.select().from(workOrderAttachments).where(eq(workOrderAttachments.id, id));
  return row;
}

export const isolationCases: Record<string, IsolationCase> = {
  'POST /api/work-orders/:id/attachments': {
    kind: 'custom',
    run: async (w) => {
      const a = await jobOfA(w);
      const boundary = 'b-into-a';
      const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), PDF, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const res = await w.t.call({ method: 'POST', url: `/api/work-orders/${a.jobId}/attachments`, cookie: w.adminB.cookie, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
      expect(res.statusCode).toBe(404);
      expect((await w.t.database.db.select().from(workOrderAttachments).where(eq(workOrderAttachments.workOrderId, a.jobId))).length).toBe(1);
    },
  },
  'GET /api/work-orders/:id/attachments': {
    kind: 'custom',
    run: async (w) => {
      const a = await jobOfA(w);
      expect((await w.t.call({ url: `/api/work-orders/${a.jobId}/attachments`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      const own = await w.t.call({ url: `/api/work-orders/${a.jobId}/attachments`, cookie: w.adminA.cookie });
      expect(own.json().map((x: { id: number }) => x.id)).toEqual([a.attachmentId]);
    },
  },
  'GET /api/work-orders/:id/attachments/:attachmentId/file': {
    kind: 'custom',
    run: async (w) => {
      const a = await jobOfA(w);
      expect((await w.t.call({ url: `/api/work-orders/${a.jobId}/attachments/${a.attachmentId}/file`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      // Through a job of B's own: still not found.
      const customerB = (await w.t.database.db.insert(customers).values({ organizationId: w.orgB.id, name: 'B Customer' }).returning({ id: customers.id }))[0].id;
      const jobB = (await w.t.call({ method: 'POST', url: '/api/work-orders', cookie: w.adminB.cookie, payload: { customerId: customerB, title: 'B only' } })).json();
      expect((await w.t.call({ url: `/api/work-orders/${jobB.id}/attachments/${a.attachmentId}/file`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      const own = await w.t.call({ url: `/api/work-orders/${a.jobId}/attachments/${a.attachmentId}/file`, cookie: w.adminA.cookie });
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(PDF)).toBe(true);
    },
  },
  'GET /api/work-orders/:id/attachments/:attachmentId/thumbnail': {
    kind: 'custom',
    run: async (w) => {
      const a = await jobOfA(w, true);
      expect((await w.t.call({ url: `/api/work-orders/${a.jobId}/attachments/${a.attachmentId}/thumbnail`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      const own = await w.t.call({ url: `/api/work-orders/${a.jobId}/attachments/${a.attachmentId}/thumbnail`, cookie: w.adminA.cookie });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/jpeg');
    },
  },
  'PATCH /api/work-orders/:id/attachments/:attachmentId': {
    kind: 'custom',
    run: async (w) => {
      const a = await jobOfA(w);
      const res = await w.t.call({ method: 'PATCH', url: `/api/work-orders/${a.jobId}/attachments/${a.attachmentId}`, cookie: w.adminB.cookie, payload: { caption: 'B was here', shared: false } });
      expect(res.statusCode).toBe(404);
      expect(await rowOf(w, a.attachmentId)).toMatchObject({ caption: null, shared: true });
      const own = await w.t.call({ method: 'PATCH', url: `/api/work-orders/${a.jobId}/attachments/${a.attachmentId}`, cookie: w.adminA.cookie, payload: { caption: 'A says' } });
      expect(own.json().caption).toBe('A says');
    },
  },
  'DELETE /api/work-orders/:id/attachments/:attachmentId': {
    kind: 'custom',
    run: async (w) => {
      const a = await jobOfA(w);
      expect((await w.t.call({ method: 'DELETE', url: `/api/work-orders/${a.jobId}/attachments/${a.attachmentId}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect(await rowOf(w, a.attachmentId)).toBeDefined();
      expect((await w.t.call({ method: 'DELETE', url: `/api/work-orders/${a.jobId}/attachments/${a.attachmentId}`, cookie: w.adminA.cookie })).statusCode).toBe(204);
      expect(await rowOf(w, a.attachmentId)).toBeUndefined();
    },
  },
  'GET /api/portal/invoices/:id/attachments/:attachmentId/file': {
    kind: 'custom',
    run: async (w) => {
      const a = await jobOfA(w);
      const url = `/api/portal/invoices/${a.invoiceId}/attachments/${a.attachmentId}/file`;
      // B's admin previewing A's customer, B's customer, and B's customer's own portal link: refused or not found.
      expect((await w.t.call({ url: `${url}?customer=${a.customerId}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect([401, 404]).toContain((await w.t.call({ url, cookie: w.customerB.cookie })).statusCode);
      const [customerB] = await w.t.database.db.insert(customers).values({ organizationId: w.orgB.id, name: 'B Portal', email: 'b-portal@example.com', portalAccessEnabled: true }).returning({ id: customers.id });
      const linkB = await createPortalLink(w.t.database.db, w.t.config, { organizationId: w.orgB.id, customerId: customerB.id, createdByUserId: null });
      expect((await w.t.call({ url, headers: { 'x-portal-token': linkB.token } })).statusCode).toBe(404);
      // A's customer's link, and A's admin previewing the customer, see it.
      const linkA = await createPortalLink(w.t.database.db, w.t.config, { organizationId: w.orgA.id, customerId: a.customerId, createdByUserId: null });
      expect((await w.t.call({ url, headers: { 'x-portal-token': linkA.token } })).statusCode).toBe(200);
      expect((await w.t.call({ url: `${url}?customer=${a.customerId}`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
  'GET /api/portal/invoices/:id/attachments/:attachmentId/thumbnail': {
    kind: 'custom',
    run: async (w) => {
      const a = await jobOfA(w, true);
      const url = `/api/portal/invoices/${a.invoiceId}/attachments/${a.attachmentId}/thumbnail`;
      const [customerB] = await w.t.database.db.insert(customers).values({ organizationId: w.orgB.id, name: 'B Portal', email: 'b-thumb@example.com', portalAccessEnabled: true }).returning({ id: customers.id });
      const linkB = await createPortalLink(w.t.database.db, w.t.config, { organizationId: w.orgB.id, customerId: customerB.id, createdByUserId: null });
      expect((await w.t.call({ url, headers: { 'x-portal-token': linkB.token } })).statusCode).toBe(404);
      expect((await w.t.call({ url: `${url}?customer=${a.customerId}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `${url}?customer=${a.customerId}`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
};
