// Organization B never reads or changes A's review request settings (docs/rules/messaging.md#review-requests).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { reviewRequestSettings } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

const body = { enabled: true, link: 'https://g.page/r/isolation-a/review', delayMinutes: 60, channel: 'sms_then_email', message: null };

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/review-requests/settings': {
    kind: 'custom',
    run: async (w: World) => {
      expect((await w.t.call({ method: 'PUT', url: '/api/review-requests/settings', cookie: w.adminA.cookie, payload: body })).statusCode).toBe(200);
      const b = await w.t.call({ url: `/api/review-requests/settings?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(b.json().link).not.toBe(body.link);
      expect((await w.t.call({ url: '/api/review-requests/settings', cookie: w.adminA.cookie })).json().link).toBe(body.link);
    },
  },
  'PUT /api/review-requests/settings': {
    kind: 'custom',
    run: async (w: World) => {
      const res = await w.t.call({ method: 'PUT', url: `/api/review-requests/settings?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie, payload: { ...body, link: 'https://b.example/review' } });
      expect(res.statusCode).toBe(200);
      const [a] = await w.t.database.db.select().from(reviewRequestSettings).where(eq(reviewRequestSettings.organizationId, w.orgA.id));
      expect(a?.link).not.toBe('https://b.example/review');
    },
  },
};
