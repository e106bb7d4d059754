// Fetchers, query keys and mutations of the Payment Analytics screen. Type-only contract imports: the
// screen does not need zod at run time.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgingReport, EnablePortalResult, PaymentAnalytics, SendAutoPayInvitesResult, SendRemindersResult } from '@contracts/payment-analytics';
import type { PaymentLink } from '@contracts/payment-links';
import { api } from '@/lib/api-client';

/** Newest links shown on the Payment Links tab. */
export const PAYMENT_LINKS_SHOWN = 50;

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
  // Under 'payment-links', so creating a link on the Payment Links screen refreshes this tab too.
  links: (organizationId: OrganizationScope) => ['payment-links', 'analytics', organizationId] as const,
};

export function usePaymentAnalytics(organizationId: OrganizationScope) {
  return useQuery({
    queryKey: paymentAnalyticsKeys.figures(organizationId),
    queryFn: ({ signal }) => api.get<PaymentAnalytics>(withOrganization('/api/reports/payment-analytics', organizationId), { signal }),
  });
}

export function useAgingReport(organizationId: OrganizationScope) {
  return useQuery({
    queryKey: paymentAnalyticsKeys.aging(organizationId),
    queryFn: ({ signal }) => api.get<AgingReport>(withOrganization('/api/reports/aging', organizationId), { signal }),
  });
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
