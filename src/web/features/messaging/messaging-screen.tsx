import { lazy, Suspense, useState } from 'react';
import { Plus } from 'lucide-react';
import { CONVERSATION_MESSAGES } from '@contracts/conversations';
import type { Message } from '@contracts/messaging';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useListState } from '@/lib/use-list-state';
import { useOpenParam } from '@/lib/use-open-param';
import { CONVERSATIONS_PAGE_SIZE, useConversations, useConversationUnreadCount } from '@/features/messaging/api/conversations';
import { MESSAGES_PAGE_SIZE, useMessages, useSendMessage } from '@/features/messaging/api/messages';
import { ConversationsList } from '@/features/messaging/components/conversations-list';
import { MessagesTable } from '@/features/messaging/components/messages-table';
import { TemplatesSection } from '@/features/messaging/components/templates-section';
import { MESSAGING_TOASTS, sentToast } from '@/features/messaging/lib/message-display';
import { ListBlock } from '@/components/list-block';

// The dialogs (and zod with them) load when first opened, not with the list.
const NewMessageDialog = lazy(() => import('@/features/messaging/components/new-message-dialog').then((m) => ({ default: m.NewMessageDialog })));
const ConversationDialog = lazy(() => import('@/features/messaging/components/conversation-dialog').then((m) => ({ default: m.ConversationDialog })));

type Tab = 'messages' | 'conversations';
/** The Conversations tab names how many threads wait with an unread reply. */
function tabsWith(unread: number): TabItem<Tab>[] {
  return [
    { value: 'messages', label: 'Messages' },
    {
      value: 'conversations',
      label: (
        <span className="inline-flex items-center gap-1.5">
          Conversations
          {unread > 0 && (
            <Badge className="h-5 min-w-5 justify-center rounded-full px-1.5 tabular-nums" data-testid="conversations-unread">
              {unread}
              <span className="sr-only"> unread</span>
            </Badge>
          )}
        </span>
      ),
    },
  ];
}

/** Messaging (/messaging): messages to customers by e-mail or SMS, the templates they start from, and SMS conversations. */
export function MessagingScreen() {
  const { user } = useCurrentUser();
  const canSend = Boolean(user?.effectivePermissions.includes('send_messages'));
  const [isCreating, setCreating] = useState(false);
  // The conversation shown, in `?conversation=ID`, so the bell's notification of a reply opens it
  // (docs/rules/messaging.md#conversations).
  const [openConversation, setOpenConversation] = useOpenParam('conversation');
  const [chosenTab, setTab] = useState<Tab>('messages');
  const unread = useConversationUnreadCount();
  // A conversation in the address (the bell's link) shows its tab.
  const tab: Tab = openConversation !== null ? 'conversations' : chosenTab;
  const list = useListState();
  const threads = useListState();
  const [sendingId, setSendingId] = useState<number | null>(null);
  const messages = useMessages({ q: list.q, offset: list.page * MESSAGES_PAGE_SIZE });
  const conversations = useConversations({ q: threads.q, offset: threads.page * CONVERSATIONS_PAGE_SIZE }, tab === 'conversations');
  const send = useSendMessage();

  const sendMessage = (message: Message) => {
    setSendingId(message.id);
    send.mutate(message.id, {
      onSuccess: () => toast({ title: sentToast(message.type) }),
      onError: (error) => toast({ variant: 'destructive', title: MESSAGING_TOASTS.sendFailed, description: errorMessage(error) }),
      onSettled: () => setSendingId(null),
    });
  };

  const closeConversation = () => {
    setTab('conversations');
    setOpenConversation(null);
  };
  const chooseTab = (next: Tab) => {
    if (next === 'messages') setOpenConversation(null);
    setTab(next);
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Messaging"
        description="Email and SMS messages to your customers, and their replies."
        actions={
          canSend && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              New Message
            </Button>
          )
        }
      />
      <Tabs items={tabsWith(unread.data?.count ?? 0)} value={tab} onValueChange={chooseTab} label="Messaging sections">
        {tab === 'messages' ? (
          <div className="space-y-6">
            <ListBlock
              name="messages"
              query={messages}
              exportFrom={{ path: '/api/messages', params: { q: list.q } }}
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
          </div>
        ) : (
          <ListBlock
            name="conversations"
            query={conversations}
            list={threads}
            pageSize={CONVERSATIONS_PAGE_SIZE}
            searchPlaceholder="Search conversations..."
            searchLabel="Search conversations"
            emptyText={CONVERSATION_MESSAGES.empty}
            failedTitle="Failed to load conversations"
          >
            {(rows) => <ConversationsList conversations={rows} onOpen={setOpenConversation} />}
          </ListBlock>
        )}
      </Tabs>
      <Suspense fallback={null}>
        {isCreating && <NewMessageDialog onClose={() => setCreating(false)} />}
        {openConversation !== null && <ConversationDialog key={openConversation} id={openConversation} canSend={canSend} onClose={closeConversation} />}
      </Suspense>
    </div>
  );
}
