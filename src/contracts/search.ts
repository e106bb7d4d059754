// The top bar's search (docs/rules/lists.md#top-bar-search).
import { z } from 'zod';

export const SEARCH_RESULTS_PER_KIND = 5;

export const searchQuerySchema = z.object({
  q: z.string({ error: 'Search text is required' }).trim().min(1, 'Search text is required').max(100, 'Search text must be at most 100 characters'),
  /** Super users may narrow the search to one organization. */
  organizationId: z.coerce.number().int().positive().optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  id: z.number().int(),
  /** The main line: customer name, or the document number with its title / customer. */
  title: z.string(),
  /** A second line for telling results apart, or null. */
  subtitle: z.string().nullable(),
  /** Where Enter or a click goes: the list page opening the record, e.g. `/customers?open=12`. */
  href: z.string(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * Up to 5 matches per kind within the caller's organization. A kind the caller may not view is
 * always an empty list (customers: view/manage customers; work orders: create/manage work orders;
 * estimates: create/manage estimates; invoices: view financials or manage/create invoices).
 */
export const searchResponseSchema = z.object({
  customers: z.array(searchResultSchema),
  workOrders: z.array(searchResultSchema),
  estimates: z.array(searchResultSchema),
  invoices: z.array(searchResultSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
