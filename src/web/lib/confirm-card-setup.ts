import type { ConfirmSetupBody, SavedPaymentMethod } from '@contracts/customer-portal';
import { api } from '@/lib/api-client';

/** Finishes saving a card (the portal's Add Payment Method, a card kept on file to hold a booking). */
export const confirmCardSetup = (body: ConfirmSetupBody) => api.post<SavedPaymentMethod>('/api/setup-intents/confirm', body);
