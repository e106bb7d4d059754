import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { exportIsolation } from '../../test/export-isolation';

async function userOfA(w: World) {
  return w.t.createUser({ role: 'employee', organizationId: w.orgA.id, firstName: 'Private', lastName: `A${randomUUID().slice(0, 6)}` });
}

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/users/export': exportIsolation('/api/users', userOfA),
  'GET /api/users': {
    kind: 'custom',
    run: async (w) => {
      const u = await userOfA(w);
      const b = await w.t.call({ url: '/api/users?limit=500', cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(b.json().map((r: { id: number }) => r.id)).not.toContain(u.id);
      expect(b.json().every((r: { organizationId: number | null }) => r.organizationId === w.orgB.id)).toBe(true);
      // Asking for organization A changes nothing for B's admin.
      const asked = await w.t.call({ url: `/api/users?organizationId=${w.orgA.id}&q=${encodeURIComponent(u.email)}`, cookie: w.adminB.cookie });
      expect(asked.json()).toEqual([]);
      expect(asked.headers['x-total-count']).toBe('0');
      const a = await w.t.call({ url: `/api/users?q=${encodeURIComponent(u.email)}`, cookie: w.adminA.cookie });
      expect(a.json().map((r: { id: number }) => r.id)).toEqual([u.id]);
    },
  },
  'POST /api/users': {
    kind: 'custom',
    run: async (w) => {
      const email = `iso-${randomUUID().slice(0, 8)}@example.com`;
      const planted = await w.t.call({
        method: 'POST',
        url: '/api/users',
        cookie: w.adminB.cookie,
        payload: { email, firstName: 'Planted', lastName: 'User', organizationId: w.orgA.id },
      });
      expect(planted.statusCode).toBe(403);
      expect(await w.t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      const own = await w.t.call({ method: 'POST', url: '/api/users', cookie: w.adminB.cookie, payload: { email, firstName: 'Own', lastName: 'User' } });
      expect(own.statusCode).toBe(201);
      expect(own.json().organizationId).toBe(w.orgB.id);
    },
  },
  'PUT /api/users/:id': {
    kind: 'custom',
    run: async (w) => {
      const u = await userOfA(w);
      const res = await w.t.call({ method: 'PUT', url: `/api/users/${u.id}`, cookie: w.adminB.cookie, payload: { isActive: false, organizationId: w.orgB.id } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'User not found' });
      const [row] = await w.t.database.db.select().from(users).where(eq(users.id, u.id));
      expect(row).toMatchObject({ isActive: true, organizationId: w.orgA.id });
      const own = await w.t.call({ method: 'PUT', url: `/api/users/${u.id}`, cookie: w.adminA.cookie, payload: { firstName: 'Renamed' } });
      expect(own.statusCode).toBe(200);
    },
  },
};
