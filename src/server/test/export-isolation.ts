// The isolation case of a list's export (docs/rules/data-exchange.md#list-exports; platform/tenant-isolation.test.ts):
// the export holds exactly the rows the list holds for the same caller. The list's own case proves B's list has none of
// A's rows; so B's export, the same size as B's list even when it names A's organization, has none either, and A's,
// the size of A's list with A's record in it, leaves none out.
import { expect } from 'vitest';
import type { IsolationCase, World } from './isolation';
import { csvRows } from './spreadsheet-files';

export function exportIsolation(listPath: string, recordOfA: (w: World) => Promise<unknown>): IsolationCase {
  return {
    kind: 'custom',
    run: async (w) => {
      await recordOfA(w);
      const exported = async (cookie: string, query: string) => {
        const res = await w.t.call({ url: `${listPath}/export?${query}`, cookie });
        expect(res.statusCode, res.body).toBe(200);
        return csvRows(res.rawPayload).length - 1;
      };
      const listed = async (cookie: string, query: string) => Number((await w.t.call({ url: `${listPath}?limit=1&${query}`, cookie })).headers['x-total-count']);
      const naming = `organizationId=${w.orgA.id}`;
      expect(await exported(w.adminB.cookie, naming)).toBe(await listed(w.adminB.cookie, naming));
      const ofA = await listed(w.adminA.cookie, '');
      expect(ofA).toBeGreaterThan(0);
      expect(await exported(w.adminA.cookie, '')).toBe(ofA);
    },
  };
}
