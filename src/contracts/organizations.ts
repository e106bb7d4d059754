// Organizations (docs/rules/organizations-and-roles.md#organization-form, docs/rules/platform.md#uploads-and-lookups): the form's rules,
// the logo's limits and the shapes the API answers, shared by the server and the React screen.
import { z } from 'zod';
import { labelOverridesSchema } from './auth';

export const ORGANIZATION_LIMITS = {
  name: 200,
  slug: 50,
  industry: 100,
  address: 300,
  city: 100,
  state: 50,
  zip: 20,
  phone: 30,
  email: 254,
  website: 300,
  paymentLink: 500,
  bankRouting: 34,
  taxId: 30,
  notes: 5000,
} as const;

export const ORGANIZATION_MESSAGES = {
  nameRequired: 'Name is required',
  email: 'Invalid email address',
  slug: 'Slug must be at most 50 lowercase letters, digits and single hyphens (e.g. "acme-plumbing")',
  slugTaken: 'This slug is already in use',
  industry: 'Please choose an industry from the list',
  bankAccount: 'Bank account must be 4-34 letters or digits',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  notFound: 'Organization not found',
  created: 'Organization created successfully',
  updated: 'Organization updated successfully',
  createFailed: 'Failed to create organization',
  updateFailed: 'Failed to update organization',
} as const;

/** Lowercase letters and digits in groups joined by single hyphens: a slug is a path segment of the public pages. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** docs/rules/organizations-and-roles.md#slugs: a slug too long or with anything else in it is refused before any request. */
export function isValidSlug(slug: string): boolean {
  return slug.length <= ORGANIZATION_LIMITS.slug && SLUG_PATTERN.test(slug);
}

/** The public pages of an organization (docs/rules/organizations-and-roles.md#organization-form: Home, Services, Booking). */
export function publicOrganizationPaths(slug: string) {
  const s = encodeURIComponent(slug);
  return { home: `/org/${s}`, services: `/services/${s}`, booking: `/schedule/${s}` };
}

/** What the bank account is shown as: its last 4 characters behind dots, never the whole number. */
export const BANK_ACCOUNT_MASK = '••••';
export function maskBankAccount(value: string | null | undefined): string | null {
  if (!value) return null;
  return `${BANK_ACCOUNT_MASK}${value.slice(-4)}`;
}
/** A value holding the mask's dots is the masked display sent back unchanged: "keep the stored number". */
export function isMaskedBankAccount(value: string): boolean {
  return value.includes('•');
}

// ---- Logo (docs/rules/organizations-and-roles.md#logo) ----

export const LOGO_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 4096,
  /** What the server accepts, decided by the bytes; the browser's declared type only pre-checks. */
  contentTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  /** The multipart field the file travels in (docs/rules/organizations-and-roles.md#logo). */
  field: 'logo',
} as const;

export const LOGO_MESSAGES = {
  notImage: 'Please select an image file',
  tooLarge: 'File size must be less than 5MB',
  tooManyPixels: `Image must be at most ${LOGO_LIMITS.maxPixels} x ${LOGO_LIMITS.maxPixels} pixels`,
  missing: 'Choose an image file to upload as the logo',
  uploaded: 'Logo uploaded successfully',
  uploadFailed: 'Failed to upload logo',
} as const;

/** The client-side pre-check of docs/rules/organizations-and-roles.md#logo (the server decides by the file's content). */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_LIMITS.contentTypes as readonly string[]).includes(file.type)) return LOGO_MESSAGES.notImage;
  if (file.size > LOGO_LIMITS.maxBytes) return LOGO_MESSAGES.tooLarge;
  return null;
}

// ---- Request bodies ----

/** Left out stays undefined ("unchanged" on update); blank or null becomes null ("none"). */
function blankAsNull(v: string | null | undefined): string | null | undefined {
  return v === undefined ? undefined : v || null;
}

const text = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, ORGANIZATION_MESSAGES.tooLong(max))
    .nullish()
    .transform(blankAsNull);

const nameSchema = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? ORGANIZATION_MESSAGES.nameRequired : 'Name must be text') })
  .trim()
  .min(1, ORGANIZATION_MESSAGES.nameRequired)
  .max(ORGANIZATION_LIMITS.name, ORGANIZATION_MESSAGES.tooLong(ORGANIZATION_LIMITS.name));

