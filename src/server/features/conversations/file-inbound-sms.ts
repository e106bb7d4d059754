// Files a reply that came back to the installation's number (docs/rules/messaging.md#conversations): Twilio's
// webhook, once its signature is checked, and the development outbox's "Reply as recipient" both come here. STOP and
// START change the number's opt-out whoever it belongs to; the reply goes into the thread of the organization that
// last texted the number (created on the first reply, under the customer with that phone), counts as unread, and
// rings the bell of the staff who read messages. Twilio's MessageSid is unique, so a retried webhook files once.
import { eq, sql } from 'drizzle-orm';
import { phoneLabel } from '../../../contracts/conversations';
import { toE164 } from '../../adapters/sms/e164';
import { previewOf } from '../../adapters/sms/thread-copy';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { outbox, smsConversationMessages, smsConversations } from '../../db/schema/index';
import { notifyStaff, staffWith } from '../notifications/notify-staff';
import { applyOptOutChange, optOutChange, type OptOutChange } from './opt-out-words';
import { customerForPhone, organizationForReply } from './route-reply';

export interface InboundSms {
  /** The sender's number as Twilio gives it (E.164). */
  from: string;
  body: string;
  /** Twilio's MessageSid; null for a reply made on this machine's outbox page. */
  providerId: string | null;
}

export interface FiledReply {
  outcome: 'filed' | 'duplicate' | 'dropped';
  organizationId: number | null;
  conversationId: number | null;
  optOut: OptOutChange['change'] | null;
}

/** A new thread shows the texts the organization sent the number this recently (what the reply answers). */
const EARLIER_DAYS = 30;
const EARLIER_MAX = 20;

class AlreadyFiled extends Error {}

export async function fileInboundSms(db: Db, sms: InboundSms): Promise<FiledReply> {
  const phone = toE164(sms.from) ?? sms.from.trim();
  const change = optOutChange(sms.body);
  const optOut = change?.change ?? null;
  if (sms.providerId) {
    const [known] = await db
      .select({ conversationId: smsConversationMessages.conversationId, organizationId: smsConversationMessages.organizationId })
      .from(smsConversationMessages)
      .where(eq(smsConversationMessages.providerId, sms.providerId))
      .limit(1);
    if (known) return { outcome: 'duplicate', organizationId: known.organizationId, conversationId: known.conversationId, optOut };
  }
  try {
    return await db.transaction(async (tx) => {
      if (change) await applyOptOutChange(tx, phone, change);
      const organizationId = await organizationForReply(tx, phone);
      if (organizationId === null) return { outcome: 'dropped' as const, organizationId: null, conversationId: null, optOut };

      const customer = await customerForPhone(tx, organizationId, phone);
      const thread = await openThread(tx, organizationId, phone, customer?.id ?? null, sms.body);
      if (thread.created) await copyEarlierTexts(tx, organizationId, thread.id, phone);
      const [message] = await tx
        .insert(smsConversationMessages)
        .values({ organizationId, conversationId: thread.id, direction: 'inbound', body: sms.body, status: 'received', providerId: sms.providerId })
        .onConflictDoNothing({ target: smsConversationMessages.providerId })
        .returning({ id: smsConversationMessages.id });
      // Twilio's retry racing the first delivery: the other one filed it; this one's count goes back.
      if (!message) throw new AlreadyFiled();

      const who = customer?.name.trim() || phoneLabel(phone);
      const title = change?.change === 'opted_out' ? `${who} opted out of text messages` : change?.change === 'opted_in' ? `${who} opted in to text messages again` : `Text from ${who}`;
      await notifyStaff(tx, await staffWith(tx, organizationId, ['view_messages']), [
        {
          organizationId,
          type: 'sms_reply',
          title,
          body: previewOf(sms.body),
          link: `/messaging?conversation=${thread.id}`,
          entityType: 'sms_conversation_message',
          entityId: message.id,
        },
      ]);
      return { outcome: 'filed' as const, organizationId, conversationId: thread.id, optOut };
    });
  } catch (err) {
    if (!(err instanceof AlreadyFiled)) throw err;
    return { outcome: 'duplicate', organizationId: null, conversationId: null, optOut };
  }
}

/** The organization's thread with the number, made on its first reply; the reply counts as unread either way. */
async function openThread(tx: Tx, organizationId: number, phone: string, customerId: number | null, body: string): Promise<{ id: number; created: boolean }> {
  const [row] = await rowsOf<{ id: number; created: boolean }>(
    tx,
    sql`insert into ${smsConversations} (organization_id, phone, customer_id, last_message_at, last_message_preview, unread_count)
        values (${organizationId}, ${phone}, ${customerId}, now(), ${previewOf(body)}, 1)
        on conflict (organization_id, phone) do update set
          last_message_at = excluded.last_message_at,
          last_message_preview = excluded.last_message_preview,
          unread_count = ${smsConversations.unreadCount} + 1,
          customer_id = coalesce(${smsConversations.customerId}, excluded.customer_id)
        returning id, (xmax = 0) as created`,
  );
  return row;
}

/**
 * The organization's recent texts to the number, as the outbox keeps them (masked when Twilio delivered them), so a
 * new thread starts with what the customer is answering. A text refused for an opt-out never reached them.
 */
async function copyEarlierTexts(tx: Tx, organizationId: number, conversationId: number, phone: string): Promise<void> {
  await tx.execute(sql`
    insert into ${smsConversationMessages} (organization_id, conversation_id, direction, body, status, error, outbox_id, created_at)
    select o.organization_id, ${conversationId}::int, 'outbound', o.text, o.status, o.error, o.id, o.created_at
    from ${outbox} o
    where o.organization_id = ${organizationId} and o.channel = 'sms' and o."to" = ${phone} and o.status <> 'opted_out'
      and o.created_at > now() - make_interval(days => ${EARLIER_DAYS})
    order by o.created_at desc
    limit ${EARLIER_MAX}`);
}
