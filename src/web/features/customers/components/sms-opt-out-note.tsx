// "Opted out of SMS" beside a customer's phone (docs/rules/messaging.md#sms-opt-outs); nothing otherwise.
import { SmsOptOutBadge } from '@/components/sms-opt-out-badge';
import { useCustomerSmsOptOut } from '@/features/customers/api/get-sms-opt-out';

export function SmsOptOutNote({ customerId, phone, className }: { customerId: number; phone: string | null; className?: string }) {
  const status = useCustomerSmsOptOut(customerId, phone);
  return status.data?.optedOut ? <SmsOptOutBadge className={className} /> : null;
}
