// A delivery's status as a badge (docs/rules/public-api.md#webhooks-panel): succeeded green, failed red, pending amber,
// and a pending one that has already failed an attempt says `Retrying`, in orange.
import { WEBHOOK_DELIVERY_STATUS_LABELS, type WebhookDeliveryStatus } from '@contracts/webhooks';
import { cn } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';

const STYLES: Record<WebhookDeliveryStatus | 'retrying', string> = {
  succeeded: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
  pending: 'bg-amber-100 text-amber-800',
  retrying: 'bg-orange-100 text-orange-900',
};

export function DeliveryStatusBadge({ status, attempted }: { status: WebhookDeliveryStatus; attempted: boolean }) {
  const shown = status === 'pending' && attempted ? 'retrying' : status;
  return (
    <Badge variant="outline" className={cn('border-transparent', STYLES[shown])} data-status={shown}>
      {shown === 'retrying' ? 'Retrying' : WEBHOOK_DELIVERY_STATUS_LABELS[shown]}
    </Badge>
  );
}
