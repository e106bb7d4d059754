// Messaging (docs/rules/messaging.md): messages sent by e-mail or SMS, and reusable templates.
import { z } from 'zod';
import {
  createMessageBodySchema,
  createTemplateBodySchema,
  messageIdParamsSchema,
  messageListQuerySchema,
  messageListSchema,
  messageSchema,
  messageTemplateListSchema,
  messageTemplateSchema,
  templateIdParamsSchema,
  updateMessageBodySchema,
  updateTemplateBodySchema,
} from '../../../contracts/messaging';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { exportMessages } from './export-messages';
import { setTotalCount } from '../../platform/lists';
import { createMessage } from './create-message';
import { listMessageTemplates } from './list-message-templates';
import { listMessages } from './list-messages';
import { createMessageTemplate, deleteMessageTemplate, updateMessageTemplate } from './save-message-template';
import { updateMessage } from './update-message';

const read = access.require(['view_messages', 'send_messages'], { tenant: true });
const write = access.require('send_messages', { tenant: true });
const tags = ['messaging'];

export function messagingRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/messages', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Messages, newest first; q searches subject and content (total in X-Total-Count). Customers and guests see only those sent to them.',
      querystring: messageListQuerySchema,
      response: { 200: messageListSchema },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listMessages(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.get('/api/messages/export', {
    config: { access: read, answers: 'spreadsheet' },
    schema: {
      tags,
      summary: 'The messages list as CSV or XLSX, with its search, filters and sort, streamed (messages-<date>.csv|.xlsx)',
      querystring: messageListQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportMessages(db, requireCtx(req), req.query)),
  });

  app.post('/api/messages', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Create a message (a draft by default); status sent delivers it at once, one delivery per recipient (503 when none went out)',
      body: createMessageBodySchema,
      response: { 201: messageSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await createMessage(deps, requireCtx(req), req.body)),
  });

  app.put('/api/messages/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: "Change a draft; status 'sent' delivers it (409 when already sent, 503 when no delivery went out)",
      params: messageIdParamsSchema,
      body: updateMessageBodySchema,
      response: { 200: messageSchema },
    },
    handler: async (req) => updateMessage(deps, requireCtx(req), req.params.id, req.body),
  });

  app.get('/api/message-templates', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Message templates by name; q searches name, subject and content (staff only)',
      querystring: messageListQuerySchema.omit({ status: true }),
      response: { 200: messageTemplateListSchema },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listMessageTemplates(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.post('/api/message-templates', {
    config: { access: write },
    schema: { tags, summary: 'Add a message template', body: createTemplateBodySchema, response: { 201: messageTemplateSchema } },
    handler: async (req, reply) => reply.code(201).send(await createMessageTemplate(db, requireCtx(req), req.body)),
  });

  app.put('/api/message-templates/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Change a message template (fields left out stay as they are)',
      params: templateIdParamsSchema,
      body: updateTemplateBodySchema,
      response: { 200: messageTemplateSchema },
    },
    handler: async (req) => updateMessageTemplate(db, requireCtx(req), req.params.id, req.body),
  });

  app.delete('/api/message-templates/:id', {
    config: { access: write },
    schema: { tags, summary: 'Delete a message template', params: templateIdParamsSchema, response: { 204: z.null().describe('Deleted') } },
    handler: async (req, reply) => {
      await deleteMessageTemplate(db, requireCtx(req), req.params.id);
      return reply.code(204).send(null);
    },
  });
}
