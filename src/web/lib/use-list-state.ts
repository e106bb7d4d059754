import { useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 300;

export interface ListState {
  /** What the search box shows. */
  search: string;
  setSearch: (value: string) => void;
  /** The trimmed search sent to the server, once typing pauses. */
  q: string;
  page: number;
  setPage: (page: number) => void;
}

/** A list screen's search text (sent to the server once typing pauses) and page, back to page 1 on a new search. */
export function useListState(): ListState {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(0);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(0);
  };
  return { search, setSearch, q, page, setPage };
}
