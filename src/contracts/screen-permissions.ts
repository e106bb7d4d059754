import type { Permission } from '@contracts/permissions';

/**
 * Which permissions let each menu screen load: any one of them passes the guard of the screen's main
 * list call (`access.require(...)` in src/server/features/<feature>/<feature>.routes.ts). The menus show
 * an entry exactly when the user holds one, so no entry leads to "Your role does not give access"
 * (docs/decisions/012-menu-from-permissions.md).
 */
export const SCREEN_PERMISSIONS = {
  '/': ['view_financials', 'create_work_orders', 'view_customers'], // GET /api/dashboard
  '/super-admin': ['system_admin'], // admin routes
  // Every staff member's own visits (GET /api/my-day).
  '/my-day': ['view_appointments', 'manage_appointments', 'create_work_orders', 'manage_work_orders', 'view_time_entries'],
  '/estimates': ['create_estimates', 'manage_estimates'],
  '/work-orders': ['create_work_orders', 'manage_work_orders'],
  '/invoices': ['view_financials', 'manage_invoices', 'create_invoices'],
  '/recurring-invoices': ['view_financials', 'manage_invoices', 'create_invoices'],
  '/customers': ['view_customers', 'manage_customers'],
  '/vendors': ['view_vendors', 'manage_vendors'],
  '/payments': ['view_financials', 'manage_payments', 'process_payments'],
  '/payment-links': ['view_financials', 'manage_payments', 'process_payments'],
  '/payment-analytics': ['view_financials', 'manage_payments'],
  // Lists every organization's processor: docs/rules/organizations-and-roles.md#menu keeps it to the super user.
  '/payment-processors': ['system_admin'],
  '/messaging': ['view_messages', 'send_messages'],
  '/scheduling': ['view_appointments', 'manage_appointments'],
  '/dispatch': ['view_appointments', 'manage_appointments'], // GET /api/dispatch
  '/team': ['view_appointments', 'manage_appointments'], // GET /api/team
  '/url-shortener': ['send_messages', 'manage_customers'],
  '/inventory': ['view_inventory', 'manage_inventory'],
  '/time-tracking': ['view_time_entries', 'manage_time_entries'],
  '/reports': ['view_financials', 'view_org_analytics'],
  '/accounting': ['view_financials'], // GET /api/accounting/exports
  '/organization': ['manage_organization'],
  '/developers': ['manage_organization'], // GET /api/api-keys
  '/users': ['manage_users'],
} as const satisfies Record<string, readonly Permission[]>;

export type MenuPath = keyof typeof SCREEN_PERMISSIONS;

/** True when one of the user's permissions lets the screen at `path` load. */
export function canOpenScreen(permissions: Iterable<string>, path: MenuPath): boolean {
  const held = new Set(permissions);
  return SCREEN_PERMISSIONS[path].some((p) => held.has(p));
}
