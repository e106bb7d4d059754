import { z } from 'zod';
import { isMigrated } from '../../db/migrate';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { canReadOutbox } from '../dev-outbox/outbox-access';

export function healthRoutes(app: ZodApp, deps: AppDeps) {
  app.get('/api/health', {
    config: { access: access.public() },
    schema: { tags: ['system'], summary: 'Ready once the database answers and is migrated', response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => {
      const ok = await isMigrated(deps.database).catch(() => false);
      if (!ok) throw new AppError('UNAVAILABLE', 'Database not ready');
      return { status: 'ok' as const };
    },
  });

  app.get('/api/public/app-info', {
    config: { access: access.public() },
    schema: {
      tags: ['system'],
      summary: 'What the sign-in screen needs to know about this installation',
      // devOutbox: whether GET /api/dev/outbox would answer this caller; the server decides, never the browser.
      response: { 200: z.object({ devOutbox: z.boolean() }) },
    },
    handler: async (request) => ({ devOutbox: canReadOutbox(deps.config, request) }),
  });
}
