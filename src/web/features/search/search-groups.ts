// The dropdown's layout: one group per kind, in a fixed order, with the organization's words.
import type { SearchResponse, SearchResult } from '@contracts/search';
import type { LabelSet } from '@contracts/vocabulary';

export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchGroup {
  kind: keyof SearchResponse;
  label: string;
  /** Position of the group's first result in the flat list the arrow keys walk. */
  start: number;
  results: SearchResult[];
}

const ORDER: (keyof SearchResponse)[] = ['customers', 'workOrders', 'estimates', 'invoices'];

/** Non-empty groups, and the results in keyboard order. */
export function searchGroups(response: SearchResponse, labels: LabelSet): { groups: SearchGroup[]; flat: SearchResult[] } {
  const groups: SearchGroup[] = [];
  const flat: SearchResult[] = [];
  for (const kind of ORDER) {
    const results = response[kind];
    if (results.length === 0) continue;
    groups.push({ kind, label: labels[kind], start: flat.length, results });
    flat.push(...results);
  }
  return { groups, flat };
}

/** The next highlighted position for an arrow key, wrapping at both ends; -1 when there is nothing. */
export function moveHighlight(current: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}
