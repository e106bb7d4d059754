import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { RouteError } from '@/app/routes/route-error';
import { SessionGate } from '@/app/routes/session-gate';
import { GuestOnlyLayout } from '@/app/routes/guest-only-layout';
import type { Role } from '@contracts/permissions';

// Every screen is its own chunk so the first page stays small (the sign-in page loads no shell).
function screen(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

const SUPER_USER: readonly Role[] = ['super_user'];
const ADMINS: readonly Role[] = ['super_user', 'org_admin'];

function gatedScreen(path: string, load: () => Promise<ComponentType>, roles: readonly Role[]): RouteObject {
  const lazy: RouteObject['lazy'] = async () => {
    const [Screen, { RoleGate }] = await Promise.all([load(), import('@/app/routes/role-gate')]);
    return { element: <RoleGate roles={roles}><Screen /></RoleGate> };
  };
  return { path, lazy };
}

/** Always public, never in the shell, whatever the login state (docs/rules/platform.md#routing). */
const publicRoutes: RouteObject[] = [
  { path: 'org/:slug', ...screen(() => import('@/features/organization-home/organization-home-screen').then((m) => m.OrganizationHomeScreen)) },
  { path: 'services/:slug', ...screen(() => import('@/features/organization-home/services-screen').then((m) => m.ServicesScreen)) },
  { path: 'schedule/:slug', ...screen(() => import('@/features/booking/schedule-screen').then((m) => m.ScheduleScreen)) },
  { path: 'customer-portal', ...screen(() => import('@/features/customer-portal/customer-portal-screen').then((m) => m.CustomerPortalScreen)) },
  { path: 'payment/:linkId', ...screen(() => import('@/features/payment-page/payment-screen').then((m) => m.PaymentScreen)) },
  { path: 'quote/:token', ...screen(() => import('@/features/quote-approval/quote-screen').then((m) => m.QuoteScreen)) },
  { path: 'appointment/:token', ...screen(() => import('@/features/appointment-link/appointment-link-screen').then((m) => m.AppointmentLinkScreen)) },
  { path: 'dev/outbox', ...screen(() => import('@/features/dev-outbox/dev-outbox-screen').then((m) => m.DevOutboxScreen)) },
];

// One loader for both addresses of the dashboard, so its chunk list is written once in the entry.
const dashboardScreen = screen(() => import('@/features/dashboard/dashboard-screen').then((m) => m.DashboardScreen));

const staffRoutes: RouteObject[] = [
  { index: true, ...dashboardScreen },
  { path: 'dashboard', ...dashboardScreen },
  { path: 'customers', ...screen(() => import('@/features/customers/customers-screen').then((m) => m.CustomersScreen)) },
  { path: 'work-orders', ...screen(() => import('@/features/work-orders/work-orders-screen').then((m) => m.WorkOrdersScreen)) },
  { path: 'estimates', ...screen(() => import('@/features/estimates/estimates-screen').then((m) => m.EstimatesScreen)) },
  { path: 'invoices', ...screen(() => import('@/features/invoices/invoices-screen').then((m) => m.InvoicesScreen)) },
  { path: 'recurring-invoices', ...screen(() => import('@/features/recurring-invoices/recurring-invoices-screen').then((m) => m.RecurringInvoicesScreen)) },
  { path: 'payments', ...screen(() => import('@/features/payments/payments-screen').then((m) => m.PaymentsScreen)) },
  { path: 'inventory', ...screen(() => import('@/features/inventory/inventory-screen').then((m) => m.InventoryScreen)) },
  { path: 'time-tracking', ...screen(() => import('@/features/time-tracking/time-tracking-screen').then((m) => m.TimeTrackingScreen)) },
  { path: 'messaging', ...screen(() => import('@/features/messaging/messaging-screen').then((m) => m.MessagingScreen)) },
  { path: 'scheduling', ...screen(() => import('@/features/scheduling/scheduling-screen').then((m) => m.SchedulingScreen)) },
  { path: 'team', ...screen(() => import('@/features/team/team-screen').then((m) => m.TeamScreen)) },
  { path: 'dispatch', ...screen(() => import('@/features/dispatch/dispatch-screen').then((m) => m.DispatchScreen)) },
  { path: 'my-day', ...screen(() => import('@/features/my-day/my-day-screen').then((m) => m.MyDayScreen)) },
  { path: 'reports', ...screen(() => import('@/features/reports/reports-screen').then((m) => m.ReportsScreen)) },
  { path: 'accounting', ...screen(() => import('@/features/accounting/accounting-screen').then((m) => m.AccountingScreen)) },
  { path: 'vendors', ...screen(() => import('@/features/vendors/vendors-screen').then((m) => m.VendorsScreen)) },
  // Reached from the lists' Import buttons; the screen offers only the kinds the user may add (docs/rules/data-exchange.md#import-permissions).
  { path: 'imports', ...screen(() => import('@/features/imports/imports-screen').then((m) => m.ImportsScreen)) },
  gatedScreen('organization', () => import('@/app/routes/organization-route').then((m) => m.OrganizationRoute), ADMINS),
  gatedScreen('organizations', () => import('@/app/routes/organization-route').then((m) => m.OrganizationRoute), ADMINS),
  gatedScreen('users', () => import('@/features/users/users-screen').then((m) => m.UsersScreen), ADMINS),
  { path: 'developers', ...screen(() => import('@/app/routes/developers-route').then((m) => m.DevelopersRoute)) },
  { path: 'payment-analytics', ...screen(() => import('@/features/payment-analytics/payment-analytics-screen').then((m) => m.PaymentAnalyticsScreen)) },
  gatedScreen('payment-processors', () => import('@/features/payment-processors/payment-processors-screen').then((m) => m.PaymentProcessorsScreen), SUPER_USER),
  { path: 'payment-links', ...screen(() => import('@/features/payment-links/payment-links-screen').then((m) => m.PaymentLinksScreen)) },
  { path: 'url-shortener', ...screen(() => import('@/features/url-shortener/url-shortener-screen').then((m) => m.UrlShortenerScreen)) },
  {
    path: 'super-admin',
    lazy: async () => {
      const [{ SuperAdminScreen }, { RoleGate }] = await Promise.all([
        import('@/features/super-admin/super-admin-screen'),
        import('@/app/routes/role-gate'),
      ]);
      return { element: <RoleGate roles={SUPER_USER}><SuperAdminScreen /></RoleGate> };
    },
  },
];

const sessionRoutes: RouteObject[] = [
  {
    Component: GuestOnlyLayout,
    children: [
      { path: 'login', ...screen(() => import('@/features/auth/login-screen').then((m) => m.LoginScreen)) },
      { path: 'register', ...screen(() => import('@/features/auth/register-screen').then((m) => m.RegisterScreen)) },
    ],
  },
  {
    lazy: async () => ({ Component: (await import('@/app/routes/staff-layout')).StaffLayout }),
    children: staffRoutes,
  },
  {
    // Reachable signed in (inside the shell) and signed out (on its own).
    lazy: async () => ({ Component: (await import('@/app/routes/optional-shell-layout')).OptionalShellLayout }),
    children: [
      { path: 'user-guide', ...screen(() => import('@/features/user-guide/user-guide-screen').then((m) => m.UserGuideScreen)) },
      { path: '*', ...screen(() => import('@/features/not-found/not-found-screen').then((m) => m.NotFoundScreen)) },
    ],
  },
];

export const router = createBrowserRouter([
  {
    path: '/',
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [...publicRoutes, { Component: SessionGate, children: sessionRoutes }],
  },
]);
