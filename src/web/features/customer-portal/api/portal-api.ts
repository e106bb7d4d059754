// The portal's calls. Every one carries how the caller reaches the portal: a portal link's token (in the
// x-portal-token header, so it lands in no log or history), or the customer a staff member is previewing
// (`?customer=`); a signed-in customer needs neither.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  PORTAL_TOKEN_HEADER,
  portalAccessSearch,
  type PortalResponse,
  type SetupIntentResponse,
} from '@contracts/customer-portal';
import type { PaymentIntentResponse } from '@contracts/payments';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

export interface PortalAccess {
  customer?: number;
  token?: string;
}

/** The token header of a portal link visit, else none. */
function tokenHeaders(access: PortalAccess): Record<string, string> | undefined {
  return access.token ? { [PORTAL_TOKEN_HEADER]: access.token } : undefined;
}

/** `?customer=` only for a staff preview: with a link's token the token alone decides. */
const previewSearch = (access: PortalAccess) => (access.token ? '' : portalAccessSearch(access));

export const portalKeys = {
  all: ['customer-portal'] as const,
  portal: (access: PortalAccess) => ['customer-portal', access.token ?? null, access.customer ?? null] as const,
};

export function portalQueryOptions(access: PortalAccess) {
  return queryOptions({
    queryKey: portalKeys.portal(access),
    queryFn: ({ signal }) => api.get<PortalResponse>(`/api/portal${previewSearch(access)}`, { signal, headers: tokenHeaders(access) }),
    // The link and the account decide what is shown: a refused one will be refused again.
    retry: false,
  });
}

export function usePortal(access: PortalAccess, enabled: boolean) {
  return useQuery({ ...portalQueryOptions(access), enabled });
}

/**
 * Starts a card payment of the invoice. `amount`: what the customer chose under a payment plan (the next installment
 * or more, up to the balance due); without it, the balance due.
 */
export function startInvoicePayment(access: PortalAccess, invoiceId: number, amount?: string): Promise<PaymentIntentResponse> {
  return api.post<PaymentIntentResponse>(`/api/invoices/${invoiceId}/payment-intent${previewSearch(access)}`, amount === undefined ? undefined : { amount }, {
    headers: tokenHeaders(access),
  });
}

/** The customer routes name the customer in the path; only a portal link's token goes along. */
export function startCardSetup(access: PortalAccess, customerId: number): Promise<SetupIntentResponse> {
  return api.post<SetupIntentResponse>(`/api/customers/${customerId}/setup-intent`, undefined, { headers: tokenHeaders(access) });
}

/** Auto-pay on (needs a saved card: 409 otherwise) or off (docs/rules/money-and-payments.md#auto-pay). */
export function setAutoPay(access: PortalAccess, customerId: number, enabled: boolean): Promise<{ autoPayEnabled: boolean }> {
  return api.put<{ autoPayEnabled: boolean }>(`/api/customers/${customerId}/auto-pay`, { enabled }, { headers: tokenHeaders(access) });
}

/** A shared job photo's (or file's) address on one of the customer's invoices (docs/rules/team.md#photos-and-files). */
export function portalAttachmentPath(access: PortalAccess, invoiceId: number, attachmentId: number, variant: 'file' | 'thumbnail'): string {
  return `/api/portal/invoices/${invoiceId}/attachments/${attachmentId}/${variant}${previewSearch(access)}`;
}

/** The headers a portal file is read with: a link's token travels in one, never in the address. */
export function portalFileHeaders(access: PortalAccess): Record<string, string> | undefined {
  return tokenHeaders(access);
}

/** Saves the invoice's PDF as invoice-{number}.pdf (the server's Content-Disposition name). */
export function downloadPortalInvoice(access: PortalAccess, invoice: { id: number; invoiceNumber: string }): Promise<string> {
  return downloadFile(`/api/portal/invoices/${invoice.id}/pdf${previewSearch(access)}`, `invoice-${invoice.invoiceNumber}.pdf`, tokenHeaders(access));
}

/** Saves a credit note's PDF as credit-note-{number}.pdf. */
export function downloadPortalCreditNote(access: PortalAccess, note: { id: number; creditNoteNumber: string }): Promise<string> {
  return downloadFile(`/api/portal/credit-notes/${note.id}/pdf${previewSearch(access)}`, `credit-note-${note.creditNoteNumber}.pdf`, tokenHeaders(access));
}
