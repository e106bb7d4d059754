import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CreatePaymentIntentBody, Payment, PaymentIntentResponse, PaymentMode, RecordPaymentBody } from '@contracts/payments';
import type { Invoice } from '@contracts/invoices';
import { api, type Page } from '@/lib/api-client';
import { listPath, PAGE_SIZE } from '@/lib/list-path';

export function usePayments(params: { q?: string; page?: number }) {
  return useQuery({
    queryKey: ['payments', 'list', params],
    queryFn: ({ signal }) =>
      api.getPage<Payment>(listPath('/api/payments', { q: params.q, limit: PAGE_SIZE, offset: (params.page ?? 0) * PAGE_SIZE }), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Invoices that can still take a payment (docs/rules/records.md#invoice-statuses: paid invoices are left out of payment pickers). */
export function usePayableInvoices(enabled: boolean) {
  return useQuery({
    queryKey: ['invoices', 'payable'],
    queryFn: async ({ signal }): Promise<Invoice[]> => {
      const page: Page<Invoice> = await api.getPage<Invoice>('/api/invoices?limit=500', { signal });
      return page.rows.filter((i) => i.status !== 'paid' && Number(i.balanceDue) > 0);
    },
    enabled,
  });
}

/**
 * Which processor would take this payment (the invoice's organization for a super user), before it starts: the first
 * step shows "Test mode" too. A super user with no invoice chosen has no organization to ask about yet.
 */
export function usePaymentMode(invoiceId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['payment-mode', invoiceId],
    queryFn: ({ signal }) => api.get<PaymentMode>(listPath('/api/payment-mode', { invoiceId: invoiceId || undefined }), { signal }),
    enabled,
    retry: false,
  });
}

export const recordPayment = (body: RecordPaymentBody) => api.post<Payment>('/api/payments', body);
export const createPaymentIntent = (body: CreatePaymentIntentBody) => api.post<PaymentIntentResponse>('/api/create-payment-intent', body);

/** docs/rules/money-and-payments.md#manual-payment: after a payment, payments, invoices and the dashboard stats are fetched again. */
export function refreshAfterPayment(queryClient: QueryClient) {
  return Promise.all(['payments', 'invoices', 'dashboard', 'payment-analytics'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}
