// The inventory list, its counts and saves (docs/rules/inventory-and-time.md#inventory-items).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInventoryItemBody, InventoryItem, InventorySummary, UpdateInventoryItemBody } from '@contracts/inventory';
import { api } from '@/lib/api-client';

/** DEFAULT_PAGE_SIZE of @contracts/lists, written out so the list does not load zod before a dialog opens. */
export const INVENTORY_PAGE_SIZE = 50;

// Every inventory key starts with 'inventory', so one invalidation refreshes the list and the counts.
const inventoryKeys = {
  all: ['inventory'] as const,
  list: (q: string, offset: number) => ['inventory', 'list', { q, offset }] as const,
  summary: ['inventory', 'summary'] as const,
};

export function useInventoryPage(q: string, offset: number, enabled: boolean) {
  return useQuery({
    queryKey: inventoryKeys.list(q, offset),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(INVENTORY_PAGE_SIZE) });
      if (q) params.set('q', q);
      if (offset) params.set('offset', String(offset));
      return api.getPage<InventoryItem>(`/api/inventory?${params.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useInventorySummary(enabled: boolean) {
  return useQuery({
    queryKey: inventoryKeys.summary,
    queryFn: ({ signal }) => api.get<InventorySummary>('/api/inventory/summary', { signal }),
    enabled,
  });
}

export type SaveInventoryInput = { id: null; body: CreateInventoryItemBody } | { id: number; body: UpdateInventoryItemBody };

/** Saves refresh the list, the counts and the dashboard's Inventory Alerts (docs/rules/inventory-and-time.md#inventory-items). */
export function useSaveInventoryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveInventoryInput) =>
      input.id === null ? api.post<InventoryItem>('/api/inventory', input.body) : api.put<InventoryItem>(`/api/inventory/${input.id}`, input.body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
