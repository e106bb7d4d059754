// Checklist templates and a job's checklists (docs/rules/team.md#checklists).
import { z } from 'zod';
import {
  attachChecklistSchema,
  checklistActionBodySchema,
  checklistAnswersBodySchema,
  checklistParamsSchema,
  checklistTemplateSchema,
  createChecklistTemplateSchema,
  deleteChecklistTemplateResultSchema,
  updateChecklistTemplateSchema,
  workOrderChecklistSchema,
} from '../../../contracts/checklists';
import { idParamsSchema } from '../../../contracts/line-items';
import { organizationQuerySchema } from '../../../contracts/lists';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { createChecklistTemplate, deleteChecklistTemplate, getChecklistTemplate, listChecklistTemplates, updateChecklistTemplate } from './checklist-templates';
import { attachChecklist, completeChecklist, removeChecklist, reopenChecklist, saveChecklistAnswers } from './job-checklists';

// Templates belong with the services that bring them, so they are the scheduling managers' (manage_appointments);
// whoever books visits or works jobs reads them, to offer them on a job.
const READ_TEMPLATES = ['manage_appointments', 'view_appointments', 'create_work_orders', 'manage_work_orders'] as const;
const WRITE_TEMPLATES = 'manage_appointments';
// A job's checklists: anyone who reads jobs reaches the route, the service lets only the crew or a manager act.
const JOBS = ['create_work_orders', 'manage_work_orders'] as const;

export function checklistsRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const tags = ['checklists'];

  app.get('/api/checklist-templates', {
    config: { access: access.require(READ_TEMPLATES, { tenant: true }) },
    schema: {
      tags,
      summary: "The organization's checklist templates with the services that bring them; active ones first, by name",
      querystring: organizationQuerySchema,
      response: { 200: z.array(checklistTemplateSchema) },
    },
    handler: async (req) => listChecklistTemplates(db, requireCtx(req), req.query.organizationId),
  });

  app.post('/api/checklist-templates', {
    config: { access: access.require(WRITE_TEMPLATES, { tenant: true }) },
    schema: {
      tags,
      summary: 'Add a checklist template: a name (at most 120 characters) and 1-50 items (yes_no, number, text, photo); item ids are made by the server',
      body: createChecklistTemplateSchema,
      response: { 201: checklistTemplateSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await createChecklistTemplate(db, requireCtx(req), req.body)),
  });

  app.get('/api/checklist-templates/:id', {
    config: { access: access.require(READ_TEMPLATES, { tenant: true }) },
    schema: { tags, summary: 'One checklist template', params: idParamsSchema, response: { 200: checklistTemplateSchema } },
    handler: async (req) => getChecklistTemplate(db, requireCtx(req), req.params.id),
  });

  app.put('/api/checklist-templates/:id', {
    config: { access: access.require(WRITE_TEMPLATES, { tenant: true }) },
    schema: {
      tags,
      summary: 'Change a checklist template (items sent with their id keep it); isActive false archives it. Jobs keep the copy they have',
      params: idParamsSchema,
      body: updateChecklistTemplateSchema,
      response: { 200: checklistTemplateSchema },
    },
    handler: async (req) => updateChecklistTemplate(db, requireCtx(req), req.params.id, req.body),
  });

  app.delete('/api/checklist-templates/:id', {
    config: { access: access.require(WRITE_TEMPLATES, { tenant: true }) },
    schema: {
      tags,
      summary: 'Delete a checklist template no job has; one a job has is archived instead (result says which)',
      params: idParamsSchema,
      response: { 200: deleteChecklistTemplateResultSchema },
    },
    handler: async (req) => deleteChecklistTemplate(db, requireCtx(req), req.params.id),
  });

  app.post('/api/work-orders/:id/checklists', {
    config: { access: access.require(JOBS, { tenant: true }) },
    schema: {
      tags,
      summary: "Put an active template's checklist on the job (its name and items copied); by the job's crew or someone who manages jobs",
      params: idParamsSchema,
      body: attachChecklistSchema,
      response: { 201: workOrderChecklistSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await attachChecklist(db, requireCtx(req), req.params.id, req.body)),
  });

  app.delete('/api/work-orders/:id/checklists/:checklistId', {
    config: { access: access.require(JOBS, { tenant: true }) },
    schema: {
      tags,
      summary: 'Take a checklist off the job (someone who manages jobs; not once completed)',
      params: checklistParamsSchema,
      response: { 204: z.null().describe('Removed') },
    },
    handler: async (req, reply) => {
      await removeChecklist(db, requireCtx(req), req.params.id, req.params.checklistId);
      return reply.code(204).send(null);
    },
  });

  app.put('/api/work-orders/:id/checklists/:checklistId/answers', {
    config: { access: access.require(JOBS, { tenant: true }) },
    schema: {
      tags,
      summary: "Save answers by item id (null clears one; others stay), each as its item's kind: yes_no boolean, number, text, photo { attachmentId }",
      params: checklistParamsSchema,
      body: checklistAnswersBodySchema,
      response: { 200: workOrderChecklistSchema },
    },
    handler: async (req) => saveChecklistAnswers(db, requireCtx(req), req.params.id, req.params.checklistId, req.body),
  });

  app.post('/api/work-orders/:id/checklists/:checklistId/complete', {
    config: { access: access.require(JOBS, { tenant: true }) },
    schema: {
      tags,
      summary: 'Complete the checklist: every required item answered (400 naming the missing ones), then who and when are kept',
      params: checklistParamsSchema,
      body: checklistActionBodySchema,
      response: { 200: workOrderChecklistSchema },
    },
    handler: async (req) => completeChecklist(db, requireCtx(req), req.params.id, req.params.checklistId),
  });

  app.post('/api/work-orders/:id/checklists/:checklistId/reopen', {
    config: { access: access.require(JOBS, { tenant: true }) },
    schema: {
      tags,
      summary: 'Reopen a completed checklist so it can be changed again (someone who manages jobs); the answers stay',
      params: checklistParamsSchema,
      body: checklistActionBodySchema,
      response: { 200: workOrderChecklistSchema },
    },
    handler: async (req) => reopenChecklist(db, requireCtx(req), req.params.id, req.params.checklistId),
  });
}
