import { describe, expect, it } from 'vitest';
import { listExportPath } from '@/lib/list-export';

describe('listExportPath', () => {
  it("is the list's path with /export, the screen's query without empty values, and the format", () => {
    expect(listExportPath({ path: '/api/invoices', params: { q: 'Pat & Co', status: '' } }, 'csv')).toBe('/api/invoices/export?q=Pat+%26+Co&format=csv');
    expect(listExportPath({ path: '/api/vendor-payments' }, 'xlsx')).toBe('/api/vendor-payments/export?format=xlsx');
    expect(listExportPath({ path: '/api/admin/audit-log', params: { action: 'user', organizationId: '' } }, 'xlsx')).toBe('/api/admin/audit-log/export?action=user&format=xlsx');
  });
});
