// An invoice's payment reminders and late fees (docs/rules/money-and-payments.md#payment-reminders, Timeline).
import { useQuery } from '@tanstack/react-query';
import type { InvoiceReminderTimeline } from '@contracts/payment-reminders';
import { api } from '@/lib/api-client';

export function useInvoiceReminders(invoiceId: number, enabled: boolean) {
  return useQuery({
    // Under 'invoices', so a payment or an edit that refreshes invoices refreshes the timeline too.
    queryKey: ['invoices', 'reminders', invoiceId],
    queryFn: () => api.get<InvoiceReminderTimeline>(`/api/invoices/${invoiceId}/reminders`),
    enabled,
  });
}
