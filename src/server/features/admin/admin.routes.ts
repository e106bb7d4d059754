import { adminUserListSchema, adminUserSchema, auditLogQuerySchema, auditLogSchema, systemStatsSchema } from '../../../contracts/admin';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import { listQuerySchema } from '../../../contracts/lists';
import { adminCreateUserBodySchema, updateUserRoleBodySchema, userIdParamsSchema } from '../../../contracts/users';
import { impersonateBodySchema, impersonateResponseSchema, messageSchema } from '../../../contracts/auth';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { exportAuditLog } from './export-audit-log';
import { exportUsers } from '../users/export-users';
import { setTotalCount } from '../../platform/lists';
import { createUser } from '../users/create-user';
import { listUsers } from '../users/list-users';
import { updateUser } from '../users/update-user';
import { listAuditLog } from './list-audit-log';
import { endImpersonation, startImpersonation } from './impersonation';
import { systemStats } from './system-stats';

// system_admin is the super user's alone (docs/rules/organizations-and-roles.md#server-enforcement).
const superOnly = access.require('system_admin', { tenant: false });
const tags = ['admin'];

export function adminRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/admin/users', {
    config: { access: superOnly },
    schema: {
      tags,
      summary: 'Every user (or one organization\'s), sorted by first name; q searches name, e-mail and company; total in X-Total-Count',
      querystring: listQuerySchema,
      response: { 200: adminUserListSchema },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listUsers(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.get('/api/admin/users/export', {
    config: { access: superOnly, answers: 'spreadsheet' },
    schema: {
      tags,
      summary: 'Every user (or one organization\'s) as CSV or XLSX, with the list\'s search and sort, streamed (users-<date>.csv|.xlsx)',
      querystring: listQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportUsers(db, requireCtx(req), req.query)),
  });

  app.post('/api/admin/users', {
    config: { access: superOnly },
    schema: {
      tags,
      summary: 'Create a user of any role; an organization is required unless the role is customer or super_user (409 for a taken e-mail)',
      body: adminCreateUserBodySchema,
      response: { 201: adminUserSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await createUser(db, requireCtx(req), req.body)),
  });

  app.put('/api/admin/users/:id/role', {
    config: { access: superOnly },
    schema: {
      tags,
      summary: "Change a user's role (takes effect on their next request; a super user cannot change their own)",
      params: userIdParamsSchema,
      body: updateUserRoleBodySchema,
      response: { 200: adminUserSchema },
    },
    handler: async (req) => updateUser(db, requireCtx(req), req.params.id, { role: req.body.role }),
  });

  app.get('/api/admin/system-stats', {
    config: { access: superOnly },
    schema: {
      tags,
      summary: 'Users, organizations, active sign-in sessions and System Health (database, migrations, outbox and reminder backlog)',
      response: { 200: systemStatsSchema },
    },
    handler: async () => systemStats(deps.database),
  });

  app.get('/api/admin/audit-log', {
    config: { access: superOnly },
    schema: {
      tags,
      summary: 'The audit log, newest first (action: exact or a family such as "user"; total in X-Total-Count)',
      querystring: auditLogQuerySchema,
      response: { 200: auditLogSchema },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listAuditLog(db, req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.get('/api/admin/audit-log/export', {
    config: { access: superOnly, answers: 'spreadsheet' },
    schema: {
      tags,
      summary: 'The audit log as CSV or XLSX, with its filters, newest first, streamed (audit-log-<date>.csv|.xlsx)',
      querystring: auditLogQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportAuditLog(db, req.query)),
  });

  app.post('/api/admin/impersonate', {
    config: { access: access.require('impersonate_users', { tenant: false, sessionOnly: true }) },
    schema: {
      tags,
      summary: 'Start acting as another user for 24 hours (send the token as x-impersonation-token)',
      body: impersonateBodySchema,
      response: { 200: impersonateResponseSchema },
    },
    handler: async (req) => startImpersonation(db, requireCtx(req), req.body.userId),
  });

  app.post('/api/admin/end-impersonation', {
    // Called while acting as the impersonated user, whose permissions may be few; the token itself is the proof.
    config: { access: access.signedIn({ sessionOnly: true }) },
    schema: { tags, summary: 'End the impersonation carried by x-impersonation-token', response: { 200: messageSchema } },
    handler: async (req) => ((await endImpersonation(db, requireCtx(req))) ? { message: 'Impersonation ended' } : { message: 'Not impersonating' }),
  });
}
