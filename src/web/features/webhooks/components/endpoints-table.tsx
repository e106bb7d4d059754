// The endpoints as a table on wide screens and cards on phones (docs/decisions/014-list-block.md): URL, events, on or
// off, and the latest delivery's outcome; a row opens the endpoint's details.
import { ChevronRight } from 'lucide-react';
import type { WebhookEndpoint } from '@contracts/webhooks';
import { formatDateTime } from '@contracts/format';
import { cn } from '@/lib/utils';
import { OrganizationCell, OrganizationHead, OrganizationLine } from '@/components/organization-column';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { DeliveryStatusBadge } from '@/features/webhooks/components/delivery-status-badge';
import { eventsSummary, responseText } from '@/features/webhooks/lib/webhook-words';

function ActiveBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  return endpoint.isActive ? <Badge variant="default">Active</Badge> : <Badge variant="secondary">Off</Badge>;
}

function LastDelivery({ endpoint }: { endpoint: WebhookEndpoint }) {
  const last = endpoint.lastDelivery;
  if (!last) return <span className="text-muted-foreground">Never sent</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <DeliveryStatusBadge status={last.status} attempted />
      <span className="font-mono text-xs">{responseText(last.responseStatus, true)}</span>
      <span className="text-xs text-muted-foreground">{formatDateTime(last.at)}</span>
    </span>
  );
}

function Url({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <span className="block min-w-0 flex-1">
      <span className="block truncate font-mono text-xs" title={endpoint.url}>
        {endpoint.url}
      </span>
      {endpoint.description && <span className="block truncate text-xs text-muted-foreground">{endpoint.description}</span>}
    </span>
  );
}

interface EndpointsTableProps {
  endpoints: WebhookEndpoint[];
  onOpen: (endpoint: WebhookEndpoint) => void;
}

export function EndpointsTable({ endpoints, onOpen }: EndpointsTableProps) {
  return (
    <>
      <div className="hidden md:block">
        <Table aria-label="Webhook endpoints">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <OrganizationHead />
              <TableHead>Endpoint</TableHead>
              <TableHead>Events</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Last delivery</TableHead>
              <TableHead className="w-0">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {endpoints.map((e) => (
              <TableRow key={e.id} data-testid="webhook-endpoint-row" className={cn(!e.isActive && 'text-muted-foreground')}>
                <OrganizationCell organizationId={e.organizationId} />
                <TableCell className="max-w-80">
                  <Url endpoint={e} />
                </TableCell>
                <TableCell className="max-w-56 font-mono text-xs break-words whitespace-normal" title={e.events.join(', ')}>
                  {eventsSummary(e.events)}
                </TableCell>
                <TableCell>
                  <ActiveBadge endpoint={e} />
                </TableCell>
                <TableCell>
                  <LastDelivery endpoint={e} />
                </TableCell>
                <TableCell className="py-1 pr-2 pl-0 text-right">
                  <Button variant="ghost" size="sm" onClick={() => onOpen(e)} aria-label={`Details of ${e.url}`}>
                    Details
                    <ChevronRight aria-hidden />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y md:hidden" aria-label="Webhook endpoints">
        {endpoints.map((e) => (
          <li key={e.id} data-testid="webhook-endpoint-card">
            <button type="button" className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-muted/50" onClick={() => onOpen(e)} aria-label={`Details of ${e.url}`}>
              <span className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
                <span className="flex min-w-0 items-start justify-between gap-2">
                  <Url endpoint={e} />
                  <ActiveBadge endpoint={e} />
                </span>
                <span className="font-mono text-xs break-words text-muted-foreground">{eventsSummary(e.events)}</span>
                <LastDelivery endpoint={e} />
                <OrganizationLine organizationId={e.organizationId} />
              </span>
              <ChevronRight className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
