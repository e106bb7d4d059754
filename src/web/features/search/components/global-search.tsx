import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search, X } from 'lucide-react';
import type { SearchResult } from '@contracts/search';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLabels } from '@/lib/use-labels';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useSearchRecords } from '@/features/search/api/search-records';
import { moveHighlight, SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH, searchGroups } from '@/features/search/search-groups';
import { optionId, SearchResults } from '@/features/search/components/search-results';

/**
 * The top bar's search (docs/rules/lists.md#top-bar-search): customers, work orders, estimates and invoices in a dropdown;
 * arrows move, Enter or a click opens, Escape closes. Below the lg breakpoint it sits behind a
 * button and, once opened, covers the top bar.
 */
export function GlobalSearch() {
  const labels = useLabels();
  const navigate = useNavigate();
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [isExpanded, setExpanded] = useState(false);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearchRecords(q);
  const { groups, flat } = search.data && q ? searchGroups(search.data, labels) : { groups: [], flat: [] };
  // The highlight belongs to one set of results; new results start at the first one.
  const [highlight, setHighlight] = useState<{ q: string; index: number }>({ q: '', index: -1 });
  const highlighted = highlight.q === q ? Math.min(highlight.index, flat.length - 1) : flat.length > 0 ? 0 : -1;
  const isSearching = text.trim() !== q || search.isFetching;
  const showResults = isOpen && text.trim().length > 0;

  useEffect(() => {
    if (!showResults && !isExpanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) {
        setOpen(false);
        setExpanded(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [showResults, isExpanded]);

  const choose = (result: SearchResult) => {
    setOpen(false);
    setExpanded(false);
    setText('');
    inputRef.current?.blur();
    navigate(result.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setHighlight({ q, index: moveHighlight(highlighted, flat.length, event.key === 'ArrowDown' ? 1 : -1) });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Enter before the pause has run its search waits for those results rather than opening stale ones.
      if (!isSearching && highlighted >= 0 && flat[highlighted]) choose(flat[highlighted]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (showResults) setOpen(false);
      else {
        setExpanded(false);
        inputRef.current?.blur();
      }
    }
  };

  const expand = () => {
    setExpanded(true);
    // The input only exists visibly once expanded; focus it on the next frame.
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  return (
    <>
      <div
        ref={rootRef}
        data-testid="global-search"
        className={cn(
          isExpanded ? 'absolute inset-0 z-40 flex items-center gap-2 bg-card px-3' : 'hidden',
          'lg:relative lg:inset-auto lg:z-auto lg:flex lg:bg-transparent lg:px-0',
        )}
      >
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            ref={inputRef}
            type="search"
            role="combobox"
            aria-label="Search"
            aria-autocomplete="list"
            aria-expanded={showResults}
            aria-controls={listId}
            aria-activedescendant={showResults && highlighted >= 0 ? optionId(listId, highlighted) : undefined}
            placeholder="Search customers, jobs..."
            autoComplete="off"
            maxLength={SEARCH_MAX_LENGTH}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
            className="pl-8 lg:w-64"
          />
        </div>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Close search" onClick={() => setExpanded(false)}>
          <X />
        </Button>
        {showResults && (
          <SearchResults
            id={listId}
            groups={groups}
            highlighted={highlighted}
            isSearching={isSearching}
            isError={search.isError && groups.length === 0}
            className="absolute top-full right-2 left-2 mt-1 lg:right-0 lg:left-auto lg:w-[26rem]"
            onHighlight={(index) => setHighlight({ q, index })}
            onChoose={choose}
          />
        )}
      </div>
      <Button variant="ghost" size="icon" className={cn('lg:hidden', isExpanded && 'invisible')} aria-label="Open search" onClick={expand}>
        <Search className="size-5" />
      </Button>
    </>
  );
}
