// The portal's calls. Every one carries how the caller reaches the portal: a portal link's token, or the
// customer a staff member is previewing (a signed-in customer needs neither).
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  portalAccessSearch,
  type ConfirmSetupBody,
  type PortalResponse,
  type SavedPaymentMethod,
  type SetupIntentResponse,
} from '@contracts/customer-portal';
import type { PaymentIntentResponse } from '@contracts/payments';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

export interface PortalAccess {
  customer?: number;
  token?: string;
}

export const portalKeys = {
  all: ['customer-portal'] as const,
  portal: (access: PortalAccess) => ['customer-portal', access.token ?? null, access.customer ?? null] as const,
};

export function portalQueryOptions(access: PortalAccess) {
  return queryOptions({
    queryKey: portalKeys.portal(access),
    queryFn: ({ signal }) => api.get<PortalResponse>(`/api/portal${portalAccessSearch(access)}`, { signal }),
    // The link and the account decide what is shown: a refused one will be refused again.
    retry: false,
  });
}

export function usePortal(access: PortalAccess, enabled: boolean) {
  return useQuery({ ...portalQueryOptions(access), enabled });
}

export function startInvoicePayment(access: PortalAccess, invoiceId: number): Promise<PaymentIntentResponse> {
  return api.post<PaymentIntentResponse>(`/api/invoices/${invoiceId}/payment-intent${portalAccessSearch(access)}`);
}

/** The customer routes name the customer in the path; only a portal link's token goes along. */
export function startCardSetup(access: PortalAccess, customerId: number): Promise<SetupIntentResponse> {
  return api.post<SetupIntentResponse>(`/api/customers/${customerId}/setup-intent${portalAccessSearch({ token: access.token })}`);
}

export function confirmCardSetup(body: ConfirmSetupBody): Promise<SavedPaymentMethod> {
  return api.post<SavedPaymentMethod>('/api/setup-intents/confirm', body);
}

/** Saves the invoice's PDF as invoice-{number}.pdf (the server's Content-Disposition name). */
export function downloadPortalInvoice(access: PortalAccess, invoice: { id: number; invoiceNumber: string }): Promise<string> {
  return downloadFile(`/api/portal/invoices/${invoice.id}/pdf${portalAccessSearch(access)}`, `invoice-${invoice.invoiceNumber}.pdf`);
}
