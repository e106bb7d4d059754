import { describe, expect, it } from 'vitest';
import { API_KEY_PERMISSIONS, READ_ONLY_API_KEY_PERMISSIONS } from '@contracts/api-keys';
import { permissionLabel, permissionList, permissionSummary } from './permission-summary';

describe('permissionSummary', () => {
  it('names the presets, in any order', () => {
    expect(permissionSummary([...API_KEY_PERMISSIONS].reverse())).toBe('Full access');
    expect(permissionSummary(READ_ONLY_API_KEY_PERMISSIONS)).toBe('Read only');
  });

  it('lists up to two permissions and counts the rest', () => {
    expect(permissionSummary(['view_customers'])).toBe('View customers');
    expect(permissionSummary(['view_customers', 'manage_customers'])).toBe('View customers, Manage customers');
    expect(permissionSummary(['view_customers', 'manage_customers', 'view_financials', 'create_invoices'])).toBe('View customers, Manage customers and 2 more');
  });

  it('keeps an unknown id as it is', () => {
    expect(permissionLabel('something_new')).toBe('something_new');
    expect(permissionList(['view_customers', 'send_messages'])).toBe('View customers\nSend messages');
  });
});
