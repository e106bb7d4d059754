import { z } from 'zod';
import { labelOverridesSchema } from './auth';

export const organizationSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string().nullable(),
  industry: z.string().nullable(),
  logo: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  labelOverrides: labelOverridesSchema.nullable(),
  createdAt: z.string(),
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

/** What anyone may see of an organization on its public pages. */
export const publicOrganizationSchema = organizationSummarySchema.omit({ createdAt: true });
export type PublicOrganization = z.infer<typeof publicOrganizationSchema>;

export const slugParamSchema = z.object({ slug: z.string().min(1).max(50) });
