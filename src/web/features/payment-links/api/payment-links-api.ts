import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invoice } from '@contracts/invoices';
import { toCents } from '@contracts/money';
import type { PaymentLink } from '@contracts/payment-links';
import { api } from '@/lib/api-client';

export const paymentLinksKey = ['payment-links'] as const;

/** Newest first; the screen shows the latest 100 (the total is in the page). */
export function usePaymentLinks(enabled: boolean) {
  return useQuery({
    queryKey: [...paymentLinksKey, 'list'],
    queryFn: ({ signal }) => api.getPage<PaymentLink>('/api/payment-links?limit=100', { signal }),
    enabled,
  });
}

/** docs/rules/money-and-payments.md#payment-links: an invoice can get a link while its status is not paid and its total is above 0. */
export function isLinkable(invoice: Pick<Invoice, 'status' | 'total'>): boolean {
  return invoice.status !== 'paid' && toCents(invoice.total) > 0;
}

export function useUnpaidInvoices(enabled: boolean) {
  return useQuery({
    // Under 'invoices' so every invoice change (a payment, an edit) refreshes the picker too.
    queryKey: ['invoices', 'payment-link-options'],
    queryFn: async ({ signal }) => (await api.getPage<Invoice>('/api/invoices?limit=500', { signal })).rows.filter(isLinkable),
    enabled,
  });
}

export function useCreateInvoicePaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: number) => api.post<PaymentLink>(`/api/invoices/${invoiceId}/payment-link`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentLinksKey }),
  });
}

export function useCreateGenericPaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: number) => api.post<PaymentLink>('/api/generic-payment-links', { organizationId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentLinksKey }),
  });
}
