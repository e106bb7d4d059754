// The development outbox's "Reply as recipient" files a reply as Twilio's webhook would, under the organization that
// last texted the number; like the outbox itself it does not exist in production (docs/rules/messaging.md#replies-on-this-machine).
import { expect } from 'vitest';
import type { IsolationCase } from '../../test/isolation';
import { createTestApp } from '../../test/test-app';

export const isolationCases: Record<string, IsolationCase> = {
  'POST /api/dev/outbox/:outboxId/reply': {
    kind: 'custom',
    run: async () => {
      const prod = await createTestApp({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' });
      try {
        expect((await prod.call({ method: 'POST', url: '/api/dev/outbox/1/reply', payload: { body: 'Hi' } })).statusCode).toBe(404);
      } finally {
        await prod.close();
      }
    },
  },
};
