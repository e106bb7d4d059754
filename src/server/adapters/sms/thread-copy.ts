// Every SMS an organization sends to a number that has a conversation thread is kept in that thread too
// (docs/rules/messaging.md#conversations): a reminder or a message from Messaging is what the customer answers, so
// staff read it beside the answer. One statement: the thread's last message moves and the message is added, or
// nothing happens when the organization has no thread with that number.
import { sql } from 'drizzle-orm';
import { CONVERSATION_LIMITS } from '../../../contracts/conversations';
import { rowsOf, type DbOrTx } from '../../db/client';
import { smsConversationMessages, smsConversations } from '../../db/schema/index';

export interface ThreadCopy {
  organizationId: number;
  /** E.164. */
  phone: string;
  /** As staff may read it: secrets masked. */
  body: string;
  status: string;
  error?: string | null;
  outboxId: number | null;
  sentBy?: number | null;
  /** Twilio's MessageSid of a reply; null for what we send. */
  providerId?: string | null;
  direction?: 'inbound' | 'outbound';
}

/** The list's one-line preview of a message. */
export function previewOf(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > CONVERSATION_LIMITS.preview ? `${line.slice(0, CONVERSATION_LIMITS.preview - 1)}…` : line;
}

/** Adds the message to the organization's thread with the number, if it has one; the new message's id, else null. */
export async function copyToThread(db: DbOrTx, m: ThreadCopy): Promise<number | null> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`with thread as (
          update ${smsConversations} set last_message_at = now(), last_message_preview = ${previewOf(m.body)}
          where organization_id = ${m.organizationId} and phone = ${m.phone}
          returning id
        )
        insert into ${smsConversationMessages} (organization_id, conversation_id, direction, body, status, error, outbox_id, sent_by, provider_id)
        select ${m.organizationId}::int, thread.id, ${m.direction ?? 'outbound'}, ${m.body}, ${m.status}, ${m.error ?? null}::text,
          ${m.outboxId}::int, ${m.sentBy ?? null}::int, ${m.providerId ?? null}::text
        from thread
        returning id`,
  );
  return rows[0]?.id ?? null;
}
