// "Opted out of SMS" (docs/rules/messaging.md#sms-opt-outs): shown wherever a number that replied STOP is shown, on a
// conversation and on the customer.
import { BellOff } from 'lucide-react';
import { CONVERSATION_MESSAGES } from '@contracts/conversations';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

export function SmsOptOutBadge({ className }: { className?: string }) {
  return (
    <Badge variant="outline" className={cn('border-destructive/40 text-destructive', className)} data-testid="sms-opt-out-badge" title="This number replied STOP: no text message goes to it until it replies START">
      <BellOff aria-hidden />
      {CONVERSATION_MESSAGES.optedOutBadge}
    </Badge>
  );
}
