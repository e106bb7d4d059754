import { desc } from 'drizzle-orm';
import { outboxListSchema } from '../../../contracts/outbox';
import { outbox } from '../../db/schema/index';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { notFound } from '../../platform/errors';
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
        attachments: (r.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType })),
        createdAt: r.createdAt.toISOString(),
      }));
    },
  });
}
