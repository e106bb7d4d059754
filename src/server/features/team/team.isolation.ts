// Organization B never sees A's team, changes A's people's hours or time off, nor reads A's people's calendars.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { staffProfiles, staffTimeOff } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

const ids = (res: { json: () => unknown }) => (res.json() as { id: number }[]).map((r) => r.id);

async function timeOffOfA(w: World): Promise<number> {
  const res = await w.t.call({ method: 'POST', url: `/api/team/${w.adminA.id}/time-off`, cookie: w.adminA.cookie, payload: { startsAt: '2031-05-04T08:00', endsAt: '2031-05-04T12:00' } });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

/** A's feed is A's: B's calls report, replace and revoke only B's own. */
async function feedsStayApart(w: World): Promise<void> {
  const a = await w.t.call({ method: 'POST', url: '/api/me/calendar-feed', cookie: w.adminA.cookie });
  const path = new URL(a.json().url).pathname;
  await w.t.call({ method: 'DELETE', url: '/api/me/calendar-feed', cookie: w.adminB.cookie });
  expect((await w.t.call({ url: '/api/me/calendar-feed', cookie: w.adminB.cookie })).json().active).toBe(false);
  const b = await w.t.call({ method: 'POST', url: '/api/me/calendar-feed', cookie: w.adminB.cookie });
  expect(b.json().url).not.toBe(a.json().url);
  expect((await w.t.call({ url: path })).statusCode).toBe(200);
  expect((await w.t.call({ url: '/api/me/calendar-feed', cookie: w.adminA.cookie })).json().active).toBe(true);
}

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/team': {
    kind: 'custom',
    run: async (w) => {
      expect(ids(await w.t.call({ url: '/api/team', cookie: w.adminA.cookie }))).toContain(w.adminA.id);
      const b = await w.t.call({ url: `/api/team?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(ids(b)).not.toContain(w.adminA.id);
      expect(ids(b)).toContain(w.adminB.id);
    },
  },
  'PUT /api/team/:userId': {
    kind: 'custom',
    run: async (w) => {
      const res = await w.t.call({ method: 'PUT', url: `/api/team/${w.adminA.id}`, cookie: w.adminB.cookie, payload: { bookable: false } });
      expect(res.statusCode).toBe(404);
      expect(await w.t.database.db.select().from(staffProfiles).where(eq(staffProfiles.userId, w.adminA.id))).toEqual([]);
    },
  },
  'GET /api/team/:userId/time-off': {
    kind: 'custom',
    run: async (w) => {
      await timeOffOfA(w);
      expect((await w.t.call({ url: `/api/team/${w.adminA.id}/time-off?from=2031-01-01`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/team/${w.adminA.id}/time-off?from=2031-01-01`, cookie: w.adminA.cookie })).json()).not.toEqual([]);
    },
  },
  'POST /api/team/:userId/time-off': {
    kind: 'custom',
    run: async (w) => {
      const res = await w.t.call({ method: 'POST', url: `/api/team/${w.adminA.id}/time-off`, cookie: w.adminB.cookie, payload: { startsAt: '2031-06-01T08:00', endsAt: '2031-06-01T09:00' } });
      expect(res.statusCode).toBe(404);
    },
  },
  'DELETE /api/team/time-off/:id': {
    kind: 'custom',
    run: async (w) => {
      const id = await timeOffOfA(w);
      expect((await w.t.call({ method: 'DELETE', url: `/api/team/time-off/${id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect(await w.t.database.db.select().from(staffTimeOff).where(eq(staffTimeOff.id, id))).toHaveLength(1);
    },
  },
  'GET /api/me/calendar-feed': { kind: 'custom', run: feedsStayApart },
  'POST /api/me/calendar-feed': { kind: 'custom', run: feedsStayApart },
  'DELETE /api/me/calendar-feed': { kind: 'custom', run: feedsStayApart },
  'GET /api/calendar-feed/:file': { kind: 'public', why: 'the feed of whoever holds the unguessable token; its contents are tested in calendar-feed.test.ts' },
};
