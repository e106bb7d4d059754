// The organization's automatic payment reminders (docs/rules/money-and-payments.md#payment-reminders): read and
// saved whole from the Organization screen.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentReminderSettings, PaymentReminderSettingsBody } from '@contracts/payment-reminders';
import { api } from '@/lib/api-client';

export const paymentReminderSettingsQueryKey = ['payment-reminder-settings'] as const;

/** A super user names the organization; everyone else is answered for their own. */
const orgQuery = (organizationId: number | null) => (organizationId ? `?organizationId=${organizationId}` : '');

/** GET /api/payment-reminders/settings: the defaults until the organization first saves. */
export function usePaymentReminderSettings(organizationId: number | null) {
  return useQuery({
    queryKey: [...paymentReminderSettingsQueryKey, organizationId],
    queryFn: () => api.get<PaymentReminderSettings>(`/api/payment-reminders/settings${orgQuery(organizationId)}`),
  });
}

/** PUT /api/payment-reminders/settings with the whole settings object; answers what was kept. */
export function useUpdatePaymentReminderSettings(organizationId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentReminderSettingsBody) => api.put<PaymentReminderSettings>(`/api/payment-reminders/settings${orgQuery(organizationId)}`, body),
    onSuccess: (saved) => queryClient.setQueryData([...paymentReminderSettingsQueryKey, organizationId], saved),
  });
}
