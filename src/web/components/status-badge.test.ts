import { describe, expect, it } from 'vitest';
import { ESTIMATE_STATUSES } from '@contracts/estimates';
import { statusBadgeClass, statusText } from '@/components/status-badge';

describe('status badge styles (docs/rules/records.md#status-badges)', () => {
  it('gives pending and sent the same style, and unknown statuses the pending style', () => {
    expect(statusBadgeClass('sent')).toBe(statusBadgeClass('pending'));
    expect(statusBadgeClass('whatever')).toBe(statusBadgeClass('pending'));
    expect(statusBadgeClass(null)).toBe(statusBadgeClass('pending'));
  });

  it('tells the known statuses apart', () => {
    const known = ['scheduled', 'in_progress', 'completed', 'cancelled', 'paid', 'pending', 'overdue', 'draft', 'credited'].map(statusBadgeClass);
    expect(new Set(known).size).toBe(known.length);
    expect(statusBadgeClass('In Progress')).toBe(statusBadgeClass('in_progress'));
  });

  it("tells every estimate status apart (sent shares pending's style)", () => {
    const styles = ESTIMATE_STATUSES.map(statusBadgeClass);
    expect(new Set(styles).size).toBe(ESTIMATE_STATUSES.length);
    for (const status of ['viewed', 'approved', 'declined', 'changes_requested', 'expired', 'converted']) {
      expect(statusBadgeClass(status)).not.toBe(statusBadgeClass('pending'));
    }
  });

  it('shows old data that says accepted as approved', () => {
    expect(statusBadgeClass('accepted')).toBe(statusBadgeClass('approved'));
    expect(statusText('accepted')).toBe('Approved');
  });
});

describe('status badge words', () => {
  it('title-cases status ids, says "Changes requested", and Pending for none', () => {
    expect(statusText('in_progress')).toBe('In Progress');
    expect(statusText('viewed')).toBe('Viewed');
    expect(statusText('converted')).toBe('Converted');
    expect(statusText('changes_requested')).toBe('Changes requested');
    expect(statusText(null)).toBe('Pending');
  });
});
