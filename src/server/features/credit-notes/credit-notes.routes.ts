import { messageSchema } from '../../../contracts/auth';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import { createCreditNoteSchema, creditNoteListQuerySchema, creditNoteListSchema, creditNoteSchema } from '../../../contracts/credit-notes';
import { idParamsSchema } from '../../../contracts/line-items';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { exportCreditNotes } from './export-credit-notes';
import { setTotalCount } from '../../platform/lists';
import { sendPdf } from '../documents/send-pdf';
import { createCreditNote } from './create-credit-note';
import { renderCreditNotePdf } from './credit-note-pdf';
import { emailCreditNote } from './email-credit-note';
import { getCreditNote } from './get-credit-note';
import { listCreditNotes } from './list-credit-notes';

// Who reads invoices reads their credit notes; who may change invoices issues and sends them.
const READ = ['view_financials', 'manage_invoices', 'create_invoices'] as const;

export function creditNotesRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/credit-notes', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: {
      tags: ['credit-notes'],
      summary: 'Credit notes with their lines, newest first (q: note number, invoice number, customer; invoiceId)',
      querystring: creditNoteListQuerySchema,
      response: { 200: creditNoteListSchema },
    },
    handler: async (req, reply) => {
      const { items, total } = await listCreditNotes(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return items;
    },
  });

  app.get('/api/credit-notes/export', {
    config: { access: access.require(READ, { tenant: true }), answers: 'spreadsheet' },
    schema: {
      tags: ['credit-notes'],
      summary: 'The credit notes list as CSV or XLSX, with its search, filter and sort, streamed (credit-notes-<date>.csv|.xlsx)',
      querystring: creditNoteListQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportCreditNotes(db, requireCtx(req), req.query)),
  });

  app.get('/api/credit-notes/:id', {
    config: { access: access.require(READ, { tenant: true }) },
    schema: { tags: ['credit-notes'], summary: 'One credit note with its lines', params: idParamsSchema, response: { 200: creditNoteSchema } },
    handler: async (req) => getCreditNote(db, requireCtx(req), req.params.id),
  });

  app.post('/api/invoices/:id/credit-notes', {
    config: { access: access.require('manage_invoices', { tenant: true }) },
    schema: {
      tags: ['credit-notes'],
      summary: 'Issue a credit note (CN-00001) against a sent invoice: lines and tax, at most what is left to credit; lowers its balance',
      params: idParamsSchema,
      body: createCreditNoteSchema,
      response: { 201: creditNoteSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await createCreditNote(db, requireCtx(req), req.params.id, req.body)),
  });

  app.get('/api/credit-notes/:id/pdf', {
    config: { access: access.require(READ, { tenant: true }), answers: 'application/pdf' },
    schema: { tags: ['credit-notes'], summary: 'The credit note as a PDF download (credit-note-CN-00001.pdf)', params: idParamsSchema },
    handler: async (req, reply) => {
      const { fileName, pdf } = await renderCreditNotePdf(db, requireCtx(req), req.params.id);
      return sendPdf(reply, fileName, pdf);
    },
  });

  app.post('/api/credit-notes/:id/email', {
    config: { access: access.require('manage_invoices', { tenant: true }) },
    schema: {
      tags: ['credit-notes'],
      summary: "E-mail the credit note with its PDF to the customer's address; recorded in Messaging",
      params: idParamsSchema,
      response: { 200: messageSchema },
    },
    handler: async (req) => {
      await emailCreditNote(deps, requireCtx(req), req.params.id);
      return { message: 'Credit note emailed successfully to customer' };
    },
  });
}
