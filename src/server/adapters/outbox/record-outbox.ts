// Every e-mail and SMS is written to the outbox table: the delivery record, and the local transport.
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema/index';

export interface OutboxRecord {
  organizationId?: number | null;
  channel: 'email' | 'sms';
  to: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  attachments?: { filename: string; contentType: string; size: number }[] | null;
  transport: 'outbox' | 'smtp' | 'twilio';
  /** opted_out: an SMS not sent because the number answered STOP (docs/rules/messaging.md#sms-opt-outs). */
  status: 'stored' | 'sent' | 'failed' | 'opted_out';
  error?: string | null;
  providerId?: string | null;
}

export async function recordOutbox(db: DbOrTx, rec: OutboxRecord): Promise<number> {
  const [row] = await db
    .insert(outbox)
    .values({
      organizationId: rec.organizationId ?? null,
      channel: rec.channel,
      to: rec.to,
      subject: rec.subject ?? null,
      text: rec.text,
      html: rec.html ?? null,
      attachments: rec.attachments ?? null,
      transport: rec.transport,
      status: rec.status,
      error: rec.error ?? null,
      providerId: rec.providerId ?? null,
    })
    .returning({ id: outbox.id });
  return row.id;
}
