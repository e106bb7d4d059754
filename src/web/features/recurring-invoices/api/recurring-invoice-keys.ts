import type { QueryClient } from '@tanstack/react-query';

/** Every recurring invoice query key starts with 'recurring-invoices'. */
export const recurringInvoiceKeys = {
  all: ['recurring-invoices'] as const,
  list: (params: { page: number }) => ['recurring-invoices', 'list', params] as const,
  detail: (id: number) => ['recurring-invoices', 'detail', id] as const,
};

/** After a save, pause or delete the list and the open schedule are fetched again. */
export function refreshRecurringInvoices(queryClient: QueryClient): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: recurringInvoiceKeys.all });
}
