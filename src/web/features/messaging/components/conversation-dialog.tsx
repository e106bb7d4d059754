// One SMS conversation (docs/rules/messaging.md#conversations), read like a chat: the customer's texts on the left,
// ours on the right, the newest at the bottom, and the answer box under them. Nearly the whole screen on a phone.
import { useEffect, useId, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Send } from 'lucide-react';
import { CONVERSATION_LIMITS, CONVERSATION_MESSAGES, phoneLabel, replyBodySchema, type ConversationMessage } from '@contracts/conversations';
import { formatDateTime } from '@contracts/format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { SmsOptOutBadge } from '@/components/sms-opt-out-badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { cn } from '@/lib/utils';
import { useConversation, useReply } from '@/features/messaging/api/conversations';

export function ConversationDialog({ id, canSend, onClose }: { id: number; canSend: boolean; onClose: () => void }) {
  const thread = useConversation(id);
  const c = thread.data;
  const title = c ? (c.customerName ?? phoneLabel(c.phone)) : 'Conversation';
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const count = c?.messages.length ?? 0;
  // The newest message in view, as a chat opens.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        ref={content}
        // The dialog itself takes focus, not the messages or the answer box: reading comes first, and on a phone a
        // focused box would open the keyboard over the thread.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          content.current?.focus();
        }}
        data-testid="conversation-dialog"
        // As tall as a dialog may be on a phone (index.css places every dialog below the toasts), a fixed height on a desk.
        className="flex h-[calc(100dvh-2rem)] w-[calc(100%-1rem)] max-w-none flex-col outline-none gap-0 overflow-hidden rounded-xl p-0 sm:h-[min(44rem,calc(100dvh-2rem))] sm:w-[calc(100%-2rem)] sm:max-w-xl sm:rounded-lg"
      >
        <DialogHeader className="gap-1 border-b px-4 py-3 pr-12 text-left sm:text-left">
          <DialogTitle className="truncate leading-snug">{title}</DialogTitle>
          <DialogDescription className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {c && <span className="tabular-nums">{phoneLabel(c.phone)}</span>}
            {c?.optedOut && <SmsOptOutBadge />}
          </DialogDescription>
        </DialogHeader>
        <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto bg-muted/40 px-3 py-4 sm:px-4" role="log" aria-label="Messages" tabIndex={0} data-testid="conversation-messages">
          {thread.isError ? (
            <Alert variant="destructive">
              <AlertTitle>Could not load this conversation</AlertTitle>
              <AlertDescription>{errorMessage(thread.error)}</AlertDescription>
            </Alert>
          ) : !c ? (
            <div className="space-y-3">
              <Skeleton className="h-12 w-3/4" />
              <Skeleton className="ml-auto h-12 w-2/3" />
            </div>
          ) : (
            <ol className="flex flex-col gap-3">
              {c.messages.map((m) => (
                <Bubble key={m.id} message={m} />
              ))}
            </ol>
          )}
        </div>
        {c && canSend && (c.optedOut ? <OptedOutNote /> : <Composer id={id} />)}
      </DialogContent>
    </Dialog>
  );
}

function Bubble({ message: m }: { message: ConversationMessage }) {
  const ours = m.direction === 'outbound';
  const failed = m.status === 'failed';
  return (
    <li className={cn('flex max-w-[85%] flex-col gap-1', ours ? 'items-end self-end' : 'items-start self-start')} data-testid="conversation-message" data-direction={m.direction}>
      <p
        className={cn(
          'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap shadow-xs',
          ours ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm border bg-background',
          failed && 'border border-destructive bg-destructive/10 text-foreground',
        )}
      >
        <span className="sr-only">{ours ? 'Sent: ' : 'Received: '}</span>
        {m.body}
      </p>
      <p className={cn('px-1 text-xs text-muted-foreground', ours && 'text-right')}>
        {formatDateTime(m.createdAt)}
        {m.sentByName && ` · ${m.sentByName}`}
        {failed && <span className="font-medium text-destructive"> · Not delivered{m.error ? `: ${m.error}` : ''}</span>}
      </p>
    </li>
  );
}

function OptedOutNote() {
  return (
    <p className="border-t bg-background px-4 py-3 text-sm text-muted-foreground" data-testid="opted-out-note">
      This number replied STOP: no text message can be sent to it until it replies START.
    </p>
  );
}

function Composer({ id }: { id: number }) {
  const fieldId = useId();
  const reply = useReply(id);
  const form = useForm({ resolver: zodResolver(replyBodySchema), defaultValues: { body: '' } });
  const body = form.watch('body') ?? '';
  const error = form.formState.errors.body?.message;

  const submit = form.handleSubmit((values) =>
    reply.mutate(values, {
      onSuccess: () => {
        form.reset({ body: '' });
        toast({ title: CONVERSATION_MESSAGES.replySent });
      },
      onError: (err) => {
        applyServerIssues(err, form.setError, ['body'] as const);
        toast({ variant: 'destructive', title: CONVERSATION_MESSAGES.replyFailed, description: errorMessage(err) });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="border-t bg-background p-3" aria-label="Answer by text message" data-testid="conversation-composer">
      <label htmlFor={fieldId} className="sr-only">
        Your answer
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id={fieldId}
          rows={2}
          placeholder="Write a text message..."
          className="max-h-40 min-h-11 flex-1 resize-none"
          aria-invalid={Boolean(error)}
          aria-describedby={`${fieldId}-count`}
          {...form.register('body')}
          onKeyDown={(e) => {
            // Ctrl+Enter or Cmd+Enter sends; Enter alone is a new line, as in a text message app on a computer.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
          }}
        />
        <Button type="submit" disabled={reply.isPending} className="h-11 shrink-0" aria-label="Send">
          <Send aria-hidden />
          <span className="hidden sm:inline">{reply.isPending ? 'Sending...' : 'Send'}</span>
        </Button>
      </div>
      <div className="mt-1 flex justify-between gap-2 text-xs">
        <span className="text-destructive" role={error ? 'alert' : undefined}>
          {error}
        </span>
        <span id={`${fieldId}-count`} className="shrink-0 text-muted-foreground tabular-nums">
          {body.length.toLocaleString('en-US')} / {CONVERSATION_LIMITS.body.toLocaleString('en-US')}
        </span>
      </div>
    </form>
  );
}
