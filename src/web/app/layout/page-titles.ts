import type { LabelSet } from '@contracts/vocabulary';

/** docs/rules/organizations-and-roles.md#page-titles: header titles by path; any other path reads Dashboard. */
const PAGE_TITLES: Record<string, string> = {
  '/': 'Dashboard',
  '/my-day': 'My day',
  '/work-orders': 'Work Orders',
  '/estimates': 'Estimates',
  '/invoices': 'Invoices',
  '/recurring-invoices': 'Recurring Billing',
  '/customers': 'Customers',
  '/payments': 'Payments',
  '/messaging': 'Messaging',
  '/scheduling': 'Scheduling',
  '/dispatch': 'Dispatch',
  '/team': 'Team',
  '/inventory': 'Inventory',
  '/time-tracking': 'Time Tracking',
  '/reports': 'Reports',
  '/accounting': 'Accounting',
  '/vendors': 'Vendors',
  '/imports': 'Import data',
  '/organization': 'Organization',
  '/developers': 'Developers',
  '/users': 'Users',
  '/payment-analytics': 'Payment Analytics',
  '/payment-processors': 'Payment Processors',
  '/customer-portal': 'Customer Portal',
  '/super-admin': 'Super User Administration',
  '/url-shortener': 'URL Shortener',
};

/** The screens the organization's vocabulary names: the top bar says what the menu and the page say. */
const LABELLED_PATHS: Record<string, keyof LabelSet> = {
  '/work-orders': 'workOrders',
  '/estimates': 'estimates',
  '/invoices': 'invoices',
  '/customers': 'customers',
  '/inventory': 'inventory',
};

/** The title for a path; with `labels`, a record screen reads in the organization's words ("Patients"). */
export function pageTitleFor(pathname: string, labels?: LabelSet): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const labelled = LABELLED_PATHS[path];
  if (labels && labelled) return labels[labelled];
  return PAGE_TITLES[path] ?? 'Dashboard';
}
