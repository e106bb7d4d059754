import { describe, expect, it } from 'vitest';
import { labelsFor } from '@contracts/vocabulary';
import { isActivePath, navItemsFor } from '@/app/layout/nav-items';

const labels = (industry: string) => labelsFor(industry, null);
const paths = (role: Parameters<typeof navItemsFor>[0]) => navItemsFor(role, labels('')).map((i) => i.path);

describe('navItemsFor', () => {
  it('gives the super user every entry in the order of part 1 section 2', () => {
    expect(navItemsFor('super_user', labels('')).map((i) => i.label)).toEqual([
      'Dashboard', 'Super Admin', 'Estimates', 'Work Orders', 'Invoices', 'Customers', 'Pay Bills', 'Payments',
      'Payment Links', 'Payment Analytics', 'Payment Processors', 'Messaging', 'Scheduling', 'URL Shortener',
      'Inventory', 'Time Tracking', 'Reports', 'Organization', 'Users',
    ]);
  });

  it('shows Organization and Users to organization admins only among staff, and the super-user entries to nobody else', () => {
    expect(paths('org_admin')).toEqual(expect.arrayContaining(['/organization', '/users']));
    for (const role of ['org_admin', 'manager', 'employee'] as const) {
      expect(paths(role)).not.toContain('/super-admin');
      expect(paths(role)).not.toContain('/payment-processors');
    }
    for (const role of ['manager', 'employee'] as const) {
      expect(paths(role)).not.toContain('/organization');
      expect(paths(role)).not.toContain('/users');
    }
  });

  it('uses the industry labels', () => {
    const healthcare = navItemsFor('manager', labels('Healthcare')).map((i) => i.label);
    expect(healthcare.slice(1, 5)).toEqual(['Treatment Plans', 'Procedures', 'Medical Bills', 'Patients']);
    expect(healthcare).toContain('Chiropractic Approach');
  });
});

describe('isActivePath', () => {
  it('treats /dashboard as the dashboard and /organizations as the organization screen', () => {
    expect(isActivePath('/', '/dashboard')).toBe(true);
    expect(isActivePath('/', '/customers')).toBe(false);
    expect(isActivePath('/organization', '/organizations')).toBe(true);
    expect(isActivePath('/payments', '/payment-links')).toBe(false);
  });
});
