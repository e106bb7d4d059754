// The outbox page's "Reply as recipient" (docs/rules/messaging.md#replies-on-this-machine): Twilio is not set up on a
// development machine, so a reply to a text is written here and filed exactly as a real one would be.
import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { outboxReplyBodySchema, type OutboxReplyResult } from '@contracts/conversations';
import type { OutboxEntry } from '@contracts/outbox';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useReplyAsRecipient } from '@/features/dev-outbox/api/reply-as-recipient';

const OUTCOMES: Record<OutboxReplyResult['outcome'], string> = {
  filed: 'Filed: the organization that last texted this number sees it in Messaging, Conversations.',
  duplicate: 'Already filed.',
  dropped: 'Not filed: no organization has texted this number, and no single organization has a customer with it.',
};

function outcomeText(result: OutboxReplyResult): string {
  const change = result.optOut === 'opted_out' ? ' The number is now opted out of text messages.' : result.optOut === 'opted_in' ? ' The number may be texted again.' : '';
  return OUTCOMES[result.outcome] + change;
}

export function ReplyDialog({ entry, onClose }: { entry: OutboxEntry; onClose: () => void }) {
  const fieldId = useId();
  const reply = useReplyAsRecipient(entry.id);
  const form = useForm({ resolver: zodResolver(outboxReplyBodySchema), defaultValues: { body: '' } });
  const error = form.formState.errors.body?.message;
  const submit = form.handleSubmit((body) => reply.mutate(body, { onSuccess: () => form.reset({ body: '' }) }));

  return (
    <Dialog open onOpenChange={(open) => !open && !reply.isPending && onClose()}>
      <DialogContent data-testid="reply-as-recipient-dialog">
        <DialogHeader>
          <DialogTitle>Reply as {entry.to}</DialogTitle>
          <DialogDescription>Filed as a reply through Twilio would be. STOP or START change whether this number gets texts.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-3">
          <label htmlFor={fieldId} className="text-sm font-medium">
            Reply
          </label>
          <Textarea id={fieldId} rows={3} aria-invalid={Boolean(error)} {...form.register('body')} />
          {error && <p className="text-sm text-destructive">{error}</p>}
          {reply.isError && (
            <Alert variant="destructive">
              <AlertDescription>{errorMessage(reply.error)}</AlertDescription>
            </Alert>
          )}
          {reply.data && (
            <Alert data-testid="reply-outcome">
              <AlertDescription>{outcomeText(reply.data)}</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={reply.isPending}>
              Done
            </Button>
            <Button type="submit" disabled={reply.isPending}>
              {reply.isPending ? 'Sending...' : 'Send reply'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
