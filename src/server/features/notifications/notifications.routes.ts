import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { messageSchema } from '../../../contracts/auth';
import { notificationListSchema, unreadCountSchema } from '../../../contracts/notifications';
import { notifications } from '../../db/schema/index';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { requireCtx } from '../../platform/guard';

const idParams = z.object({ id: z.coerce.number().int().positive() });
// The bell is a person's own: a key acting as its creator would read notifications beyond the key's permissions
// (payments, messages), so keys are refused (docs/rules/public-api.md#what-a-key-cannot-call).
const BELL = access.signedIn({ sessionOnly: true });

export function notificationsRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  // Notifications are addressed to one user; the filter on user id is the tenancy rule here.
  const mine = (userId: number) => eq(notifications.userId, userId);

  app.get('/api/notifications', {
    config: { access: BELL },
    schema: { tags: ['notifications'], summary: 'The latest 20 notifications of the signed-in user', response: { 200: notificationListSchema } },
    handler: async (req) => {
      const ctx = requireCtx(req);
      const rows = await db.select().from(notifications).where(mine(ctx.user.id)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(20);
      return rows.map((n) => ({
        id: n.id,
        type: n.type,
        title: n.title,
        body: n.body,
        link: n.link,
        readAt: n.readAt?.toISOString() ?? null,
        createdAt: n.createdAt.toISOString(),
      }));
    },
  });

  app.get('/api/notifications/unread-count', {
    config: { access: BELL },
    schema: { tags: ['notifications'], summary: 'How many notifications are unread (the bell badge)', response: { 200: unreadCountSchema } },
    handler: async (req) => {
      const ctx = requireCtx(req);
      const [r] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(mine(ctx.user.id), isNull(notifications.readAt)));
      return { count: Number(r?.count ?? 0) };
    },
  });

  app.put('/api/notifications/:id/read', {
    config: { access: BELL },
    schema: { tags: ['notifications'], summary: 'Mark one notification read', params: idParams, response: { 200: messageSchema } },
    handler: async (req) => {
      const ctx = requireCtx(req);
      const updated = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(eq(notifications.id, req.params.id), mine(ctx.user.id)))
        .returning({ id: notifications.id });
      if (updated.length === 0) throw notFound('Notification not found');
      return { message: 'Marked as read' };
    },
  });

  app.post('/api/notifications/read-all', {
    config: { access: BELL },
    schema: { tags: ['notifications'], summary: 'Mark every notification read', response: { 200: messageSchema } },
    handler: async (req) => {
      const ctx = requireCtx(req);
      await db.update(notifications).set({ readAt: new Date() }).where(and(mine(ctx.user.id), isNull(notifications.readAt)));
      return { message: 'All notifications marked as read' };
    },
  });
}
