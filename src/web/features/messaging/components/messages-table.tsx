import { Send } from 'lucide-react';
import type { Message } from '@contracts/messaging';
import { formatDate } from '@contracts/format';
import { StatusBadge } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { recipientsLabel, typeLabel } from '@/features/messaging/lib/message-display';
import { OrganizationCell, OrganizationHead, OrganizationLine } from '@/components/organization-column';

interface MessagesTableProps {
  messages: Message[];
  canSend: boolean;
  /** The id being sent, whose button shows progress. */
  sendingId: number | null;
  onSend: (message: Message) => void;
}

function SendButton({ message, sendingId, onSend, wide }: { message: Message; sendingId: number | null; onSend: (m: Message) => void; wide?: boolean }) {
  const busy = sendingId === message.id;
  return (
    <Button
      variant={wide ? 'outline' : 'ghost'}
      size="sm"
      onClick={() => onSend(message)}
      disabled={sendingId !== null}
      aria-label={`Send ${message.subject ?? 'message'}`}
      data-testid="send-message"
    >
      <Send aria-hidden />
      {busy ? 'Sending...' : 'Send'}
    </Button>
  );
}

/** docs/rules/messaging.md#messages: Subject, Type, Recipients, Status, Created, Sent; Send only for drafts. A stacked list on phones. */
export function MessagesTable({ messages, canSend, sendingId, onSend }: MessagesTableProps) {
  const canSendRow = (m: Message) => canSend && m.status === 'draft';
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <OrganizationHead />
              <TableHead>Subject</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Recipients</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Sent</TableHead>
              <TableHead className="w-0">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {messages.map((m) => (
              <TableRow key={m.id} data-testid="message-row" data-message-id={m.id}>
                <OrganizationCell organizationId={m.organizationId} />
                <TableCell className="max-w-72">
                  <p className="truncate font-medium" title={m.subject ?? undefined}>
                    {m.subject || <span className="text-muted-foreground">(no subject)</span>}
                  </p>
                  <p className="truncate text-xs text-muted-foreground" title={m.content}>
                    {m.content}
                  </p>
                </TableCell>
                <TableCell>{typeLabel(m.type)}</TableCell>
                <TableCell className="whitespace-nowrap" title={m.recipients.join(', ')}>
                  {recipientsLabel(m.recipients)}
                </TableCell>
                <TableCell>
                  <StatusBadge status={m.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(m.createdAt)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(m.sentDate)}</TableCell>
                <TableCell className="py-1 pr-2 pl-0 text-right">
                  {canSendRow(m) && <SendButton message={m} sendingId={sendingId} onSend={onSend} />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y md:hidden" aria-label="Messages">
        {messages.map((m) => (
          <li key={m.id} className="flex items-start gap-3 px-4 py-3" data-testid="message-card">
            <div className="min-w-0 flex-1 space-y-1 text-sm">
              <div className="flex items-center gap-2">
                <p className="min-w-0 flex-1 truncate font-medium">{m.subject || typeLabel(m.type)}</p>
                <StatusBadge status={m.status} />
              </div>
              <p className="line-clamp-2 text-muted-foreground">{m.content}</p>
              <p className="text-xs text-muted-foreground">
                {typeLabel(m.type)} · {recipientsLabel(m.recipients)} · Created {formatDate(m.createdAt)}
                {m.sentDate && ` · Sent ${formatDate(m.sentDate)}`}
              </p>
              <OrganizationLine organizationId={m.organizationId} />
              {canSendRow(m) && <SendButton message={m} sendingId={sendingId} onSend={onSend} wide />}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
