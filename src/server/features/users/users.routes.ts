import { listQuerySchema } from '../../../contracts/lists';
import { LIST_PAGING, listExportFormatSchema } from '../../../contracts/list-export';
import { createUserBodySchema, updateUserBodySchema, userIdParamsSchema, userListSchema, userSchema } from '../../../contracts/users';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { sendListExport } from '../../platform/list-export';
import { exportUsers } from './export-users';
import { setTotalCount } from '../../platform/lists';
import { createUser } from './create-user';
import { listUsers } from './list-users';
import { updateUser } from './update-user';

// manage_users is held by org_admin and super_user (docs/rules/organizations-and-roles.md#role-table).
const manage = access.require('manage_users', { tenant: true });
const tags = ['users'];

export function usersRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/users', {
    config: { access: manage },
    schema: {
      tags,
      summary: "The organization's users (a super user: everyone's, or one organization's), by first name; total in X-Total-Count",
      querystring: listQuerySchema,
      response: { 200: userListSchema },
    },
    handler: async (req, reply) => {
      const { rows, total } = await listUsers(db, requireCtx(req), req.query);
      setTotalCount(reply, total);
      return rows;
    },
  });

  app.get('/api/users/export', {
    config: { access: manage, answers: 'spreadsheet' },
    schema: {
      tags,
      summary: 'The users list as CSV or XLSX, with its search and sort, streamed (users-<date>.csv|.xlsx)',
      querystring: listQuerySchema.omit(LIST_PAGING).extend(listExportFormatSchema.shape),
    },
    handler: async (req, reply) => sendListExport(db, req, reply, req.query, exportUsers(db, requireCtx(req), req.query)),
  });

  app.post('/api/users', {
    config: { access: manage },
    schema: {
      tags,
      summary: 'Add a user (role defaults to employee; only a super user chooses the organization or grants super_user; 409 for a taken e-mail)',
      body: createUserBodySchema,
      response: { 201: userSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await createUser(db, requireCtx(req), req.body)),
  });

  app.put('/api/users/:id', {
    config: { access: manage },
    schema: {
      tags,
      summary: "Change a user's details, role or active flag (deactivating ends their sessions; nobody changes their own role)",
      params: userIdParamsSchema,
      body: updateUserBodySchema,
      response: { 200: userSchema },
    },
    handler: async (req) => updateUser(db, requireCtx(req), req.params.id, req.body),
  });
}
