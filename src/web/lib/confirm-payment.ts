import type { ConfirmPaymentBody, ConfirmPaymentResponse } from '@contracts/payments';
import { api } from '@/lib/api-client';

export const confirmPayment = (body: ConfirmPaymentBody) => api.post<ConfirmPaymentResponse>('/api/payment-intents/confirm', body);
