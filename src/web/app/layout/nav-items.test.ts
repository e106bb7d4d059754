import { describe, expect, it } from 'vitest';
import { labelsFor } from '@contracts/vocabulary';
import { permissionsFor, ROLES, STAFF_ROLES, type Permission, type Role } from '@contracts/permissions';
import { isActivePath, mobileBarItemsFor, navItemsFor } from '@/app/layout/nav-items';
import { canOpenScreen, SCREEN_PERMISSIONS } from '@contracts/screen-permissions';

const labels = (industry: string) => labelsFor(industry, null);
const perms = (role: Role, extra: Permission[] = []) => [...permissionsFor(role, extra)];
const paths = (role: Role, extra: Permission[] = []) => navItemsFor(perms(role, extra), labels('')).map((i) => i.path);
const bar = (role: Role, extra: Permission[] = []) =>
  mobileBarItemsFor(perms(role, extra), labels('')).map((i) => `${i.label} ${i.path}`);

describe('navItemsFor', () => {
  it('gives the super user every entry in the documented order', () => {
    expect(navItemsFor(perms('super_user'), labels('')).map((i) => i.label)).toEqual([
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
    const healthcare = navItemsFor(perms('manager'), labels('Healthcare')).map((i) => i.label);
    expect(healthcare.slice(1, 5)).toEqual(['Treatment Plans', 'Procedures', 'Medical Bills', 'Patients']);
    expect(healthcare).toContain('Chiropractic Approach');
  });
});

describe('menus from permissions', () => {
  it('gives each role exactly the entries its permissions open', () => {
    expect(paths('org_admin')).toEqual([
      '/', '/estimates', '/work-orders', '/invoices', '/customers', '/vendors', '/payments', '/payment-links',
      '/payment-analytics', '/messaging', '/scheduling', '/url-shortener', '/inventory', '/time-tracking', '/reports',
      '/organization', '/users',
    ]);
    expect(paths('manager')).toEqual([
      '/', '/estimates', '/work-orders', '/invoices', '/customers', '/vendors', '/payments', '/payment-links',
      '/payment-analytics', '/messaging', '/scheduling', '/url-shortener', '/inventory', '/time-tracking', '/reports',
    ]);
    // No Service Bills, Pay Bills, Payments, Payment Links, Payment Analytics or Reports for an employee.
    expect(paths('employee')).toEqual([
      '/', '/estimates', '/work-orders', '/customers', '/messaging', '/scheduling', '/url-shortener', '/inventory',
      '/time-tracking',
    ]);
    expect(paths('customer')).toEqual(['/messaging']);
    expect(paths('guest')).toEqual(['/messaging']);
  });

  it('shows only entries whose screen accepts one of the role permissions, in every role', () => {
    for (const role of ROLES) {
      const held = permissionsFor(role);
      for (const path of paths(role)) expect(SCREEN_PERMISSIONS[path].some((p) => held.has(p))).toBe(true);
      const hidden = (Object.keys(SCREEN_PERMISSIONS) as (keyof typeof SCREEN_PERMISSIONS)[]).filter((p) => !paths(role).includes(p));
      for (const path of hidden) expect(canOpenScreen(held, path)).toBe(false);
    }
  });

  it('adds the entries an employee extra permission opens', () => {
    expect(paths('employee', ['view_vendors'])).toContain('/vendors');
    expect(paths('employee', ['process_payments'])).toEqual(expect.arrayContaining(['/payments', '/payment-links']));
    expect(paths('employee', ['process_payments'])).not.toContain('/payment-analytics');
    expect(paths('employee', ['view_financials'])).toEqual(
      expect.arrayContaining(['/invoices', '/payments', '/payment-links', '/payment-analytics', '/reports']),
    );
    expect(paths('employee', ['manage_users'])).toContain('/users');
    expect(paths('employee', ['manage_users'])).not.toContain('/organization');
  });

  it('points the phone bar and its More only at screens the user can open', () => {
    for (const role of STAFF_ROLES) {
      const menu = paths(role);
      for (const item of mobileBarItemsFor(perms(role), labels(''))) expect(menu).toContain(item.path);
    }
    expect(bar('manager')).toEqual(['Dashboard /', 'Jobs /work-orders', 'Clients /customers', 'Time /time-tracking', 'More /reports']);
    // Reports is closed to an employee: More opens the first menu entry the bar does not show.
    expect(bar('employee')).toEqual(['Dashboard /', 'Jobs /work-orders', 'Clients /customers', 'Time /time-tracking', 'More /estimates']);
    expect(bar('employee', ['view_org_analytics'])).toContain('More /reports');
    expect(bar('customer')).toEqual(['More /messaging']);
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
