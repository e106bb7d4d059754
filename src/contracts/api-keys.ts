// API keys (docs/rules/public-api.md#api-keys): what an organization admin creates, what lists show and which
// permissions a key may carry.
import { z } from 'zod';
import { ROLE_PERMISSIONS, type Permission } from './permissions';

export const API_KEY_NAME_MAX = 100;
/** `tb_` and the first characters of the secret: enough to recognise a key in a list, far too few to guess it. */
export const API_KEY_PREFIX_LENGTH = 11;

/**
 * What a key may be given: an organization admin's permissions, never the super user's own (system_admin,
 * impersonate_users, manage_all_orgs). docs/rules/public-api.md#key-permissions
 */
export const API_KEY_PERMISSIONS: readonly Permission[] = ROLE_PERMISSIONS.org_admin;

/** The create dialog's groups of permissions, in the role table's words. Every key permission is in exactly one. */
export const API_KEY_PERMISSION_GROUPS: readonly { label: string; permissions: readonly { id: Permission; label: string }[] }[] = [
  {
    label: 'Organization',
    permissions: [
      { id: 'manage_organization', label: 'Manage organization settings' },
      { id: 'manage_users', label: 'Manage users' },
      { id: 'view_org_analytics', label: 'View analytics' },
    ],
  },
  {
    label: 'Customers',
    permissions: [
      { id: 'view_customers', label: 'View customers' },
      { id: 'manage_customers', label: 'Manage customers' },
    ],
  },
  {
    label: 'Work orders',
    permissions: [
      { id: 'create_work_orders', label: 'Create work orders' },
      { id: 'manage_work_orders', label: 'Manage work orders' },
      { id: 'assign_work_orders', label: 'Assign work orders' },
    ],
  },
  {
    label: 'Estimates',
    permissions: [
      { id: 'create_estimates', label: 'Create estimates' },
      { id: 'manage_estimates', label: 'Manage estimates' },
    ],
  },
  {
    label: 'Invoices and payments',
    permissions: [
      { id: 'view_financials', label: 'View financials' },
      { id: 'create_invoices', label: 'Create invoices' },
      { id: 'manage_invoices', label: 'Manage invoices' },
      { id: 'process_payments', label: 'Process payments' },
      { id: 'manage_payments', label: 'Manage payments' },
    ],
  },
  {
    label: 'Vendors',
    permissions: [
      { id: 'view_vendors', label: 'View vendors' },
      { id: 'manage_vendors', label: 'Manage vendors' },
    ],
  },
  {
    label: 'Inventory',
    permissions: [
      { id: 'view_inventory', label: 'View inventory' },
      { id: 'manage_inventory', label: 'Manage inventory' },
    ],
  },
  {
    label: 'Time tracking',
    permissions: [
      { id: 'view_time_entries', label: 'View time entries' },
      { id: 'manage_time_entries', label: 'Manage time entries' },
    ],
  },
  {
    label: 'Messages',
    permissions: [
      { id: 'view_messages', label: 'View messages' },
      { id: 'send_messages', label: 'Send messages' },
    ],
  },
  {
    label: 'Appointments',
    permissions: [
      { id: 'view_appointments', label: 'View appointments' },
      { id: 'manage_appointments', label: 'Manage appointments' },
    ],
  },
];

/** The "Read only" preset: every view_ permission a key may carry. */
export const READ_ONLY_API_KEY_PERMISSIONS: readonly Permission[] = API_KEY_PERMISSIONS.filter((p) => p.startsWith('view_'));

const keyPermission = z.enum(API_KEY_PERMISSIONS as [Permission, ...Permission[]], {
  error: 'Permissions must be chosen from an organization admin’s permissions',
});

/** POST /api/api-keys. */
export const createApiKeySchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(API_KEY_NAME_MAX, `Name must be at most ${API_KEY_NAME_MAX} characters`),
  permissions: z
    .array(keyPermission, { error: 'Choose at least one permission' })
    .min(1, 'Choose at least one permission')
    .max(API_KEY_PERMISSIONS.length, 'Choose each permission once')
    .refine((list) => new Set(list).size === list.length, 'Choose each permission once'),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
export type CreateApiKey = z.output<typeof createApiKeySchema>;

export const API_KEY_STATUSES = ['active', 'revoked', 'creator_inactive'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];
export const API_KEY_STATUS_LABELS: Record<ApiKeyStatus, string> = {
  active: 'Active',
  revoked: 'Revoked',
  creator_inactive: 'Creator inactive',
};

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A key as lists show it: never its secret. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  /** "tb_7Hq2xK9a": the key's first characters. */
  prefix: z.string(),
  permissions: z.array(z.string()),
  /** active; revoked; creator_inactive: its creator is deactivated or left the organization, so it does not work. */
  status: z.enum(API_KEY_STATUSES),
  createdBy: person,
  createdAt: z.string(),
  /** Refreshed at most about once a minute. */
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: person,
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of POST /api/api-keys: the only time the secret is ever sent. */
export const createdApiKeySchema = z.object({
  apiKey: apiKeySchema,
  /** `tb_` and 43 characters: send as `Authorization: Bearer <secret>`. */
  secret: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.array(apiKeySchema);
