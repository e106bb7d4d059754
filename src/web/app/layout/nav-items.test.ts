import { describe, expect, it } from 'vitest';
import { labelsFor } from '@contracts/vocabulary';
import { permissionsFor, ROLES, type Permission, type Role } from '@contracts/permissions';
import { isActivePath, mobileBarItemsFor, moreItemsFor, navItemsFor } from '@/app/layout/nav-items';
import { canOpenScreen, SCREEN_PERMISSIONS } from '@contracts/screen-permissions';

const labels = (industry: string) => labelsFor(industry, null);
const perms = (role: Role, extra: Permission[] = []) => [...permissionsFor(role, extra)];
const paths = (role: Role, extra: Permission[] = []) => navItemsFor(perms(role, extra), labels('')).map((i) => i.path);
const bar = (role: Role, extra: Permission[] = []) =>
  mobileBarItemsFor(perms(role, extra), labels('')).map((i) => `${i.label} ${i.path}`);
const more = (role: Role, extra: Permission[] = []) => moreItemsFor(perms(role, extra), labels('')).map((i) => i.path);

describe('navItemsFor', () => {
  it('gives the super user every entry in the documented order', () => {
    expect(navItemsFor(perms('super_user'), labels('')).map((i) => i.label)).toEqual([
      'Dashboard', 'My day', 'Super Admin', 'Estimates', 'Work Orders', 'Invoices', 'Recurring Billing', 'Customers', 'Pay Bills', 'Payments',
      'Payment Links', 'Payment Analytics', 'Payment Processors', 'Messaging', 'Scheduling', 'Dispatch', 'Team', 'URL Shortener',
      'Inventory', 'Time Tracking', 'Reports', 'Accounting', 'Organization', 'Developers', 'Users',
    ]);
  });

  it('shows Organization, Developers and Users to organization admins only among staff, and the super-user entries to nobody else', () => {
    expect(paths('org_admin')).toEqual(expect.arrayContaining(['/organization', '/developers', '/users']));
    for (const role of ['org_admin', 'manager', 'employee'] as const) {
      expect(paths(role)).not.toContain('/super-admin');
      expect(paths(role)).not.toContain('/payment-processors');
    }
    for (const role of ['manager', 'employee'] as const) {
      expect(paths(role)).not.toContain('/organization');
      expect(paths(role)).not.toContain('/developers');
      expect(paths(role)).not.toContain('/users');
    }
  });

  it('uses the industry labels', () => {
    const healthcare = navItemsFor(perms('manager'), labels('Healthcare')).map((i) => i.label);
    expect(healthcare.slice(2, 7)).toEqual(['Treatment Plans', 'Procedures', 'Medical Bills', 'Recurring Billing', 'Patients']);
    expect(healthcare).toContain('Chiropractic Approach');
  });
});

describe('menus from permissions', () => {
  it('gives each role exactly the entries its permissions open', () => {
    expect(paths('org_admin')).toEqual([
      '/', '/my-day', '/estimates', '/work-orders', '/invoices', '/recurring-invoices', '/customers', '/vendors', '/payments', '/payment-links',
      '/payment-analytics', '/messaging', '/scheduling', '/dispatch', '/team', '/url-shortener', '/inventory', '/time-tracking', '/reports',
      '/accounting', '/organization', '/developers', '/users',
    ]);
    expect(paths('manager')).toEqual([
      '/', '/my-day', '/estimates', '/work-orders', '/invoices', '/recurring-invoices', '/customers', '/vendors', '/payments', '/payment-links',
      '/payment-analytics', '/messaging', '/scheduling', '/dispatch', '/team', '/url-shortener', '/inventory', '/time-tracking', '/reports',
      '/accounting',
    ]);
    // No Service Bills, Pay Bills, Payments, Payment Links, Payment Analytics, Reports or Accounting for an employee.
    expect(paths('employee')).toEqual([
      '/', '/my-day', '/estimates', '/work-orders', '/customers', '/messaging', '/scheduling', '/dispatch', '/team', '/url-shortener', '/inventory',
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
      expect.arrayContaining(['/invoices', '/recurring-invoices', '/payments', '/payment-links', '/payment-analytics', '/reports', '/accounting']),
    );
    expect(paths('employee', ['manage_users'])).toContain('/users');
    expect(paths('employee', ['manage_users'])).not.toContain('/organization');
  });

  it('points the phone bar and its More sheet only at screens the user can open, each entry in one of them', () => {
    for (const role of ROLES) {
      const menu = paths(role);
      const barPaths = mobileBarItemsFor(perms(role), labels('')).map((i) => i.path);
      for (const path of barPaths) expect(menu).toContain(path);
      // The sheet holds exactly the rest of the menu, in the menu's order.
      expect(more(role)).toEqual(menu.filter((path) => !barPaths.includes(path)));
    }
    expect(bar('manager')).toEqual(['Dashboard /', 'Jobs /work-orders', 'Clients /customers', 'Time /time-tracking']);
    expect(more('manager')).toContain('/reports');
    expect(more('employee')).toEqual(['/my-day', '/estimates', '/messaging', '/scheduling', '/dispatch', '/team', '/url-shortener', '/inventory']);
    expect(more('employee', ['view_org_analytics'])).toContain('/reports');
    expect(bar('customer')).toEqual([]);
    expect(more('customer')).toEqual(['/messaging']);
  });

  it('names the sheet entries in the industry words', () => {
    const healthcare = moreItemsFor(perms('employee'), labels('Healthcare')).map((i) => i.label);
    expect(healthcare.slice(0, 2)).toEqual(['My day', 'Treatment Plans']);
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
