import { describe, expect, it } from 'vitest';
import { labelsFor } from '@contracts/vocabulary';
import { moveHighlight, searchGroups } from '@/features/search/search-groups';

const result = (id: number, title: string) => ({ id, title, subtitle: null, href: `/x?open=${id}` });

describe('top bar search results', () => {
  it('groups results by kind in a fixed order with the industry labels, leaving out empty kinds', () => {
    const { groups, flat } = searchGroups(
      { customers: [result(1, 'Ann')], workOrders: [], estimates: [result(2, 'EST-00002')], invoices: [result(3, 'INV-00003'), result(4, 'INV-00004')] },
      labelsFor('Healthcare'),
    );
    expect(groups.map((g) => [g.label, g.start, g.results.length])).toEqual([
      ['Patients', 0, 1],
      ['Treatment Plans', 1, 1],
      ['Medical Bills', 2, 2],
    ]);
    expect(flat.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('moves the highlight with wrap-around', () => {
    expect(moveHighlight(-1, 3, 1)).toBe(0);
    expect(moveHighlight(-1, 3, -1)).toBe(2);
    expect(moveHighlight(2, 3, 1)).toBe(0);
    expect(moveHighlight(0, 3, -1)).toBe(2);
    expect(moveHighlight(0, 0, 1)).toBe(-1);
  });
});
