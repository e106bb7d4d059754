/** docs/rules/organizations-and-roles.md#page-titles: header titles by path; any other path reads Dashboard. */
const PAGE_TITLES: Record<string, string> = {
  '/': 'Dashboard',
  '/work-orders': 'Work Orders',
  '/estimates': 'Estimates',
  '/invoices': 'Invoices',
  '/customers': 'Customers',
  '/payments': 'Payments',
  '/messaging': 'Messaging',
  '/scheduling': 'Scheduling',
  '/inventory': 'Inventory',
  '/time-tracking': 'Time Tracking',
  '/reports': 'Reports',
  '/vendors': 'Vendors',
  '/organization': 'Organization',
  '/users': 'Users',
  '/payment-analytics': 'Payment Analytics',
  '/payment-processors': 'Payment Processors',
  '/customer-portal': 'Customer Portal',
  '/super-admin': 'Super User Administration',
  '/url-shortener': 'URL Shortener',
};

export function pageTitleFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_TITLES[path] ?? 'Dashboard';
}
