// An invoice's payment plan (docs/rules/money-and-payments.md#installments): read, create, cancel.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePaymentPlanInput, PaymentPlan } from '@contracts/payment-plans';
import { api, isApiError } from '@/lib/api-client';
import { invalidateAfterSave } from '@/lib/save-invalidation';

const path = (invoiceId: number) => `/api/invoices/${invoiceId}/payment-plan`;

/** The invoice's plan, or null when it has none (the server's 404). */
export async function getPaymentPlan(invoiceId: number): Promise<PaymentPlan | null> {
  try {
    return await api.get<PaymentPlan>(path(invoiceId));
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export function paymentPlanQueryOptions(invoiceId: number) {
  return queryOptions({
    // Under 'invoices', so a payment, credit note or edit that refreshes invoices refreshes the plan too.
    queryKey: ['invoices', 'payment-plan', invoiceId],
    queryFn: () => getPaymentPlan(invoiceId),
  });
}

export function usePaymentPlan(invoiceId: number | null, enabled = true) {
  return useQuery({ ...paymentPlanQueryOptions(invoiceId ?? 0), enabled: enabled && invoiceId !== null });
}

export function useCreatePaymentPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, input }: { invoiceId: number; input: CreatePaymentPlanInput }) => api.post<PaymentPlan>(path(invoiceId), input),
    // A retry after a lost answer would meet the first plan (409).
    retry: false,
    onSuccess: (plan) => {
      queryClient.setQueryData(paymentPlanQueryOptions(plan.invoiceId).queryKey, plan);
      return invalidateAfterSave(queryClient, 'invoices');
    },
  });
}

export function useCancelPaymentPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: number) => api.delete<{ message: string }>(path(invoiceId)),
    onSuccess: (_answer, invoiceId) => {
      queryClient.setQueryData(paymentPlanQueryOptions(invoiceId).queryKey, null);
      return invalidateAfterSave(queryClient, 'invoices');
    },
  });
}
