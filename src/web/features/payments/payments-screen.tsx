import { EmptyScreen } from '@/features/empty-screen/empty-screen';

/** Replaced by this feature's screen. */
export function PaymentsScreen() {
  return <EmptyScreen area="payments" />;
}
