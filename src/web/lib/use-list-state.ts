import { useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** A list screen's search text (sent to the server once typing pauses) and page, back to page 1 on a new search. */
export function useListState() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(0);
  const q = useDebouncedValue(search.trim(), 300);
  const setSearch = (value: string) => {
    setSearchText(value);
    setPage(0);
  };
  return { search, setSearch, q, page, setPage };
}
