// "Add endpoint" and "Edit endpoint" (docs/rules/public-api.md#webhook-endpoints): the URL, a description and the
// events, one checkbox each. The form is the contract's schema (docs/decisions/015-one-form-pattern.md).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  webhookEndpointFormSchema,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@contracts/webhooks';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '@/features/webhooks/api/webhooks-api';

const resolver = zodResolver(webhookEndpointFormSchema);
const FIELDS = ['url', 'description', 'events'] as const;

interface EndpointDialogProps {
  /** The endpoint to change; a new one when absent. */
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  /** A new endpoint with its secret, to show. */
  onCreated: (created: CreatedWebhookEndpoint) => void;
}

export function EndpointDialog({ endpoint, onClose, onCreated }: EndpointDialogProps) {
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const saving = create.isPending || update.isPending;
  const form = useForm({
    resolver,
    defaultValues: { url: endpoint?.url ?? '', description: endpoint?.description ?? '', events: endpoint?.events ?? ([] as WebhookEvent[]) },
  });
  const noun = endpoint ? 'Save Changes' : 'Add endpoint';

  const submit = form.handleSubmit(async (values) => {
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, ...values });
        toast({ title: 'Endpoint saved' });
        onClose();
      } else {
        onCreated(await create.mutateAsync(values));
      }
    } catch (error) {
      applyServerIssues(error, form.setError, FIELDS);
      toast({ variant: 'destructive', title: endpoint ? 'Failed to save endpoint' : 'Failed to add endpoint', description: errorMessage(error) });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent className="sm:max-w-xl" data-testid="webhook-endpoint-dialog">
        <DialogHeader>
          <DialogTitle>{endpoint ? 'Edit endpoint' : 'Add endpoint'}</DialogTitle>
          <DialogDescription>Tradebook sends each chosen event to this URL as a signed JSON POST, as it happens.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Webhook endpoint">
            <FormField
              control={form.control}
              name="url"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Endpoint URL</FormLabel>
                  <FormControl>
                    <Input {...field} type="url" inputMode="url" autoFocus autoComplete="off" maxLength={WEBHOOK_LIMITS.url} placeholder="https://example.com/webhooks/tradebook" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Description</FormLabel>
                  <FormControl>
                    <Input {...field} value={field.value ?? ''} autoComplete="off" maxLength={WEBHOOK_LIMITS.description} placeholder="Accounting sync, Zapier…" />
                  </FormControl>
                  <FormDescription>Optional: what this endpoint is for.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="events"
              render={({ field }) => {
                const chosen = new Set<string>(field.value);
                const toggle = (event: WebhookEvent, on: boolean) => field.onChange(on ? [...field.value, event] : field.value.filter((e) => e !== event));
                return (
                  <FormItem className="gap-3">
                    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                      <FormLabel id="webhook-events-label">Events</FormLabel>
                      <Button type="button" variant="outline" size="sm" onClick={() => form.setValue('events', [...WEBHOOK_EVENTS], { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}>
                        Select all
                      </Button>
                    </div>
                    <div className="grid gap-2 rounded-md border p-3 sm:grid-cols-2" role="group" aria-labelledby="webhook-events-label" data-testid="webhook-events">
                      {WEBHOOK_EVENTS.map((event) => (
                        <label key={event} className="flex items-start gap-2 text-sm">
                          <input
                            type="checkbox"
                            className="mt-0.5 size-4 shrink-0 accent-primary"
                            checked={chosen.has(event)}
                            onChange={(e) => toggle(event, e.target.checked)}
                            onBlur={field.onBlur}
                            name={`event-${event}`}
                          />
                          <span className="grid">
                            <span className="font-mono text-xs">{event}</span>
                            <span className="text-muted-foreground">{WEBHOOK_EVENT_LABELS[event]}</span>
                          </span>
                        </label>
                      ))}
                    </div>
                    <FormMessage />
                  </FormItem>
                );
              }}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : noun}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
