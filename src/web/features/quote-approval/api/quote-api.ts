import type { ApproveQuoteInput, DeclineQuoteInput, PublicQuote, QuoteDepositIntentInput, RequestQuoteChangesInput } from '@contracts/estimates';
import type { PaymentIntentResponse } from '@contracts/payments';
import { api } from '@/lib/api-client';

const base = (token: string) => `/api/public/quotes/${encodeURIComponent(token)}`;

/** Records that the customer viewed the quote: call once per page view. */
export const openQuote = (token: string) => api.post<PublicQuote>(`${base(token)}/open`, {});

export const approveQuote = (token: string, body: ApproveQuoteInput) => api.post<PublicQuote>(`${base(token)}/approve`, body);

export const declineQuote = (token: string, body: DeclineQuoteInput) => api.post<PublicQuote>(`${base(token)}/decline`, body);

export const requestQuoteChanges = (token: string, body: RequestQuoteChangesInput) => api.post<PublicQuote>(`${base(token)}/request-changes`, body);

/** Starts paying what is left of an approved quote's deposit; confirmed like any payment intent (lib/confirm-payment.ts). */
export const startDepositPayment = (token: string, body: QuoteDepositIntentInput) => api.post<PaymentIntentResponse>(`${base(token)}/deposit-intent`, body);

/** The quote's PDF (signed once approved), for a plain download link. */
export const quotePdfUrl = (token: string) => `${base(token)}/pdf`;
