import { lazy, Suspense, useState } from 'react';
import { ChevronLeft, ChevronRight, Plus, Search } from 'lucide-react';
import type { Message } from '@contracts/messaging';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { MESSAGES_PAGE_SIZE, useMessages, useSendMessage } from '@/features/messaging/api/messages';
import { MessagesTable } from '@/features/messaging/components/messages-table';
import { TemplatesSection } from '@/features/messaging/components/templates-section';
import { MESSAGING_TOASTS, sentToast } from '@/features/messaging/lib/message-display';
import { PanelStatus } from '@/components/panel-status';

// The dialog (and zod with it) loads when first opened, not with the list.
const NewMessageDialog = lazy(() => import('@/features/messaging/components/new-message-dialog').then((m) => ({ default: m.NewMessageDialog })));

/** Messaging (/messaging): messages to customers by e-mail or SMS, and the templates they start from. */
export function MessagingScreen() {
  const { user } = useCurrentUser();
  const canSend = Boolean(user?.effectivePermissions.includes('send_messages'));
  const [isCreating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [sendingId, setSendingId] = useState<number | null>(null);
  const q = useDebouncedValue(search.trim(), 300);
  const messages = useMessages({ q, offset });
  const send = useSendMessage();
  const rows = messages.data?.rows ?? [];
  const total = messages.data?.total ?? 0;

  const sendMessage = (message: Message) => {
    setSendingId(message.id);
    send.mutate(message.id, {
      onSuccess: () => toast({ title: sentToast(message.type) }),
      onError: (error) => toast({ variant: 'destructive', title: MESSAGING_TOASTS.sendFailed, description: errorMessage(error) }),
      onSettled: () => setSendingId(null),
    });
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Messaging"
        description="Email and SMS messages to your customers."
        actions={
          canSend && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              New Message
            </Button>
          )
        }
      />
      <Card className="overflow-hidden">
        <div className="border-b p-4">
          <div className="relative max-w-sm">
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              type="search"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setOffset(0);
              }}
              placeholder="Search messages..."
              aria-label="Search messages"
              maxLength={200}
              className="pl-8"
            />
          </div>
        </div>
        <PanelStatus
          isPending={messages.isPending}
          error={messages.error}
          isEmpty={rows.length === 0}
          emptyText={q ? 'No results found.' : 'No messages yet.'}
          failedTitle="Failed to load messages"
          testId="messages"
        >
          <div className={messages.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <MessagesTable messages={rows} canSend={canSend} sendingId={sendingId} onSend={sendMessage} />
            {total > rows.length && (
              <div className="flex flex-wrap items-center justify-between gap-3 border-t px-4 py-3 text-sm">
                <p className="text-muted-foreground" aria-live="polite">
                  {offset + 1}-{offset + rows.length} of {total}
                </p>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" disabled={offset === 0 || messages.isFetching} onClick={() => setOffset(Math.max(0, offset - MESSAGES_PAGE_SIZE))}>
                    <ChevronLeft aria-hidden />
                    Previous
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={offset + rows.length >= total || messages.isFetching}
                    onClick={() => setOffset(offset + MESSAGES_PAGE_SIZE)}
                  >
                    Next
                    <ChevronRight aria-hidden />
                  </Button>
                </div>
              </div>
            )}
          </div>
        </PanelStatus>
      </Card>
      <TemplatesSection canManage={canSend} />
      <Suspense fallback={null}>{isCreating && <NewMessageDialog onClose={() => setCreating(false)} />}</Suspense>
    </div>
  );
}
