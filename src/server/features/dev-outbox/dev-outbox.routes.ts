import { and, desc, eq } from 'drizzle-orm';
import { outboxReplyBodySchema, outboxReplyResultSchema } from '../../../contracts/conversations';
import { outboxIdParamsSchema, outboxListSchema } from '../../../contracts/outbox';
import { outbox } from '../../db/schema/index';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { fileInboundSms } from '../conversations/file-inbound-sms';
import { canReadOutbox } from './outbox-access';

export function devOutboxRoutes(app: ZodApp, deps: AppDeps) {
  const { db, config } = deps;
  app.get('/api/dev/outbox', {
    config: { access: access.public() },
    schema: {
      tags: ['dev'],
      summary: 'Latest 50 outbox entries, newest first (without SMTP_URL, outside production, to this machine only)',
      response: { 200: outboxListSchema },
    },
    handler: async (request) => {
      if (!canReadOutbox(config, request)) throw notFound();
      const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(50);
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel === 'sms' ? ('sms' as const) : ('email' as const),
        to: r.to,
        subject: r.subject,
        text: r.text,
        status: r.status,
        attachments: (r.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType })),
        createdAt: r.createdAt.toISOString(),
      }));
    },
  });

  // Twilio is not configured on a development machine, so replies are made here: the text is filed exactly as
  // Twilio's webhook files one, without its signature check (docs/rules/messaging.md#replies-on-this-machine).
  app.post('/api/dev/outbox/:outboxId/reply', {
    config: { access: access.public() },
    schema: {
      tags: ['dev'],
      summary: "Reply as the recipient of an SMS in the outbox: filed as Twilio's webhook files a reply (development outbox only, to this machine only)",
      params: outboxIdParamsSchema,
      body: outboxReplyBodySchema,
      response: { 200: outboxReplyResultSchema },
    },
    handler: async (request) => {
      if (!canReadOutbox(config, request)) throw notFound();
      const [sms] = await db
        .select({ to: outbox.to })
        .from(outbox)
        .where(and(eq(outbox.id, request.params.outboxId), eq(outbox.channel, 'sms')))
        .limit(1);
      if (!sms) throw notFound('No text message with that id in the outbox');
      const filed = await fileInboundSms(db, { from: sms.to, body: request.body.body, providerId: null });
      return { outcome: filed.outcome, conversationId: filed.conversationId, optOut: filed.optOut };
    },
  });
}
