// Photos and files kept with a job (docs/rules/team.md#photos-and-files): added from a phone on site, seen by whoever
// reads jobs, shared with the customer in the portal when marked so.
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { portalAccessQuerySchema } from '../../../contracts/customer-portal';
import { idParamsSchema } from '../../../contracts/line-items';
import { attachmentParamsSchema, updateAttachmentBodySchema, workOrderAttachmentListSchema, workOrderAttachmentSchema } from '../../../contracts/work-order-attachments';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { portalScope, resolvePortalCustomer } from '../customer-portal/resolve-portal-customer';
import { deleteAttachment, updateAttachment } from './change-attachment';
import { findJob } from './job-access';
import { listAttachments } from './list-attachments';
import { readPortalAttachment } from './portal-attachments';
import { readAttachment, sendAttachment, type Variant } from './read-attachment';
import { ATTACHMENT_MULTIPART_LIMITS, receiveAttachment } from './receive-attachment';
import { uploadAttachment } from './upload-attachment';

const tags = ['work-orders'];
// Reading is for anyone who reads jobs; adding, changing and removing is checked against the job's crew in the
// service, since an employee (create_work_orders only) on the crew takes the photos on site.
const READ = access.require(['create_work_orders', 'manage_work_orders'], { tenant: true });

export function workOrderAttachmentsRoutes(app: ZodApp, deps: AppDeps) {
  const { db, objectStore } = deps;

  // Multipart is parsed only here and for the logo: every other route keeps taking JSON alone.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: ATTACHMENT_MULTIPART_LIMITS });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/work-orders/:id/attachments', {
      config: { access: READ },
      schema: {
        tags,
        summary:
          'Add a photo or file to the job (multipart: file field "file", optional "caption" and "shared"): a JPEG, PNG, GIF or WebP photo (at most 40 megapixels; turned upright, at most 2048 px, re-encoded without its metadata, with a 400 px thumbnail) or a PDF, decided by content, at most 20 MB; by its crew or someone who manages jobs',
        params: idParamsSchema,
        response: { 201: workOrderAttachmentSchema },
      },
      handler: async (req, reply) => {
        const ctx = requireCtx(req);
        // Who may, before a byte of the file is read.
        const job = await findJob(db, ctx, req.params.id, { change: true });
        const attachment = await uploadAttachment(db, objectStore, ctx, job, await receiveAttachment(req));
        return reply.code(201).send(attachment);
      },
    });
  });

  app.get('/api/work-orders/:id/attachments', {
    config: { access: READ },
    schema: { tags, summary: "The job's photos and files, newest first (no bytes: see /file and /thumbnail)", params: idParamsSchema, response: { 200: workOrderAttachmentListSchema } },
    handler: async (req) => listAttachments(db, requireCtx(req), req.params.id),
  });

  const bytesRoute = (variant: Variant, summary: string) =>
    app.get(`/api/work-orders/:id/attachments/:attachmentId/${variant}`, {
      config: { access: READ, answers: 'photo-or-pdf' },
      schema: { tags, summary, params: attachmentParamsSchema },
      handler: async (req, reply) => {
        const ctx = requireCtx(req);
        const job = await findJob(db, ctx, req.params.id);
        return sendAttachment(reply, await readAttachment(db, objectStore, ctx, { organizationId: job.organizationId, workOrderId: job.id, attachmentId: req.params.attachmentId }, variant));
      },
    });
  bytesRoute('file', 'The photo (as stored: at most 2048 px) or PDF, shown inline');
  bytesRoute('thumbnail', "A photo's thumbnail (at most 400 px); a PDF has none (404)");

  app.patch('/api/work-orders/:id/attachments/:attachmentId', {
    config: { access: READ },
    schema: {
      tags,
      summary: 'Change the caption (blank: none) or whether the customer sees it in the portal; by the crew or someone who manages jobs',
      params: attachmentParamsSchema,
      body: updateAttachmentBodySchema,
      response: { 200: workOrderAttachmentSchema },
    },
    handler: async (req) => {
      const ctx = requireCtx(req);
      const job = await findJob(db, ctx, req.params.id, { change: true });
      return updateAttachment(db, ctx, job, req.params.attachmentId, req.body);
    },
  });

  app.delete('/api/work-orders/:id/attachments/:attachmentId', {
    config: { access: READ },
    schema: { tags, summary: 'Remove the photo or file (from object storage too); by the crew or someone who manages jobs', params: attachmentParamsSchema },
    handler: async (req, reply) => {
      const ctx = requireCtx(req);
      const job = await findJob(db, ctx, req.params.id, { change: true });
      await deleteAttachment(db, objectStore, ctx, job, req.params.attachmentId);
      return reply.code(204).send();
    },
  });

  // The portal's calls are public at the guard: resolvePortalCustomer decides who sees which customer
  // (docs/rules/customer-portal.md#who-sees-the-portal); the service, which of their invoices and photos.
  const portalRoute = (variant: Variant, summary: string) =>
    app.get(`/api/portal/invoices/:id/attachments/:attachmentId/${variant}`, {
      config: { access: access.public(), answers: 'photo-or-pdf' },
      schema: { tags: ['customer-portal'], summary, params: attachmentParamsSchema, querystring: portalAccessQuerySchema },
      handler: async (req, reply) => {
        const { customer } = await resolvePortalCustomer(db, req, { customerId: req.query.customer, token: req.query.token });
        return sendAttachment(reply, await readPortalAttachment(db, objectStore, portalScope(req, customer), customer, req.params.id, req.params.attachmentId, variant));
      },
    });
  portalRoute('file', "A photo or file the business shared from the job this invoice of the portal customer bills (else 404)");
  portalRoute('thumbnail', "The thumbnail of such a shared photo");
}
