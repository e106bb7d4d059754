import type { LinkPaymentIntentBody, PublicPaymentLink } from '@contracts/payment-links';
import type { PaymentIntentResponse } from '@contracts/payments';
import { api } from '@/lib/api-client';

const base = (linkId: string) => `/api/public/payment-links/${encodeURIComponent(linkId)}`;

/** Counts a click: call once per page view. */
export const openPaymentLink = (linkId: string) => api.post<PublicPaymentLink>(`${base(linkId)}/open`, {});

export const createLinkPaymentIntent = (linkId: string, body: LinkPaymentIntentBody) =>
  api.post<PaymentIntentResponse>(`${base(linkId)}/payment-intent`, body);
