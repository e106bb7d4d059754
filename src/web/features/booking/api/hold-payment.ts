import type { SetupIntentResponse } from '@contracts/customer-portal';
import type { PaymentIntentResponse } from '@contracts/payments';
import { api } from '@/lib/api-client';

/**
 * The booking's payment step (docs/rules/scheduling.md#holding-a-booking): the hold token the booking answered starts
 * the deposit's payment or the card's setup; 409 once the hold has ended.
 */
export const startHoldDeposit = (holdToken: string) => api.post<PaymentIntentResponse>(`/api/public/bookings/${encodeURIComponent(holdToken)}/deposit-intent`);

export const startHoldCard = (holdToken: string) => api.post<SetupIntentResponse>(`/api/public/bookings/${encodeURIComponent(holdToken)}/setup-intent`);
