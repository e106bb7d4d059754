import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@contracts/admin';
import { actionLabel, detailLines, entityLabel, timeOfDay } from './audit-format';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  createdAt: '2026-01-02T03:04:05.000Z',
  action: 'user.create',
  actor: null,
  asUser: null,
  entityType: 'user',
  entityId: 12,
  organizationId: 3,
  organizationName: 'Acme',
  details: null,
  ip: '127.0.0.1',
  userAgent: null,
  ...over,
});

describe('audit entries in words', () => {
  it('names known actions and spells out others', () => {
    expect(actionLabel('user.role_change')).toBe('Changed role');
    expect(actionLabel('payment_processor.activate')).toBe('Payment Processor: activate');
    expect(actionLabel('vendor_payment.delete')).toBe('Vendor Payment: delete');
  });

  it('labels the record with the e-mail the entry carries', () => {
    expect(entityLabel(entry({ details: { email: 'ann@example.com' } }))).toEqual({ title: 'User #12', email: 'ann@example.com' });
    expect(entityLabel(entry({ entityType: 'payment_processor', entityId: 4, details: { mode: 'test' } }))).toEqual({ title: 'Payment Processor #4', email: null });
    expect(entityLabel(entry({ entityType: null }))).toEqual({ title: '-', email: null });
  });

  it('splits the time from the date', () => {
    expect(timeOfDay('2026-01-02T15:04:05.000Z')).toBe('3:04 PM UTC');
  });

  it('shows role changes with role names and field changes before and after', () => {
    expect(detailLines(entry({ action: 'user.role_change', details: { email: 'a@x.com', from: 'employee', to: 'org_admin' } }))).toEqual([
      'Role: Employee → Organization Admin',
    ]);
    expect(
      detailLines(entry({ action: 'user.update', details: { email: 'a@x.com', changes: { companyName: { from: null, to: 'New Co' }, organizationId: { from: 3, to: null } } } })),
    ).toEqual(['Company: none → New Co', 'Organization: #3 → none']);
    expect(detailLines(entry({ details: { email: 'a@x.com', role: 'manager', organizationId: 3 } }))).toEqual(['Role: Manager']);
    expect(detailLines(entry({ details: { email: 'a@x.com', role: 'manager', organizationId: null } }))).toEqual(['Role: Manager', 'Organization: none']);
    expect(detailLines(entry({ details: { email: 'a@x.com', role: 'manager', organizationId: 3, tookOver: 'guest', previousOrganizationId: 5 } }))).toEqual([
      'Role: Manager',
      'Took over account of: Guest',
      'Previous organization: #5',
    ]);
  });
});
