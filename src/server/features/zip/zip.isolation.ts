import { expect } from 'vitest';
import type { IsolationCase } from '../../test/isolation';

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/zip/:zip': {
    kind: 'custom',
    // Reference data from an npm package, not tenant data: every signed-in user gets the same answer.
    run: async (w) => {
      const answers = await Promise.all(
        [w.adminA, w.adminB, w.customerB, w.superUser].map((u) => w.t.call({ url: '/api/zip/90210', cookie: u.cookie }).then((r) => r.json())),
      );
      for (const a of answers) expect(a).toEqual({ city: 'Beverly Hills', state: 'CA' });
      expect((await w.t.call({ url: '/api/zip/90210' })).statusCode).toBe(401);
    },
  },
};
