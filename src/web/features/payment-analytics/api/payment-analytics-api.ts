// Fetchers, query keys and mutations of the Payment Analytics screen. Type-only contract imports: the
// screen does not need zod at run time.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgingBucket, AgingInvoice, AgingReport, EnablePortalResult, PaymentAnalytics, SendAutoPayInvitesResult, SendRemindersResult } from '@contracts/payment-analytics';
import type { PaymentLink } from '@contracts/payment-links';
import { api } from '@/lib/api-client';

/** Newest links shown on the Payment Links tab. */
export const PAYMENT_LINKS_SHOWN = 50;

/**
 * Invoices per page of a bucket's list: the server's default page (AGING_PAGE_SIZE in the contract, not imported so
 * the screen loads no zod), so the report's first answer already holds page 1 of every bucket.
 */
export const AGING_LIST_PAGE_SIZE = 25;

/** null: the caller's own organization (or, for a super user, every organization). */
export type OrganizationScope = number | null;

const withOrganization = (path: string, organizationId: OrganizationScope, extra: Record<string, string> = {}) => {
  const search = new URLSearchParams(extra);
  if (organizationId !== null) search.set('organizationId', String(organizationId));
  const query = search.toString();
  return query ? `${path}?${query}` : path;
};

export const paymentAnalyticsKeys = {
  all: ['payment-analytics'] as const,
  figures: (organizationId: OrganizationScope) => ['payment-analytics', 'figures', organizationId] as const,
  aging: (organizationId: OrganizationScope) => ['payment-analytics', 'aging', organizationId] as const,
  agingPage: (organizationId: OrganizationScope, bucket: AgingBucket, page: number) => ['payment-analytics', 'aging', organizationId, bucket, page] as const,
  // Under 'payment-links', so creating a link on the Payment Links screen refreshes this tab too.
  links: (organizationId: OrganizationScope) => ['payment-links', 'analytics', organizationId] as const,
};

export function usePaymentAnalytics(organizationId: OrganizationScope) {
  return useQuery({
    queryKey: paymentAnalyticsKeys.figures(organizationId),
    queryFn: ({ signal }) => api.get<PaymentAnalytics>(withOrganization('/api/reports/payment-analytics', organizationId), { signal }),
  });
}

/** Every bucket's count and sums, and the first page of each bucket's invoices. */
export function useAgingReport(organizationId: OrganizationScope) {
  return useQuery({
    queryKey: paymentAnalyticsKeys.aging(organizationId),
    queryFn: ({ signal }) => api.get<AgingReport>(withOrganization('/api/reports/aging', organizationId), { signal }),
  });
}

/**
 * One page of a bucket's invoices with the bucket's count, as a list block reads it. Page 1 comes from the report
 * itself; later pages ask for that bucket alone (docs/decisions/021-aging-report-paging.md).
 */
export function useAgingBucketPage(organizationId: OrganizationScope, bucket: AgingBucket, page: number, report: AgingReport | undefined) {
  const later = useQuery({
    queryKey: paymentAnalyticsKeys.agingPage(organizationId, bucket, page),
    queryFn: ({ signal }) =>
      api.get<AgingReport>(
        withOrganization('/api/reports/aging', organizationId, { bucket, offset: String(page * AGING_LIST_PAGE_SIZE), limit: String(AGING_LIST_PAGE_SIZE) }),
        { signal },
      ),
    enabled: page > 0,
    placeholderData: keepPreviousData,
  });
  const source = page > 0 ? later.data : report;
  const data: { rows: AgingInvoice[]; total: number } | undefined = source && { rows: source[bucket], total: source.totals[bucket].count };
  return {
    data,
    isPending: page > 0 ? later.isPending : !report,
    isError: page > 0 && later.isError,
    error: later.error,
    isFetching: page > 0 && later.isFetching,
    isPlaceholderData: page > 0 && later.isPlaceholderData,
  };
}

export function usePaymentLinkList(organizationId: OrganizationScope, enabled: boolean) {
  return useQuery({
    queryKey: paymentAnalyticsKeys.links(organizationId),
    queryFn: ({ signal }) =>
      api.getPage<PaymentLink>(withOrganization('/api/payment-links', organizationId, { limit: String(PAYMENT_LINKS_SHOWN) }), { signal }),
    enabled,
  });
}

export interface AnalyticsActionResults {
  'send-reminders': SendRemindersResult;
  'enable-portal': EnablePortalResult;
  'send-autopay-invites': SendAutoPayInvitesResult;
}
export type AnalyticsAction = keyof AnalyticsActionResults;

/** One of the three recommended actions; afterwards the figures (and customer lists) are refreshed. */
export function useAnalyticsAction<A extends AnalyticsAction>(action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: OrganizationScope) =>
      api.post<AnalyticsActionResults[A]>(`/api/payment-analytics/${action}`, organizationId === null ? {} : { organizationId }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentAnalyticsKeys.all });
      if (action === 'enable-portal') void queryClient.invalidateQueries({ queryKey: ['customers'] });
      // Reminders and invitations are recorded in Messaging.
      else void queryClient.invalidateQueries({ queryKey: ['messages'] });
    },
  });
}
