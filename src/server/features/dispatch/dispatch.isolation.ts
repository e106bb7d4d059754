// Organization B never sees A's board nor schedules A's jobs.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { appointments } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

/** A job of A's for a customer with an e-mail address. */
async function jobOfA(w: World): Promise<number> {
  const customer = await w.t.call({ method: 'POST', url: '/api/customers', cookie: w.adminA.cookie, payload: { name: 'Dispatch Customer', email: 'dispatch-a@example.com' } });
  const job = await w.t.call({ method: 'POST', url: '/api/work-orders', cookie: w.adminA.cookie, payload: { customerId: customer.json().id, title: 'Dispatch isolation' } });
  expect(job.statusCode).toBe(201);
  return job.json().id;
}

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/dispatch': {
    kind: 'custom',
    run: async (w) => {
      const id = await jobOfA(w);
      const a = await w.t.call({ url: '/api/dispatch', cookie: w.adminA.cookie });
      expect(a.json().jobs.map((j: { id: number }) => j.id)).toContain(id);
      expect(a.json().staff.map((s: { id: number }) => s.id)).toContain(w.adminA.id);
      const b = await w.t.call({ url: `/api/dispatch?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(b.json().jobs.map((j: { id: number }) => j.id)).not.toContain(id);
      expect(b.json().staff.map((s: { id: number }) => s.id)).not.toContain(w.adminA.id);
    },
  },
  'POST /api/dispatch/jobs/:id/schedule': {
    kind: 'custom',
    run: async (w) => {
      const id = await jobOfA(w);
      const res = await w.t.call({
        method: 'POST',
        url: `/api/dispatch/jobs/${id}/schedule`,
        cookie: w.adminB.cookie,
        payload: { date: '2031-05-06', time: '10:00', assigneeIds: [], organizationId: w.orgA.id },
      });
      expect(res.statusCode).toBe(404);
      expect(await w.t.database.db.select().from(appointments).where(eq(appointments.workOrderId, id))).toEqual([]);
    },
  },
};
