// The Developers screen's webhooks (docs/rules/public-api.md#webhooks-panel): the organization's endpoints with their
// latest outcome, adding and editing one, and each one's details (secret, test event, deliveries, Replay).
import { useState } from 'react';
import { Plus, Webhook } from 'lucide-react';
import type { CreatedWebhookEndpoint, WebhookEndpoint } from '@contracts/webhooks';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { ListBlock } from '@/components/list-block';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useDeleteWebhookEndpoint, useWebhookEndpoints } from '@/features/webhooks/api/webhooks-api';
import { EndpointCreatedDialog } from '@/features/webhooks/components/endpoint-created-dialog';
import { EndpointDetailDialog } from '@/features/webhooks/components/endpoint-detail-dialog';
import { EndpointDialog } from '@/features/webhooks/components/endpoint-dialog';
import { EndpointsTable } from '@/features/webhooks/components/endpoints-table';

type Open =
  | { kind: 'add' }
  | { kind: 'created'; created: CreatedWebhookEndpoint }
  | { kind: 'detail'; id: number }
  | { kind: 'edit'; id: number }
  | { kind: 'delete'; id: number }
  | null;

export function WebhooksPanel() {
  const { user } = useCurrentUser();
  const endpoints = useWebhookEndpoints();
  const remove = useDeleteWebhookEndpoint();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  // The dialogs show the endpoint as the list has it now (turned off, edited, its latest delivery).
  const current = open && 'id' in open ? endpoints.data?.rows.find((e) => e.id === open.id) : undefined;
  // An endpoint belongs to an organization: a super user adds one while acting in it.
  const canAdd = !!user && user.organizationId !== null;

  const confirmDelete = (endpoint: WebhookEndpoint) =>
    remove.mutateAsync(endpoint.id).then(
      () => toast({ title: 'Endpoint deleted' }),
      (error: unknown) => {
        toast({ variant: 'destructive', title: 'Failed to delete endpoint', description: errorMessage(error) });
        throw error;
      },
    );

  return (
    <section className="grid gap-4" aria-labelledby="webhooks-title" data-testid="webhooks-panel">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <h2 id="webhooks-title" className="flex items-center gap-2 text-lg font-semibold">
            <Webhook className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            Webhooks
          </h2>
          <p className="text-sm text-muted-foreground">
            Tell other software when something happens: each event you choose is sent to your URL as a signed JSON POST, tried again for a day until it answers
            2xx, and in order for each record.
          </p>
        </div>
        {canAdd && (
          <Button onClick={() => setOpen({ kind: 'add' })} className="self-start">
            <Plus aria-hidden />
            Add endpoint
          </Button>
        )}
      </div>
      <ListBlock name="webhook-endpoints" query={endpoints} emptyText="No webhook endpoints yet" failedTitle="Failed to load webhook endpoints">
        {(rows) => <EndpointsTable endpoints={rows} onOpen={(e) => setOpen({ kind: 'detail', id: e.id })} />}
      </ListBlock>

      {open?.kind === 'add' && <EndpointDialog onClose={close} onCreated={(created) => setOpen({ kind: 'created', created })} />}
      {open?.kind === 'created' && <EndpointCreatedDialog created={open.created} onClose={() => setOpen({ kind: 'detail', id: open.created.id })} />}
      {open?.kind === 'detail' && current && (
        <EndpointDetailDialog endpoint={current} onClose={close} onEdit={() => setOpen({ kind: 'edit', id: current.id })} onDelete={() => setOpen({ kind: 'delete', id: current.id })} />
      )}
      {open?.kind === 'edit' && current && <EndpointDialog endpoint={current} onClose={() => setOpen({ kind: 'detail', id: current.id })} onCreated={close} />}
      {open?.kind === 'delete' && current && (
        <ConfirmDeleteDialog
          title="Delete this endpoint?"
          description={`Nothing more is sent to ${current.url}, and its deliveries are deleted with it. This cannot be undone.`}
          onClose={() => setOpen(null)}
          onConfirm={() => confirmDelete(current)}
        />
      )}
    </section>
  );
}
