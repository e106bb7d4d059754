// An endpoint's deliveries, newest first (docs/rules/public-api.md#webhooks-panel): status, event, record, attempts,
// the answer's code and times; each opens to the error, the answer's first 2 KB and the body sent, with Replay.
import { useState } from 'react';
import { RotateCcw } from 'lucide-react';
import { WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_DELIVERY_STATUSES, type WebhookDelivery, type WebhookDeliveryStatus } from '@contracts/webhooks';
import { formatDateTime } from '@contracts/format';
import { errorMessage } from '@/lib/api-client';
import { useListState } from '@/lib/use-list-state';
import { ListBlock } from '@/components/list-block';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { DELIVERIES_PAGE_SIZE, useReplayDelivery, useWebhookDeliveries } from '@/features/webhooks/api/webhooks-api';
import { DeliveryStatusBadge } from '@/features/webhooks/components/delivery-status-badge';
import { responseText } from '@/features/webhooks/lib/webhook-words';

function Times({ d }: { d: WebhookDelivery }) {
  return (
    <span className="text-xs text-muted-foreground">
      {d.lastAttemptAt ? `Last tried ${formatDateTime(d.lastAttemptAt)}` : `Made ${formatDateTime(d.createdAt)}`}
      {d.nextAttemptAt && d.attempts > 0 && ` · next try ${formatDateTime(d.nextAttemptAt)}`}
      {d.deliveredAt && ` · delivered ${formatDateTime(d.deliveredAt)}`}
    </span>
  );
}

function Block({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <div className="grid min-w-0 gap-1">
      <span className="text-xs font-medium">{label}</span>
      {/* Scrolls when long: focusable, so a keyboard can scroll it too. */}
      <pre role="region" aria-label={label} tabIndex={0} className="max-h-64 overflow-auto rounded-md bg-muted p-2 font-mono text-xs break-words whitespace-pre-wrap focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" data-testid={testId}>
        {text}
      </pre>
    </div>
  );
}

function DeliveryRow({ d, canReplay }: { d: WebhookDelivery; canReplay: boolean }) {
  const replay = useReplayDelivery();
  const resend = () =>
    replay.mutate(
      { endpointId: d.endpointId, deliveryId: d.id },
      {
        onSuccess: () => toast({ title: 'Delivery queued to send again' }),
        onError: (error) => toast({ variant: 'destructive', title: 'Failed to replay the delivery', description: errorMessage(error) }),
      },
    );
  return (
    <li className="grid gap-2 px-4 py-3" data-testid="webhook-delivery" data-status={d.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <DeliveryStatusBadge status={d.status} attempted={d.attempts > 0} />
            <span className="font-mono text-xs font-medium">{d.eventType}</span>
            {d.test && (
              <Badge variant="outline" data-testid="webhook-delivery-test">
                Test
              </Badge>
            )}
            {d.replayOf !== null && (
              <Badge variant="outline" data-testid="webhook-delivery-replay">
                Replay
              </Badge>
            )}
          </div>
          <div className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
            <span className="font-mono">{d.recordKey}</span>
            <span>
              Response <span className="font-mono" data-testid="webhook-delivery-response">{responseText(d.responseStatus, d.attempts > 0)}</span>
            </span>
            <span>
              {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
            </span>
          </div>
          <Times d={d} />
        </div>
        {canReplay && (
          <Button type="button" variant="outline" size="sm" onClick={resend} disabled={replay.isPending} aria-label={`Replay delivery ${d.id}`}>
            <RotateCcw aria-hidden />
            Replay
          </Button>
        )}
      </div>
      <details className="group text-sm">
        <summary className="cursor-pointer text-xs font-medium text-primary underline-offset-4 hover:underline">Details</summary>
        <div className="mt-2 grid gap-3">
          {d.error && <p className="text-xs break-words text-destructive">{d.error}</p>}
          {d.responseBody !== null && <Block label="Response body (first 2 KB)" text={d.responseBody || '(empty)'} testId="webhook-delivery-body" />}
          <Block label={`Request body (${d.eventId})`} text={JSON.stringify(d.payload, null, 2)} testId="webhook-delivery-payload" />
        </div>
      </details>
    </li>
  );
}

export function DeliveriesList({ endpointId, canReplay }: { endpointId: number; canReplay: boolean }) {
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  // Paging only: the deliveries have no search box.
  const list = useListState();
  const deliveries = useWebhookDeliveries(endpointId, { status, offset: list.page * DELIVERIES_PAGE_SIZE });
  const filter = (
    <label className="flex items-center gap-2 text-sm">
      <span className="shrink-0">Show</span>
      <NativeSelect
        value={status}
        onChange={(e) => {
          setStatus(WEBHOOK_DELIVERY_STATUSES.find((s) => s === e.target.value) ?? '');
          list.setPage(0);
        }}
        aria-label="Show deliveries"
      >
        <option value="">All deliveries</option>
        {WEBHOOK_DELIVERY_STATUSES.map((s) => (
          <option key={s} value={s}>
            {WEBHOOK_DELIVERY_STATUS_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
    </label>
  );
  return (
    <ListBlock
      name="webhook-deliveries"
      query={deliveries}
      title={<h3 className="text-sm font-semibold">Deliveries</h3>}
      toolbar={filter}
      emptyText={status ? 'No deliveries with this status' : 'No deliveries yet: send a test event to try the endpoint'}
      failedTitle="Failed to load deliveries"
      list={list}
      pageSize={DELIVERIES_PAGE_SIZE}
    >
      {(rows) => (
        <ul className="divide-y" aria-label="Deliveries">
          {rows.map((d) => (
            <DeliveryRow key={d.id} d={d} canReplay={canReplay} />
          ))}
        </ul>
      )}
    </ListBlock>
  );
}
