// The Messaging screen's export (docs/rules/data-exchange.md#list-exports): the messages with the list's search, filters
// and sort, under the screen's column labels; every recipient and the whole text, where the screen shortens them.
import { statusText } from '../../../contracts/format';
import type { Message, MessageListQuery } from '../../../contracts/messaging';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import type { ListExport } from '../../platform/list-export';
import { messageBatches } from './list-messages';

export async function exportMessages(db: DbOrTx, ctx: RequestContext, query: MessageListQuery): Promise<ListExport<Message>> {
  return {
    fileName: 'messages',
    title: () => 'Messages',
    columns: () => [
      { label: 'Subject', value: (m) => m.subject },
      { label: 'Message', value: (m) => m.content },
      { label: 'Type', value: (m) => (m.type === 'sms' ? 'SMS' : 'Email') },
      { label: 'Recipients', value: (m) => m.recipients.join(', ') },
      { label: 'Status', value: (m) => statusText(m.status) },
      { label: 'Created', kind: 'date', value: (m) => m.createdAt },
      { label: 'Sent', kind: 'date', value: (m) => m.sentDate },
    ],
    read: messageBatches(db, ctx, query),
    organizationOf: (m) => m.organizationId,
  };
}
