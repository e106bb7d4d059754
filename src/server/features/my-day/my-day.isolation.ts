// Organization B never sees A's visits in its day, nor says it is on the way to, starts or completes them.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { appointments, outbox } from '../../db/schema/index';
import { todayIn, DEFAULT_TIME_ZONE } from '../../platform/wall-clock';
import type { IsolationCase, World } from '../../test/isolation';
import { setAppointmentAssignees } from '../team/assignees';

let made = 0;

/** A visit of A's admin today, with a phone to text; each one at its own early-morning time, so none overlaps another. */
async function visitOfA(w: World): Promise<number> {
  const minutes = 5 + 10 * made++;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const db = w.t.database.db;
  const [row] = await db
    .insert(appointments)
    .values({
      organizationId: w.orgA.id,
      customerName: 'Private A visit',
      customerEmail: 'private-a@example.com',
      customerPhone: '5555550142',
      appointmentDate: `${todayIn(DEFAULT_TIME_ZONE)}T${time}:00`,
      duration: 5,
    })
    .returning({ id: appointments.id });
  await setAppointmentAssignees(db, w.orgA.id, row.id, [w.adminA.id]);
  return row.id;
}

/** B's calls on A's visit answer 404 and leave it untouched. */
function refusedToB(action: 'on-my-way' | 'start' | 'complete'): IsolationCase {
  return {
    kind: 'custom',
    run: async (w) => {
      const id = await visitOfA(w);
      const payload = action === 'on-my-way' ? { etaMinutes: 15 } : {};
      const res = await w.t.call({ method: 'POST', url: `/api/my-day/${id}/${action}`, cookie: w.adminB.cookie, payload });
      expect(res.statusCode, res.body).toBe(404);
      expect((await w.t.call({ method: 'POST', url: `/api/my-day/${id}/${action}`, cookie: w.customerB.cookie, payload })).statusCode).toBe(403);
      const [row] = await w.t.database.db.select().from(appointments).where(eq(appointments.id, id));
      expect([row.status, row.onMyWayAt, row.startedAt, row.completedAt]).toEqual(['scheduled', null, null, null]);
      expect((await w.t.database.db.select().from(outbox).where(eq(outbox.to, '+15555550142'))).length).toBe(0);
      // The control: A's own admin, who is on it, may.
      const own = await w.t.call({ method: 'POST', url: `/api/my-day/${id}/${action}`, cookie: w.adminA.cookie, payload });
      expect(own.statusCode, own.body).toBe(200);
      await w.t.database.db.delete(outbox).where(eq(outbox.to, '+15555550142'));
    },
  };
}

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/my-day': {
    kind: 'custom',
    run: async (w) => {
      const id = await visitOfA(w);
      const ids = (body: { visits: { id: number }[] }) => body.visits.map((v) => v.id);
      expect(ids((await w.t.call({ url: '/api/my-day', cookie: w.adminA.cookie })).json())).toContain(id);
      const b = await w.t.call({ url: `/api/my-day?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(ids(b.json())).not.toContain(id);
      expect(b.body).not.toContain('Private A visit');
      const su = await w.t.call({ url: '/api/my-day', cookie: w.superUser.cookie });
      expect(ids(su.json())).not.toContain(id);
    },
  },
  'POST /api/my-day/:appointmentId/on-my-way': refusedToB('on-my-way'),
  'POST /api/my-day/:appointmentId/start': refusedToB('start'),
  'POST /api/my-day/:appointmentId/complete': refusedToB('complete'),
};
