// The menu's table (src/contracts/screen-permissions.ts) must agree with the route guards: every entry a user is
// shown answers its main list call, and every entry hidden from them would have been refused (ADR 012).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsFor, type Permission, type Role } from '@contracts/permissions';
import { canOpenScreen, type MenuPath } from '@contracts/screen-permissions';
import { createTestApp, type TestApp } from '../test/test-app';

/** Each menu screen's main list call. */
const MAIN_CALL: Record<MenuPath, string> = {
  '/': '/api/dashboard/stats',
  '/super-admin': '/api/admin/users',
  '/my-day': '/api/my-day',
  '/estimates': '/api/estimates',
  '/work-orders': '/api/work-orders',
  '/invoices': '/api/invoices',
  '/recurring-invoices': '/api/recurring-invoices',
  '/customers': '/api/customers',
  '/vendors': '/api/vendors',
  '/payments': '/api/payments',
  '/payment-links': '/api/payment-links',
  '/payment-analytics': '/api/reports/payment-analytics',
  '/payment-processors': '/api/payment-processors',
  '/messaging': '/api/messages',
  '/scheduling': '/api/appointments',
  '/dispatch': '/api/dispatch',
  '/team': '/api/team',
  '/url-shortener': '/api/short-urls',
  '/inventory': '/api/inventory',
  '/time-tracking': '/api/time-entries',
  '/reports': '/api/reports/summary',
  '/accounting': '/api/accounting/exports',
  '/organization': '/api/organizations',
  '/developers': '/api/api-keys',
  '/users': '/api/users',
};
// Shown to fewer users than the call accepts, on purpose: docs/rules/organizations-and-roles.md#menu keeps Payment Processors to the super
// user, and Organization (whose list any signed-in user may read) to those who can edit it.
const STRICTER: readonly MenuPath[] = ['/payment-processors', '/organization'];

let t: TestApp;
let organizationId: number;
beforeAll(async () => {
  t = await createTestApp();
  organizationId = (await t.createOrganization({ name: 'Menu Checks' })).id;
});
afterAll(async () => {
  await t?.close();
});

const cases: { role: Role; extra: Permission[] }[] = [
  { role: 'org_admin', extra: [] },
  { role: 'manager', extra: [] },
  { role: 'employee', extra: [] },
  { role: 'employee', extra: ['view_vendors', 'process_payments'] },
  { role: 'employee', extra: ['view_financials', 'manage_users'] },
];

describe('menu table and route guards agree', () => {
  for (const { role, extra } of cases) {
    it(`${role}${extra.length ? ` with ${extra.join(', ')}` : ''}: shown entries load, hidden ones are refused`, async () => {
      const user = await t.createUser({ role, organizationId, permissions: extra });
      const cookie = await t.cookieFor(user.id);
      const held = permissionsFor(role, extra);
      const mismatches: string[] = [];
      for (const [path, url] of Object.entries(MAIN_CALL) as [MenuPath, string][]) {
        const status = (await t.call({ url, cookie })).statusCode;
        const shown = canOpenScreen(held, path);
        if (shown && status !== 200) mismatches.push(`${path} shown but ${url} answered ${status}`);
        if (!shown && status !== 403 && !STRICTER.includes(path)) mismatches.push(`${path} hidden but ${url} answered ${status}`);
      }
      expect(mismatches).toEqual([]);
    });
  }
});
