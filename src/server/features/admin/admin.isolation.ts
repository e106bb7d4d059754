import type { IsolationCase } from '../../test/isolation';

// Super administration spans every organization by design: an organization's own admin is refused outright.
export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/admin/users/export': { kind: 'superOnly' },
  'GET /api/admin/audit-log/export': { kind: 'superOnly' },
  'GET /api/admin/system-stats': { kind: 'superOnly' },
  'GET /api/admin/audit-log': { kind: 'superOnly' },
  'POST /api/admin/users': {
    kind: 'superOnly',
    request: { payload: { email: 'iso-admin-create@example.com', firstName: 'Iso', lastName: 'Admin', role: 'employee', organizationId: 1 } },
  },
  'PUT /api/admin/users/:id/role': { kind: 'superOnly', request: { payload: { role: 'org_admin' } } },
};
