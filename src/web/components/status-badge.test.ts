import { describe, expect, it } from 'vitest';
import { statusBadgeClass } from '@/components/status-badge';

describe('status badge styles (docs/rules/records.md#status-badges)', () => {
  it('gives pending and sent the same style, and unknown statuses the pending style', () => {
    expect(statusBadgeClass('sent')).toBe(statusBadgeClass('pending'));
    expect(statusBadgeClass('accepted')).toBe(statusBadgeClass('pending'));
    expect(statusBadgeClass(null)).toBe(statusBadgeClass('pending'));
  });

  it('tells the known statuses apart', () => {
    const known = ['scheduled', 'in_progress', 'completed', 'cancelled', 'paid', 'pending', 'overdue', 'draft'].map(statusBadgeClass);
    expect(new Set(known).size).toBe(known.length);
    expect(statusBadgeClass('In Progress')).toBe(statusBadgeClass('in_progress'));
  });
});
