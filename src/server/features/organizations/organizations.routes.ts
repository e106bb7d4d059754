import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createOrganizationBodySchema,
  organizationIdParamsSchema,
  organizationListSchema,
  organizationSchema,
  publicOrganizationSchema,
  slugParamSchema,
  updateOrganizationBodySchema,
} from '../../../contracts/organizations';
import { organizations } from '../../db/schema/index';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { errorBody, notFound } from '../../platform/errors';
import { requireCtx } from '../../platform/guard';
import { createOrganization } from './create-organization';
import { listOrganizations } from './list-organizations';
import { organizationColumns, toPublicOrganization } from './organization-response';
import { LOGO_MULTIPART_LIMITS, receiveLogoFile } from './receive-logo-file';
import { findUpload } from './serve-upload';
import { updateOrganization } from './update-organization';
import { assertOrganizationEditable, uploadLogo } from './upload-logo';

const tags = ['organizations'];
// Creating organizations is the system's business (manage_all_orgs: super users); changing one is its admin's.
const createAccess = access.require('manage_all_orgs', { tenant: false });
const editAccess = access.require('manage_organization', { tenant: true });

export function organizationsRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/organizations', {
    config: { access: access.signedIn() },
    schema: {
      tags,
      summary: "The caller's organization (every organization for a super user); bank account masked, payment and tax details only for its admins",
      response: { 200: organizationListSchema },
    },
    handler: async (req) => listOrganizations(db, requireCtx(req)),
  });

  app.post('/api/organizations', {
    config: { access: createAccess },
    schema: {
      tags,
      summary: 'Create an organization (super users). A blank slug is made from the name; a taken one is 409',
      body: createOrganizationBodySchema,
      response: { 201: organizationSchema },
    },
    handler: async (req, reply) => reply.code(201).send(await createOrganization(db, requireCtx(req), req.body)),
  });

  app.put('/api/organizations/:id', {
    config: { access: editAccess },
    schema: {
      tags,
      summary: 'Change an organization (left-out fields stay; the masked bank account sent back keeps the stored one)',
      params: organizationIdParamsSchema,
      body: updateOrganizationBodySchema,
      response: { 200: organizationSchema },
    },
    handler: async (req) => updateOrganization(db, requireCtx(req), req.params.id, req.body),
  });

  // Multipart is parsed only here: every other route keeps taking JSON alone.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: LOGO_MULTIPART_LIMITS });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/organizations/:id/logo', {
      config: { access: editAccess },
      schema: {
        tags,
        summary: 'Upload the logo (multipart, file field "logo"): PNG, JPEG, GIF or WebP by content, at most 5 MB and 4096 x 4096 pixels',
        params: organizationIdParamsSchema,
        response: { 200: organizationSchema },
      },
      handler: async (req) => {
        const ctx = requireCtx(req);
        await assertOrganizationEditable(db, ctx, req.params.id);
        return uploadLogo(db, ctx, req.params.id, await receiveLogoFile(req));
      },
    });
  });

  app.get('/api/public/organization-by-slug/:slug', {
    config: { access: access.public() },
    schema: { tags: ['public'], summary: "An organization's public details", params: slugParamSchema, response: { 200: publicOrganizationSchema } },
    handler: async (req) => {
      const [org] = await db.select(organizationColumns).from(organizations).where(eq(organizations.slug, req.params.slug.toLowerCase())).limit(1);
      if (!org) throw notFound('Organization not found');
      return toPublicOrganization(org);
    },
  });

  // Public, outside /api (logos show on public pages, e-mails and documents). The address never changes
  // its bytes (a new logo is a new upload), so browsers may keep it for a year.
  app.get<{ Params: { id: string; name: string } }>('/uploads/:id/:name', async (req, reply) => {
    const file = await findUpload(db, req.params.id, req.params.name);
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!file) return reply.code(404).header('Cache-Control', 'no-store').send(errorBody('NOT_FOUND', 'File not found'));
    return reply
      .type(file.contentType)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Disposition', 'inline')
      .send(file.data);
  });
}
