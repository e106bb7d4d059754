import type { QueryClient } from '@tanstack/react-query';

export type DocumentResource = 'work-orders' | 'estimates' | 'invoices';

/** docs/rules/platform.md#request-rules: after a save the resource's lists and the dashboard stats are fetched again. */
export function invalidateAfterSave(queryClient: QueryClient, resource: DocumentResource): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [resource] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
