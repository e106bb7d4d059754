import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { organizations, uploads } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { postLogo, solidPng } from './logo.test-kit';

const orgRow = async (w: World, id: number) => (await w.t.database.db.select().from(organizations).where(eq(organizations.id, id)))[0];

export const isolationCases: Record<string, IsolationCase> = {
  // Only the system's super users create organizations.
  'POST /api/organizations': { kind: 'superOnly', request: { payload: { name: 'Planted Org' } } },
  'PUT /api/organizations/:id': {
    kind: 'custom',
    run: async (w) => {
      const before = await orgRow(w, w.orgA.id);
      const res = await w.t.call({ method: 'PUT', url: `/api/organizations/${w.orgA.id}`, cookie: w.adminB.cookie, payload: { name: 'Taken over', slug: 'taken-over' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Organization not found' });
      const after = await orgRow(w, w.orgA.id);
      expect({ name: after.name, slug: after.slug }).toEqual({ name: before.name, slug: before.slug });
      const customer = await w.t.call({ method: 'PUT', url: `/api/organizations/${w.orgB.id}`, cookie: w.customerB.cookie, payload: { name: 'Mine' } });
      expect(customer.statusCode).toBe(403);
      const own = await w.t.call({ method: 'PUT', url: `/api/organizations/${w.orgA.id}`, cookie: w.adminA.cookie, payload: { notes: 'Own notes' } });
      expect(own.statusCode).toBe(200);
    },
  },
  'POST /api/organizations/:id/logo': {
    kind: 'custom',
    run: async (w) => {
      const file = { fileName: 'logo.png', contentType: 'image/png', data: solidPng(8, 8, [1, 2, 3]) };
      const stored = async () => (await w.t.database.db.select({ n: count() }).from(uploads))[0].n;
      const before = { uploads: await stored(), logo: (await orgRow(w, w.orgA.id)).logo };
      const res = await postLogo(w.t, w.adminB.cookie, w.orgA.id, file);
      expect(res.statusCode).toBe(404);
      expect(await stored()).toBe(before.uploads);
      expect((await orgRow(w, w.orgA.id)).logo).toBe(before.logo);
      const own = await postLogo(w.t, w.adminA.cookie, w.orgA.id, file);
      expect(own.statusCode).toBe(200);
      expect((await orgRow(w, w.orgA.id)).logo).toBe(own.json().logo);
    },
  },
};
