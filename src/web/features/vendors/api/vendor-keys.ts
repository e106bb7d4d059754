import type { QueryClient } from '@tanstack/react-query';

/** Every vendors query key starts with 'vendors' and every payments key with 'vendor-payments'. */
export const vendorKeys = {
  all: ['vendors'] as const,
  list: (params: { q: string; offset: number }) => ['vendors', 'list', params] as const,
  options: ['vendors', 'options'] as const,
};

export const vendorPaymentKeys = {
  all: ['vendor-payments'] as const,
  recent: ['vendor-payments', 'recent'] as const,
};

/**
 * docs/rules/platform.md#request-rules: after a save the lists and the dashboard figures are fetched again. Vendors and
 * payments go together: a renamed or deleted vendor changes the payments shown.
 */
export function refreshAfterVendorChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
    queryClient.invalidateQueries({ queryKey: vendorPaymentKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
