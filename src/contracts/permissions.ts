// The role/permission table (docs/rules/organizations-and-roles.md#role-table). One truth for the server guard and the client's menus.

export const ROLES = ['super_user', 'org_admin', 'manager', 'employee', 'customer', 'guest'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  super_user: 'Super User',
  org_admin: 'Organization Admin',
  manager: 'Manager',
  employee: 'Employee',
  customer: 'Customer',
  guest: 'Guest',
};

export const STAFF_ROLES: readonly Role[] = ['super_user', 'org_admin', 'manager', 'employee'];

export const PERMISSIONS = [
  'system_admin',
  'impersonate_users',
  'manage_all_orgs',
  'manage_organization',
  'manage_users',
  'view_org_analytics',
  'manage_payments',
  'view_financials',
  'process_payments',
  'manage_work_orders',
  'create_work_orders',
  'assign_work_orders',
  'manage_customers',
  'view_customers',
  'manage_vendors',
  'view_vendors',
  'manage_inventory',
  'view_inventory',
  'manage_estimates',
  'create_estimates',
  'manage_invoices',
  'create_invoices',
  'manage_time_entries',
  'view_time_entries',
  'send_messages',
  'view_messages',
  'manage_appointments',
  'view_appointments',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const SYSTEM_ONLY: readonly Permission[] = ['system_admin', 'impersonate_users', 'manage_all_orgs'];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  super_user: PERMISSIONS,
  org_admin: PERMISSIONS.filter((p) => !SYSTEM_ONLY.includes(p)),
  manager: [
    'view_financials',
    'manage_work_orders',
    'create_work_orders',
    'assign_work_orders',
    'manage_customers',
    'view_customers',
    'view_vendors',
    'view_inventory',
    'manage_estimates',
    'create_estimates',
    'manage_invoices',
    'create_invoices',
    'manage_time_entries',
    'view_time_entries',
    'send_messages',
    'view_messages',
    'manage_appointments',
    'view_appointments',
  ],
  employee: [
    'create_work_orders',
    'view_customers',
    'view_inventory',
    'create_estimates',
    'view_time_entries',
    'send_messages',
    'view_messages',
    'view_appointments',
  ],
  customer: ['view_messages'],
  guest: ['view_messages'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/** The role's permissions plus the user's extra ones; unknown ids in the extra list are ignored. */
export function permissionsFor(role: Role, extra: readonly string[] | null | undefined = []): Set<Permission> {
  const set = new Set<Permission>(ROLE_PERMISSIONS[role] ?? []);
  for (const p of extra ?? []) if (isPermission(p)) set.add(p);
  return set;
}

export function hasPermission(
  user: { role: Role; permissions?: readonly string[] | null },
  permission: Permission,
): boolean {
  return permissionsFor(user.role, user.permissions).has(permission);
}

/** Any of the listed permissions is enough (reads accept view_ or manage_). */
export function hasAnyPermission(
  user: { role: Role; permissions?: readonly string[] | null },
  permissions: readonly Permission[],
): boolean {
  const set = permissionsFor(user.role, user.permissions);
  return permissions.some((p) => set.has(p));
}

export function isStaffRole(role: Role): boolean {
  return STAFF_ROLES.includes(role);
}

/** Customers and guests are sent to their organization's public home instead of the staff shell. */
export function isPortalRole(role: Role): boolean {
  return role === 'customer' || role === 'guest';
}
