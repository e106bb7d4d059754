import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import type { ListState } from '@/lib/use-list-state';
import { ListBlock, type ListQuery } from '@/components/list-block';

type Row = { id: number; name: string };

const list = (q = '', page = 0): ListState => ({ search: q, setSearch: () => undefined, q, page, setPage: () => undefined });
const query = (over: Partial<ListQuery<Row>>): ListQuery<Row> => ({ isPending: false, isError: false, error: null, ...over });

function render(q: ListQuery<Row>, state: ListState | null = list()): string {
  return renderToStaticMarkup(
    createElement(ListBlock<Row>, {
      name: 'things',
      query: q,
      list: state ?? undefined,
      pageSize: 2,
      searchPlaceholder: 'Search things...',
      emptyText: 'No things yet.',
      failedTitle: 'Failed to load things',
      children: (rows: Row[]) => createElement('ul', null, rows.map((r) => createElement('li', { key: r.id }, r.name))),
    }),
  );
}

describe('ListBlock', () => {
  it('shows the skeleton while the first page loads', () => {
    const html = render(query({ isPending: true }));
    expect(html).toContain('data-testid="things-loading"');
    expect(html).toContain('aria-label="Search things..."');
    expect(html).not.toContain('Showing');
  });

  it("shows the failure with the server's words, and the shared words without a search box for a 403", () => {
    const failed = render(query({ isError: true, error: new ApiError(500, 'Database unavailable', null) }));
    expect(failed).toContain('Failed to load things');
    expect(failed).toContain('Database unavailable');
    const forbidden = render(query({ isError: true, error: new ApiError(403, 'Forbidden', null) }));
    expect(forbidden).toContain('Your role does not give access to this list.');
    expect(forbidden).not.toContain('type="search"');
  });

  it("says the list's own empty text, and 'No results found.' while searching", () => {
    expect(render(query({ data: { rows: [], total: 0 } }))).toContain('No things yet.');
    const searched = render(query({ data: { rows: [], total: 0 } }), list('zzz'));
    expect(searched).toContain('No results found.');
    expect(searched).not.toContain('No things yet.');
  });

  it('renders the rows with the page summary and Previous / Next when there is more than one page', () => {
    const html = render(query({ data: { rows: [{ id: 3, name: 'Third' }], total: 3 } }), list('', 1));
    expect(html).toContain('<li>Third</li>');
    expect(html).toContain('Showing 3–3 of 3');
    expect(html).toContain('Previous');
    const single = render(query({ data: { rows: [{ id: 1, name: 'One' }], total: 1 } }));
    expect(single).toContain('Showing 1–1 of 1');
    expect(single).not.toContain('Previous');
  });

  it('has no search box or pager without list state', () => {
    const html = render(query({ data: { rows: [{ id: 1, name: 'One' }], total: 1 } }), null);
    expect(html).not.toContain('type="search"');
    expect(html).not.toContain('Showing');
  });
});
