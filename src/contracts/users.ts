// Users (docs/rules/organizations-and-roles.md#user-form, #create-user): the form's rules and the API's shapes,
// shared by the server and the React forms of /users and /super-admin.
import { z } from 'zod';
import { ROLES, type Role } from './permissions';

export const USER_LIMITS = { email: 254, firstName: 100, lastName: 100, companyName: 200 } as const;

export const USER_MESSAGES = {
  email: 'Invalid email address',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  roleRequired: 'Role is required',
  role: 'Please choose a role from the list',
  organization: 'Please choose an organization from the list',
  organizationRequired: 'Organization selection is required for non-customer users',
  organizationNotFound: 'Organization not found',
  boolean: 'Must be true or false',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  duplicateEmail: 'A user with this email address already exists',
  notFound: 'User not found',
  ownRole: 'You cannot change your own role',
  ownDeactivation: 'You cannot deactivate your own account',
  grantSuperUser: 'Only a super user can grant the Super User role',
  changeSuperUser: 'Only a super user can change a super user',
  otherOrganization: 'You can only manage users of your own organization',
  created: 'User created successfully',
  createFailed: 'Failed to create user',
  updated: 'User updated successfully',
  updateFailed: 'Failed to update user',
  roleUpdated: 'User role updated successfully',
  roleUpdateFailed: 'Failed to update user role',
} as const;

/** Stored lower-cased: the unique index is on that form, so Ann@x.com and ann@x.com are one account. */
export const userEmailSchema = z
  .string({ error: USER_MESSAGES.email })
  .trim()
  .toLowerCase()
  .max(USER_LIMITS.email, USER_MESSAGES.email)
  .pipe(z.email(USER_MESSAGES.email));

const requiredName = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, USER_MESSAGES.tooLong(max));

/** Optional; blank is stored as null. */
export const companyNameSchema = z
  .string({ error: 'Company name must be text' })
  .trim()
  .max(USER_LIMITS.companyName, USER_MESSAGES.tooLong(USER_LIMITS.companyName))
  .nullish()
  .transform((v) => (v ? v : null));

/** A number (or the digits of a select's value); '' and null are the "No Organization" choice. */
export const userOrganizationIdSchema = z
  .union([z.number(), z.string().regex(/^\s*\d*\s*$/), z.null()], { error: USER_MESSAGES.organization })
  .transform((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : Number(v)))
  .pipe(z.number().int(USER_MESSAGES.organization).positive(USER_MESSAGES.organization).max(2_147_483_647, USER_MESSAGES.organization).nullable());

export const roleSchema = z.enum(ROLES, {
  error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? USER_MESSAGES.roleRequired : USER_MESSAGES.role),
});

const userFields = {
  email: userEmailSchema,
  firstName: requiredName(USER_MESSAGES.firstNameRequired, USER_LIMITS.firstName),
  lastName: requiredName(USER_MESSAGES.lastNameRequired, USER_LIMITS.lastName),
  companyName: companyNameSchema,
};

/** POST /api/users. organizationId: a super user's choice (null: no organization); everyone else's own. */
export const createUserBodySchema = z.object({
  ...userFields,
  organizationId: userOrganizationIdSchema.optional(),
  /** A new user is an employee unless told otherwise (docs/rules/organizations-and-roles.md#roles). */
  role: roleSchema.default('employee'),
});
export type CreateUserInput = z.input<typeof createUserBodySchema>;
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** PUT /api/users/{id}: the fields to change, the others are left as they are. */
export const updateUserBodySchema = z.object({
  email: userFields.email.optional(),
  firstName: userFields.firstName.optional(),
  lastName: userFields.lastName.optional(),
  companyName: companyNameSchema.optional(),
  organizationId: userOrganizationIdSchema.optional(),
  role: roleSchema.optional(),
  isActive: z.boolean({ error: USER_MESSAGES.boolean }).optional(),
});
export type UpdateUserInput = z.input<typeof updateUserBodySchema>;
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** Super users and customers may be without an organization; every other role belongs to one. */
export function roleNeedsOrganization(role: Role): boolean {
  return role !== 'customer' && role !== 'super_user';
}

/** POST /api/admin/users (docs/rules/organizations-and-roles.md#create-user). */
export const adminCreateUserBodySchema = z
  .object({
    ...userFields,
    role: roleSchema,
    organizationId: userOrganizationIdSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (roleNeedsOrganization(body.role) && (body.organizationId === null || body.organizationId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['organizationId'], message: USER_MESSAGES.organizationRequired });
    }
  });
export type AdminCreateUserInput = z.input<typeof adminCreateUserBodySchema>;
export type AdminCreateUserBody = z.infer<typeof adminCreateUserBodySchema>;

export const updateUserRoleBodySchema = z.object({ role: roleSchema });
export type UpdateUserRoleBody = z.infer<typeof updateUserRoleBodySchema>;

export const userIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  companyName: z.string().nullable(),
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);

/** The roles a caller may give: only a super user grants super_user. */
export function assignableRoles(callerRole: Role): readonly Role[] {
  return callerRole === 'super_user' ? ROLES : ROLES.filter((r) => r !== 'super_user');
}
