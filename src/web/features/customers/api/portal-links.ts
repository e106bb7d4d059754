// The customer's portal links from staff's side (docs/customer-portal.md, Portal links).
import type { PortalLinkResponse, RevokePortalLinksResponse } from '@contracts/customer-portal';
import { api } from '@/lib/api-client';

/** E-mails the customer a new 30-day link; staff learn where it went, never the link. */
export function emailPortalLink(customerId: number): Promise<PortalLinkResponse> {
  return api.post<PortalLinkResponse>(`/api/customers/${customerId}/portal-link`);
}

/** Every live link of the customer stops working; answers how many there were. */
export function revokePortalLinks(customerId: number): Promise<RevokePortalLinksResponse> {
  return api.post<RevokePortalLinksResponse>(`/api/customers/${customerId}/portal-links/revoke`);
}
