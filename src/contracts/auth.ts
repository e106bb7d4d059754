import { z } from 'zod';
import { PERMISSIONS, ROLES } from './permissions';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

export const sendOtpBodySchema = z.object({ email: emailSchema });
export type SendOtpBody = z.infer<typeof sendOtpBodySchema>;

export const verifyOtpBodySchema = z.object({
  email: emailSchema,
  code: z.string().trim().length(6, 'Verification code must be 6 digits').regex(/^\d{6}$/, 'Verification code must be 6 digits'),
});
export type VerifyOtpBody = z.infer<typeof verifyOtpBodySchema>;

export const registerBodySchema = z.object({
  email: emailSchema,
  firstName: z.string().trim().min(2, 'First name must be at least 2 characters').max(100),
  lastName: z.string().trim().min(2, 'Last name must be at least 2 characters').max(100),
  // Sent by the original client; the server always registers a guest with an empty company name.
  role: z.string().optional(),
  companyName: z.string().max(200).optional().nullable(),
  organizationId: z.union([z.number(), z.string()]).optional().nullable(),
  /** The slug the register page was opened with (`/register?org={slug}`). */
  organizationSlug: z.string().max(50).optional().nullable(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const messageSchema = z.object({ message: z.string() });

export const labelOverridesSchema = z
  .object({
    customers: z.string().max(40).optional(),
    workOrders: z.string().max(40).optional(),
    estimates: z.string().max(40).optional(),
    invoices: z.string().max(40).optional(),
    inventory: z.string().max(40).optional(),
  })
  .partial();

export const sessionOrganizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string().nullable(),
  industry: z.string().nullable(),
  logo: z.string().nullable(),
  labelOverrides: labelOverridesSchema.nullable(),
});
export type SessionOrganization = z.infer<typeof sessionOrganizationSchema>;

export const currentUserSchema = z.object({
  id: z.number().int(),
  accountId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  organizationId: z.number().int().nullable(),
  role: z.enum(ROLES),
  /** The user's own extra permissions, as stored. */
  permissions: z.array(z.string()),
  /** Role permissions plus extras: what the server will allow. */
  effectivePermissions: z.array(z.enum(PERMISSIONS)),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  organization: sessionOrganizationSchema.nullable(),
  /** True when this user is being viewed through a super user's impersonation token. */
  impersonating: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const organizationTokenSchema = z.object({ token: z.string() });

export const impersonationUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
});

export const impersonationStatusSchema = z.object({
  isImpersonating: z.boolean(),
  originalUser: impersonationUserSchema.nullable(),
  impersonatedUser: impersonationUserSchema.nullable(),
  expiresAt: z.string().nullable(),
});
export type ImpersonationStatus = z.infer<typeof impersonationStatusSchema>;

export const impersonateBodySchema = z.object({
  userId: z.coerce.number().int().positive(),
});

export const impersonateResponseSchema = z.object({
  sessionToken: z.string(),
  expiresAt: z.string(),
  user: impersonationUserSchema,
});

