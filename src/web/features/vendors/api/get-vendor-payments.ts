import { useQuery } from '@tanstack/react-query';
import type { VendorPayment } from '@contracts/vendors';
import { api, type Page } from '@/lib/api-client';
import { vendorPaymentKeys } from '@/features/vendors/api/vendor-keys';

/**
 * RECENT_VENDOR_PAYMENTS of @contracts/vendors, written out: that module builds zod schemas when
 * loaded, and the screen should not carry zod for a number. docs/rules/records.md#vendors: the 10 most recent.
 */
export const RECENT_PAYMENTS_LIMIT = 10;

/** The newest payments (the server sorts by payment date, newest first) and how many there are in all. */
export function getRecentVendorPayments(signal?: AbortSignal): Promise<Page<VendorPayment>> {
  return api.getPage<VendorPayment>(`/api/vendor-payments?limit=${RECENT_PAYMENTS_LIMIT}`, { signal });
}

export function useRecentVendorPayments(enabled = true) {
  return useQuery({ queryKey: vendorPaymentKeys.recent, queryFn: ({ signal }) => getRecentVendorPayments(signal), enabled });
}
