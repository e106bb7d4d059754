import { EmptyScreen } from '@/features/empty-screen/empty-screen';

/** Replaced by this feature's screen. */
export function PaymentAnalyticsScreen() {
  return <EmptyScreen area="paymentAnalytics" />;
}
