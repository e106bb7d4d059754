import { describe, expect, it } from 'vitest';
import { formatDate, formatPhone, initials, phoneDigits, statusLabel } from './format';

describe('display rules', () => {
  it('formats phones like (555) 333-1234 from digits only, at most 10', () => {
    expect(formatPhone('5553331234')).toBe('(555) 333-1234');
    expect(formatPhone('555-333-1234 ext 9')).toBe('(555) 333-1234');
    expect(phoneDigits('+1 (555) 333-12345')).toBe('1555333123');
    expect(formatPhone('')).toBe('-');
  });
  it('labels statuses', () => {
    expect(statusLabel('in_progress')).toBe('In Progress');
    expect(statusLabel('due_on_receipt')).toBe('Due On Receipt');
  });
  it('shows en-US dates in UTC', () => {
    expect(formatDate('2026-11-21T23:30:00Z')).toBe('Nov 21, 2026');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('garbage')).toBe('-');
  });
  it('makes avatar initials', () => {
    expect(initials({ firstName: 'alex', lastName: 'admin' })).toBe('AA');
    expect(initials({ email: 'zoe@example.com' })).toBe('ZO');
    expect(initials({})).toBe('U');
  });
});
