// The conversations, the latest first (docs/rules/messaging.md#conversations): who (the customer, else the number),
// the last message, when, and how many replies are unread. One list on every screen size, as a phone's messages app.
import { MessageSquare } from 'lucide-react';
import { phoneLabel, type Conversation } from '@contracts/conversations';
import { formatDateTime } from '@contracts/format';
import { OrganizationLine } from '@/components/organization-column';
import { SmsOptOutBadge } from '@/components/sms-opt-out-badge';
import { cn } from '@/lib/utils';

export function ConversationsList({ conversations, onOpen }: { conversations: Conversation[]; onOpen: (id: number) => void }) {
  return (
    <ul className="divide-y" aria-label="Conversations">
      {conversations.map((c) => {
        const unread = c.unreadCount > 0;
        const who = c.customerName ?? phoneLabel(c.phone);
        return (
          <li key={c.id} data-testid="conversation-row" data-conversation-id={c.id}>
            <button
              type="button"
              onClick={() => onOpen(c.id)}
              className="flex w-full min-w-0 items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none"
            >
              <span className={cn('mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full', unread ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground')} aria-hidden>
                <MessageSquare className="size-4" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex min-w-0 items-baseline justify-between gap-2">
                  <span className={cn('truncate', unread ? 'font-semibold' : 'font-medium')}>{who}</span>
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatDateTime(c.lastMessageAt)}</span>
                </span>
                <span className="mt-0.5 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                  {c.customerName && <span className="tabular-nums">{phoneLabel(c.phone)}</span>}
                  {c.optedOut && <SmsOptOutBadge />}
                </span>
                <span className="mt-1 flex min-w-0 items-center justify-between gap-2">
                  <span className={cn('truncate text-sm', unread ? 'text-foreground' : 'text-muted-foreground')}>{c.lastMessagePreview ?? ''}</span>
                  {unread && (
                    <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground tabular-nums" data-testid="conversation-unread">
                      {c.unreadCount}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </span>
                <OrganizationLine organizationId={c.organizationId} />
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
