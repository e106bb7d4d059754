// Organization B never sees, previews or runs organization A's imports, and B's upload lands in B whatever it names
// (docs/rules/data-exchange.md#imports; see platform/tenant-isolation.test.ts).
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Import } from '../../../contracts/imports';
import { customers, imports } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { csv, postImportFile } from './imports.test-kit';

const FILE = csv([['Name', 'Email'], ['Only A', 'only.a@example.com']]);

async function importOfA(w: World): Promise<Import> {
  const res = await postImportFile(w.t, w.adminA.cookie, { kind: 'customers', data: FILE });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const customersOf = async (w: World, organizationId: number) =>
  (await w.t.database.db.select({ n: count() }).from(customers).where(eq(customers.organizationId, organizationId)))[0].n;

export const isolationCases: Record<string, IsolationCase> = {
  'POST /api/imports': {
    kind: 'custom',
    run: async (w) => {
      // B naming A's organization still uploads into its own.
      const res = await postImportFile(w.t, w.adminB.cookie, { kind: 'customers', data: FILE, organizationId: w.orgA.id });
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await w.t.database.db.select({ organizationId: imports.organizationId }).from(imports).where(eq(imports.id, res.json().id));
      expect(row.organizationId).toBe(w.orgB.id);
    },
  },
  'GET /api/imports': {
    kind: 'custom',
    run: async (w) => {
      const a = await importOfA(w);
      for (const url of ['/api/imports', `/api/imports?organizationId=${w.orgA.id}`]) {
        const b = await w.t.call({ url, cookie: w.adminB.cookie });
        expect(b.statusCode).toBe(200);
        expect(b.json().map((i: { id: number }) => i.id)).not.toContain(a.id);
      }
      expect((await w.t.call({ url: '/api/imports', cookie: w.adminA.cookie })).json().map((i: { id: number }) => i.id)).toContain(a.id);
    },
  },
  'GET /api/imports/:id': {
    kind: 'custom',
    run: async (w) => {
      const a = await importOfA(w);
      expect((await w.t.call({ url: `/api/imports/${a.id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/imports/${a.id}`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
  'POST /api/imports/:id/preview': {
    kind: 'custom',
    run: async (w) => {
      const a = await importOfA(w);
      const res = await w.t.call({ method: 'POST', url: `/api/imports/${a.id}/preview`, cookie: w.adminB.cookie, payload: { mapping: a.mapping, duplicates: 'update' } });
      expect(res.statusCode).toBe(404);
      const [row] = await w.t.database.db.select({ duplicates: imports.duplicates }).from(imports).where(eq(imports.id, a.id));
      expect(row.duplicates).toBe('skip');
    },
  },
  'POST /api/imports/:id/run': {
    kind: 'custom',
    run: async (w) => {
      const a = await importOfA(w);
      const before = await customersOf(w, w.orgA.id);
      const res = await w.t.call({ method: 'POST', url: `/api/imports/${a.id}/run`, cookie: w.adminB.cookie, payload: { mapping: a.mapping, duplicates: 'create' } });
      expect(res.statusCode).toBe(404);
      expect(await customersOf(w, w.orgA.id)).toBe(before);
      const own = await w.t.call({ method: 'POST', url: `/api/imports/${a.id}/run`, cookie: w.adminA.cookie, payload: { mapping: a.mapping, duplicates: 'create' } });
      expect(own.json()).toMatchObject({ status: 'completed', created: 1 });
    },
  },
};
