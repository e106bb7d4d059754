import { describe, expect, it } from 'vitest';
import { hasPermission, PERMISSIONS, permissionsFor, ROLE_PERMISSIONS } from './permissions';

describe('role table (docs/rules/organizations-and-roles.md#role-table)', () => {
  it('super users hold every permission; org admins all but the three system ones', () => {
    expect([...permissionsFor('super_user')].sort()).toEqual([...PERMISSIONS].sort());
    const admin = permissionsFor('org_admin');
    expect(admin.has('system_admin')).toBe(false);
    expect(admin.has('impersonate_users')).toBe(false);
    expect(admin.has('manage_all_orgs')).toBe(false);
    expect(admin.size).toBe(PERMISSIONS.length - 3);
  });

  it('managers and employees get exactly their listed sets', () => {
    expect([...ROLE_PERMISSIONS.manager].sort()).toEqual(
      [
        'view_financials', 'manage_work_orders', 'create_work_orders', 'assign_work_orders', 'manage_customers', 'view_customers',
        'view_vendors', 'view_inventory', 'manage_estimates', 'create_estimates', 'manage_invoices', 'create_invoices',
        'manage_time_entries', 'view_time_entries', 'send_messages', 'view_messages', 'manage_appointments', 'view_appointments',
      ].sort(),
    );
    expect([...ROLE_PERMISSIONS.employee].sort()).toEqual(
      ['create_work_orders', 'view_customers', 'view_inventory', 'create_estimates', 'view_time_entries', 'send_messages', 'view_messages', 'view_appointments'].sort(),
    );
    expect(ROLE_PERMISSIONS.customer).toEqual(['view_messages']);
    expect(ROLE_PERMISSIONS.guest).toEqual(['view_messages']);
  });

  it('adds per-user extra permissions and ignores unknown ids', () => {
    const user = { role: 'employee' as const, permissions: ['manage_inventory', 'fly_to_moon'] };
    expect(hasPermission(user, 'manage_inventory')).toBe(true);
    expect(hasPermission(user, 'manage_users')).toBe(false);
    expect(permissionsFor('employee', ['fly_to_moon']).size).toBe(ROLE_PERMISSIONS.employee.length);
  });
});
