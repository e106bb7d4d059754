import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { organizationSummarySchema, publicOrganizationSchema, slugParamSchema } from '../../../contracts/organizations';
import { organizations } from '../../db/schema/index';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { requireCtx } from '../../platform/guard';
import { tenantFilter } from '../../platform/tenancy';

const summaryColumns = {
  id: organizations.id,
  name: organizations.name,
  slug: organizations.slug,
  industry: organizations.industry,
  logo: organizations.logo,
  address: organizations.address,
  city: organizations.city,
  state: organizations.state,
  zip: organizations.zip,
  phone: organizations.phone,
  email: organizations.email,
  website: organizations.website,
  labelOverrides: organizations.labelOverrides,
  createdAt: organizations.createdAt,
};

export function organizationsRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/organizations', {
    config: { access: access.signedIn() },
    schema: { tags: ['organizations'], summary: "The caller's organization (every organization for a super user)", response: { 200: z.array(organizationSummarySchema) } },
    handler: async (req) => {
      const ctx = requireCtx(req);
      const rows = await db.select(summaryColumns).from(organizations).where(tenantFilter(ctx, organizations.id)).orderBy(asc(organizations.name));
      return rows.map((o) => ({ ...o, labelOverrides: o.labelOverrides ?? null, createdAt: o.createdAt.toISOString() }));
    },
  });

  app.get('/api/public/organization-by-slug/:slug', {
    config: { access: access.public() },
    schema: { tags: ['public'], summary: "An organization's public details", params: slugParamSchema, response: { 200: publicOrganizationSchema } },
    handler: async (req) => {
      const [org] = await db.select(summaryColumns).from(organizations).where(eq(organizations.slug, req.params.slug.toLowerCase())).limit(1);
      if (!org) throw notFound('Organization not found');
      const { createdAt: _createdAt, ...rest } = org;
      return { ...rest, labelOverrides: rest.labelOverrides ?? null };
    },
  });
}
