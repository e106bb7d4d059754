import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { shortUrls } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';
import { exportIsolation } from '../../test/export-isolation';

async function shortUrlOfA(w: World) {
  const [row] = await w.t.database.db
    .insert(shortUrls)
    .values({ organizationId: w.orgA.id, title: `Private A ${randomUUID().slice(0, 8)}`, originalUrl: 'https://a.example.com/x', shortCode: `iso-${randomUUID().slice(0, 8)}` })
    .returning();
  return row;
}

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/short-urls/export': exportIsolation('/api/short-urls', shortUrlOfA),
  'GET /api/short-urls': {
    kind: 'custom',
    run: async (w) => {
      const s = await shortUrlOfA(w);
      const b = await w.t.call({ url: '/api/short-urls?limit=500', cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(b.json().map((r: { id: number }) => r.id)).not.toContain(s.id);
      const asked = await w.t.call({ url: `/api/short-urls?organizationId=${w.orgA.id}&q=${encodeURIComponent(s.title)}`, cookie: w.adminB.cookie });
      expect(asked.json()).toEqual([]);
      expect(asked.headers['x-total-count']).toBe('0');
      const a = await w.t.call({ url: `/api/short-urls?q=${encodeURIComponent(s.title)}`, cookie: w.adminA.cookie });
      expect(a.json().map((r: { id: number }) => r.id)).toEqual([s.id]);
    },
  },
  'POST /api/short-urls': {
    kind: 'custom',
    run: async (w) => {
      // An organization admin cannot plant a short URL in another organization.
      const res = await w.t.call({
        method: 'POST',
        url: '/api/short-urls',
        cookie: w.adminB.cookie,
        payload: { title: 'Planted', originalUrl: 'https://example.com', organizationId: w.orgA.id },
      });
      expect(res.statusCode).toBe(201);
      const [row] = await w.t.database.db.select().from(shortUrls).where(eq(shortUrls.id, res.json().id));
      expect(row.organizationId).toBe(w.orgB.id);
    },
  },
  'PUT /api/short-urls/:id': {
    kind: 'custom',
    run: async (w) => {
      const s = await shortUrlOfA(w);
      const res = await w.t.call({ method: 'PUT', url: `/api/short-urls/${s.id}`, cookie: w.adminB.cookie, payload: { originalUrl: 'https://evil.example.com' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Short URL not found' });
      const [row] = await w.t.database.db.select().from(shortUrls).where(eq(shortUrls.id, s.id));
      expect(row.originalUrl).toBe('https://a.example.com/x');
      const own = await w.t.call({ method: 'PUT', url: `/api/short-urls/${s.id}`, cookie: w.adminA.cookie, payload: { title: 'Renamed' } });
      expect(own.statusCode).toBe(200);
    },
  },
};
