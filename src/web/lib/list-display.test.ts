import { describe, expect, it } from 'vitest';
import { organizationName, pageSummary } from '@/lib/list-display';

describe('list display', () => {
  it("names the organization, 'Unknown Organization' for one not in the list, '-' for none", () => {
    const names = new Map([[1, 'Demo Home Services']]);
    expect(organizationName(names, 1)).toBe('Demo Home Services');
    expect(organizationName(names, 9)).toBe('Unknown Organization');
    expect(organizationName(names, null)).toBe('-');
  });

  it('summarises the page shown', () => {
    expect(pageSummary(0, 50, 120)).toBe('Showing 1–50 of 120');
    expect(pageSummary(100, 20, 120)).toBe('Showing 101–120 of 120');
    expect(pageSummary(0, 0, 0)).toBe('');
  });
});
