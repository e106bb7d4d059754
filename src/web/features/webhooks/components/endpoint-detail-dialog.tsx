// One endpoint's details (docs/rules/public-api.md#webhooks-panel): turn it off or on, edit or delete it, send it a
// test event, its signing secret, and its deliveries with Replay.
import { useState } from 'react';
import { Pencil, Send, Trash2 } from 'lucide-react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEndpoint, type WebhookEvent } from '@contracts/webhooks';
import { errorMessage } from '@/lib/api-client';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { useSendTestWebhook, useUpdateWebhookEndpoint } from '@/features/webhooks/api/webhooks-api';
import { DeliveriesList } from '@/features/webhooks/components/deliveries-list';
import { EndpointSecret } from '@/features/webhooks/components/endpoint-secret';

interface EndpointDetailDialogProps {
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function SendTest({ endpoint }: { endpoint: WebhookEndpoint }) {
  const send = useSendTestWebhook();
  const [type, setType] = useState<WebhookEvent>(endpoint.events[0] ?? WEBHOOK_EVENTS[0]);
  const id = `webhook-test-type-${endpoint.id}`;
  const sendNow = () =>
    send.mutate(
      { id: endpoint.id, type },
      {
        onSuccess: () => toast({ title: 'Test event queued', description: 'It is sent within a few seconds; its delivery shows below.' }),
        onError: (error) => toast({ variant: 'destructive', title: 'Failed to send a test event', description: errorMessage(error) }),
      },
    );
  return (
    <section className="grid gap-2" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Send test event
      </h3>
      <p className="text-xs text-muted-foreground">A made-up record of the event&apos;s kind (id 0, &quot;test&quot;: true), to this endpoint only.</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Label htmlFor={id} className="sr-only">
          Event type
        </Label>
        <div className="min-w-0 sm:w-72">
          <NativeSelect id={id} value={type} onChange={(e) => setType(WEBHOOK_EVENTS.find((t) => t === e.target.value) ?? type)}>
            {WEBHOOK_EVENTS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="button" variant="outline" onClick={sendNow} disabled={send.isPending || !endpoint.isActive}>
          <Send aria-hidden />
          Send test event
        </Button>
      </div>
    </section>
  );
}

export function EndpointDetailDialog({ endpoint, onClose, onEdit, onDelete }: EndpointDetailDialogProps) {
  const update = useUpdateWebhookEndpoint();
  const switchId = `webhook-active-${endpoint.id}`;
  const setActive = (isActive: boolean) =>
    update.mutate(
      { id: endpoint.id, isActive },
      {
        onSuccess: () => toast({ title: isActive ? 'Endpoint turned on' : 'Endpoint turned off' }),
        onError: (error) => toast({ variant: 'destructive', title: 'Failed to save endpoint', description: errorMessage(error) }),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="gap-6 sm:max-w-3xl" data-testid="webhook-endpoint-detail">
        <DialogHeader>
          <DialogTitle>Webhook endpoint</DialogTitle>
          <DialogDescription className="font-mono text-xs break-all">{endpoint.url}</DialogDescription>
          {endpoint.description && <p className="text-sm break-words">{endpoint.description}</p>}
        </DialogHeader>

        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Switch id={switchId} checked={endpoint.isActive} onCheckedChange={setActive} disabled={update.isPending} />
            <Label htmlFor={switchId}>{endpoint.isActive ? 'Sending' : 'Turned off: deliveries wait'}</Label>
          </div>
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" onClick={onEdit}>
              <Pencil aria-hidden />
              Edit
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={onDelete}>
              <Trash2 aria-hidden />
              Delete
            </Button>
          </div>
        </div>

        <section className="grid gap-2" aria-labelledby={`webhook-events-${endpoint.id}`}>
          <h3 id={`webhook-events-${endpoint.id}`} className="text-sm font-semibold">
            Events
          </h3>
          <ul className="flex flex-wrap gap-1.5">
            {endpoint.events.map((e) => (
              <li key={e}>
                <Badge variant="outline" className="font-mono" title={WEBHOOK_EVENT_LABELS[e]}>
                  {e}
                </Badge>
              </li>
            ))}
          </ul>
        </section>

        <SendTest endpoint={endpoint} />
        <EndpointSecret endpoint={endpoint} />
        <DeliveriesList endpointId={endpoint.id} canReplay={endpoint.isActive} />
      </DialogContent>
    </Dialog>
  );
}
