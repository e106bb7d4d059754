import { lazy, Suspense, useState } from 'react';
import { Plus } from 'lucide-react';
import type { Message } from '@contracts/messaging';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useListState } from '@/lib/use-list-state';
import { MESSAGES_PAGE_SIZE, useMessages, useSendMessage } from '@/features/messaging/api/messages';
import { MessagesTable } from '@/features/messaging/components/messages-table';
import { TemplatesSection } from '@/features/messaging/components/templates-section';
import { MESSAGING_TOASTS, sentToast } from '@/features/messaging/lib/message-display';
import { ListBlock } from '@/components/list-block';

// The dialog (and zod with it) loads when first opened, not with the list.
const NewMessageDialog = lazy(() => import('@/features/messaging/components/new-message-dialog').then((m) => ({ default: m.NewMessageDialog })));

/** Messaging (/messaging): messages to customers by e-mail or SMS, and the templates they start from. */
export function MessagingScreen() {
  const { user } = useCurrentUser();
  const canSend = Boolean(user?.effectivePermissions.includes('send_messages'));
  const [isCreating, setCreating] = useState(false);
  const list = useListState();
  const [sendingId, setSendingId] = useState<number | null>(null);
  const messages = useMessages({ q: list.q, offset: list.page * MESSAGES_PAGE_SIZE });
  const send = useSendMessage();

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
      <ListBlock
        name="messages"
        query={messages}
        list={list}
        pageSize={MESSAGES_PAGE_SIZE}
        searchPlaceholder="Search messages..."
        searchLabel="Search messages"
        emptyText="No messages yet."
        failedTitle="Failed to load messages"
      >
        {(rows) => <MessagesTable messages={rows} canSend={canSend} sendingId={sendingId} onSend={sendMessage} />}
      </ListBlock>
      <TemplatesSection canManage={canSend} />
      <Suspense fallback={null}>{isCreating && <NewMessageDialog onClose={() => setCreating(false)} />}</Suspense>
    </div>
  );
}
