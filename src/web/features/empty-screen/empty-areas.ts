import type { LabelSet } from '@contracts/vocabulary';

export type EmptyArea =
  | 'dashboard'
  | 'customers'
  | 'workOrders'
  | 'estimates'
  | 'invoices'
  | 'payments'
  | 'inventory'
  | 'timeTracking'
  | 'messaging'
  | 'scheduling'
  | 'reports'
  | 'vendors'
  | 'organization'
  | 'users'
  | 'paymentAnalytics'
  | 'paymentProcessors'
  | 'paymentLinks'
  | 'urlShortener';

/** Screen headings; the industry-worded areas use the organization's label set. */
export function areaTitle(area: EmptyArea, labels: LabelSet): string {
  switch (area) {
    case 'customers':
    case 'workOrders':
    case 'estimates':
    case 'invoices':
    case 'inventory':
      return labels[area];
    case 'dashboard':
      return 'Dashboard';
    case 'payments':
      return 'Payments';
    case 'timeTracking':
      return 'Time Tracking';
    case 'messaging':
      return 'Messaging';
    case 'scheduling':
      return 'Scheduling';
    case 'reports':
      return 'Reports & Analytics';
    case 'vendors':
      return 'Pay Bills';
    case 'organization':
      return 'Organization Management';
    case 'users':
      return 'User Management';
    case 'paymentAnalytics':
      return 'Payment Analytics';
    case 'paymentProcessors':
      return 'Payment Processors';
    case 'paymentLinks':
      return 'Payment Links';
    case 'urlShortener':
      return 'URL Shortener';
  }
}