const emailSchema = z
  .string({ error: ORGANIZATION_MESSAGES.email })
  .trim()
  .max(ORGANIZATION_LIMITS.email, ORGANIZATION_MESSAGES.email)
  .nullish()
  .refine((v) => !v || z.email().safeParse(v).success, ORGANIZATION_MESSAGES.email)
  .transform((v) => (v ? v.toLowerCase() : blankAsNull(v)));

/** Blank means "make one from the name" (create) or "make one again from the name" (update). */
const slugSchema = z
  .string({ error: ORGANIZATION_MESSAGES.slug })
  .trim()
  .nullish()
  .refine((v) => !v || isValidSlug(v), ORGANIZATION_MESSAGES.slug)
  .transform(blankAsNull);

/** Any text here; the service checks it against INDUSTRIES (an organization keeps an older value it already has). */
const industrySchema = text(ORGANIZATION_LIMITS.industry);

/**
 * A new number, the masked display sent back (keeps the stored one), or blank (removes it). Spaces and
 * hyphens people type between groups are dropped.
 */
const bankAccountSchema = z
  .string({ error: ORGANIZATION_MESSAGES.bankAccount })
  .trim()
  .max(60, ORGANIZATION_MESSAGES.bankAccount)
  .nullish()
  .transform((v) => (v && !isMaskedBankAccount(v) ? v.replace(/[\s-]/g, '') : blankAsNull(v)))
  .refine((v) => !v || isMaskedBankAccount(v) || /^[A-Za-z0-9]{4,34}$/.test(v), ORGANIZATION_MESSAGES.bankAccount);

/** Blank labels mean "use the industry's label"; they are dropped before storing. */
const labelsSchema = labelOverridesSchema.nullish();

const fields = {
  slug: slugSchema,
  industry: industrySchema,
  address: text(ORGANIZATION_LIMITS.address),
  city: text(ORGANIZATION_LIMITS.city),
  state: text(ORGANIZATION_LIMITS.state),
  zip: text(ORGANIZATION_LIMITS.zip),
  phone: text(ORGANIZATION_LIMITS.phone),
  email: emailSchema,
  website: text(ORGANIZATION_LIMITS.website),
  paymentLink: text(ORGANIZATION_LIMITS.paymentLink),
  bankAccount: bankAccountSchema,
  bankRouting: text(ORGANIZATION_LIMITS.bankRouting),
  taxId: text(ORGANIZATION_LIMITS.taxId),
  notes: text(ORGANIZATION_LIMITS.notes),
  labelOverrides: labelsSchema,
};

export const createOrganizationBodySchema = z.object({ name: nameSchema, ...fields });
export type CreateOrganizationInput = z.input<typeof createOrganizationBodySchema>;
export type CreateOrganizationBody = z.infer<typeof createOrganizationBodySchema>;

/** Every field optional: what is left out stays as it is. */
export const updateOrganizationBodySchema = z.object({ name: nameSchema.optional(), ...fields });
export type UpdateOrganizationInput = z.input<typeof updateOrganizationBodySchema>;
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;

export const organizationIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

// ---- Answers ----

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

/** What only people who manage the organization see; the bank account only masked (processorConfig never). */
const privateFields = {
  paymentLink: z.string().nullable(),
  bankAccount: z.string().nullable(),
  bankRouting: z.string().nullable(),
  taxId: z.string().nullable(),
  notes: z.string().nullable(),
};

/** The organization as its managers see and edit it (create, update and logo answers). */
export const organizationSchema = organizationSummarySchema.extend(privateFields);
export type Organization = z.infer<typeof organizationSchema>;

/** GET /api/organizations: the private fields only for callers holding manage_organization. */
export const organizationListItemSchema = organizationSummarySchema.extend(z.object(privateFields).partial().shape);
export type OrganizationListItem = z.infer<typeof organizationListItemSchema>;
export const organizationListSchema = z.array(organizationListItemSchema);

/** What anyone may see of an organization on its public pages. */
export const publicOrganizationSchema = organizationSummarySchema.omit({ createdAt: true });
export type PublicOrganization = z.infer<typeof publicOrganizationSchema>;

export const slugParamSchema = z.object({ slug: z.string().min(1).max(50) });
