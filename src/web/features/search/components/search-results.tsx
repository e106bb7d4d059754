import type { SearchResult } from '@contracts/search';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { SearchGroup } from '@/features/search/search-groups';

interface SearchResultsProps {
  id: string;
  groups: SearchGroup[];
  highlighted: number;
  isSearching: boolean;
  isError: boolean;
  className?: string;
  onHighlight: (index: number) => void;
  onChoose: (result: SearchResult) => void;
}

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

export function SearchResults({ id, groups, highlighted, isSearching, isError, className, onHighlight, onChoose }: SearchResultsProps) {
  const body = isError ? (
    <p className="px-3 py-6 text-center text-sm text-muted-foreground">Search failed. Please try again.</p>
  ) : groups.length === 0 ? (
    isSearching ? (
      <Spinner className="py-6" label="Searching..." />
    ) : (
      <p className="px-3 py-6 text-center text-sm text-muted-foreground">No results found.</p>
    )
  ) : (
    groups.map((group) => (
      <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`} className="py-1">
        <p id={`${id}-${group.kind}`} className="px-3 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {group.label}
        </p>
        {group.results.map((result, i) => {
          const index = group.start + i;
          const isActive = index === highlighted;
          return (
            <div
              key={`${group.kind}-${result.id}`}
              id={optionId(id, index)}
              role="option"
              aria-selected={isActive}
              className={cn('mx-1 cursor-pointer rounded-sm px-2 py-1.5', isActive && 'bg-accent text-accent-foreground')}
              // Keep the focus in the input so the keyboard keeps working after a pointer visit.
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => !isActive && onHighlight(index)}
              onClick={() => onChoose(result)}
            >
              <p className="truncate text-sm font-medium">{result.title}</p>
              {result.subtitle && <p className="truncate text-xs text-muted-foreground">{result.subtitle}</p>}
            </div>
          );
        })}
      </div>
    ))
  );
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Search results"
      data-testid="search-results"
      className={cn('z-50 max-h-[min(70vh,28rem)] overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg', className)}
    >
      {body}
    </div>
  );
}
