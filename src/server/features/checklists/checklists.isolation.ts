// Organization B never sees, changes or uses organization A's checklist templates, nor reads or fills in the
// checklists of A's jobs (docs/rules/team.md#checklists; see platform/tenant-isolation.test.ts).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { checklistTemplates, customers, workOrderChecklists } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

const ITEMS = [{ label: 'Filter replaced', kind: 'yes_no', required: true }];

async function templateOf(w: World, cookie: string, name = 'A template'): Promise<{ id: number; items: { id: string }[] }> {
  const res = await w.t.call({ method: 'POST', url: '/api/checklist-templates', cookie, payload: { name, items: ITEMS } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function jobOfA(w: World): Promise<number> {
  const [c] = await w.t.database.db.insert(customers).values({ organizationId: w.orgA.id, name: 'Isolation Customer', email: 'iso@example.com' }).returning({ id: customers.id });
  const res = await w.t.call({ method: 'POST', url: '/api/work-orders', cookie: w.adminA.cookie, payload: { customerId: c.id, title: 'A only' } });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

/** A's job with A's checklist on it, one item answered. */
async function checklistOfA(w: World): Promise<{ jobId: number; id: number; itemId: string }> {
  const template = await templateOf(w, w.adminA.cookie);
  const jobId = await jobOfA(w);
  const res = await w.t.call({ method: 'POST', url: `/api/work-orders/${jobId}/checklists`, cookie: w.adminA.cookie, payload: { templateId: template.id } });
  expect(res.statusCode, res.body).toBe(201);
  const itemId = template.items[0].id;
  expect((await w.t.call({ method: 'PUT', url: `/api/work-orders/${jobId}/checklists/${res.json().id}/answers`, cookie: w.adminA.cookie, payload: { answers: { [itemId]: true } } })).statusCode).toBe(200);
  return { jobId, id: res.json().id, itemId };
}

const stored = async (w: World, id: number) => (await w.t.database.db.select().from(workOrderChecklists).where(eq(workOrderChecklists.id, id)))[0];

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/checklist-templates': {
    kind: 'custom',
    run: async (w) => {
      const t = await templateOf(w, w.adminA.cookie);
      for (const url of ['/api/checklist-templates', `/api/checklist-templates?organizationId=${w.orgA.id}`]) {
        const b = await w.t.call({ url, cookie: w.adminB.cookie });
        expect(b.statusCode).toBe(200);
        expect(b.json().map((x: { id: number }) => x.id)).not.toContain(t.id);
      }
      expect((await w.t.call({ url: '/api/checklist-templates', cookie: w.adminA.cookie })).json().map((x: { id: number }) => x.id)).toContain(t.id);
    },
  },
  'POST /api/checklist-templates': {
    kind: 'custom',
    run: async (w) => {
      // B naming A's organization still writes into its own.
      const res = await w.t.call({ method: 'POST', url: '/api/checklist-templates', cookie: w.adminB.cookie, payload: { name: 'B into A', items: ITEMS, organizationId: w.orgA.id } });
      expect(res.statusCode).toBe(201);
      const [row] = await w.t.database.db.select().from(checklistTemplates).where(eq(checklistTemplates.id, res.json().id));
      expect(row.organizationId).toBe(w.orgB.id);
    },
  },
  'GET /api/checklist-templates/:id': {
    kind: 'custom',
    run: async (w) => {
      const t = await templateOf(w, w.adminA.cookie);
      expect((await w.t.call({ url: `/api/checklist-templates/${t.id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect((await w.t.call({ url: `/api/checklist-templates/${t.id}`, cookie: w.adminA.cookie })).statusCode).toBe(200);
    },
  },
  'PUT /api/checklist-templates/:id': {
    kind: 'custom',
    run: async (w) => {
      const t = await templateOf(w, w.adminA.cookie);
      expect((await w.t.call({ method: 'PUT', url: `/api/checklist-templates/${t.id}`, cookie: w.adminB.cookie, payload: { name: 'B was here', isActive: false } })).statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(checklistTemplates).where(eq(checklistTemplates.id, t.id));
      expect([row.name, row.isActive]).toEqual(['A template', true]);
      expect((await w.t.call({ method: 'PUT', url: `/api/checklist-templates/${t.id}`, cookie: w.adminA.cookie, payload: { name: 'A renamed' } })).statusCode).toBe(200);
    },
  },
  'DELETE /api/checklist-templates/:id': {
    kind: 'custom',
    run: async (w) => {
      const t = await templateOf(w, w.adminA.cookie);
      expect((await w.t.call({ method: 'DELETE', url: `/api/checklist-templates/${t.id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect(await w.t.database.db.select().from(checklistTemplates).where(eq(checklistTemplates.id, t.id))).toHaveLength(1);
      expect((await w.t.call({ method: 'DELETE', url: `/api/checklist-templates/${t.id}`, cookie: w.adminA.cookie })).json()).toEqual({ result: 'deleted' });
    },
  },
  'POST /api/work-orders/:id/checklists': {
    kind: 'custom',
    run: async (w) => {
      const jobId = await jobOfA(w);
      const theirs = await templateOf(w, w.adminB.cookie, 'B template');
      // B cannot reach A's job, and A cannot put B's template on it.
      expect((await w.t.call({ method: 'POST', url: `/api/work-orders/${jobId}/checklists`, cookie: w.adminB.cookie, payload: { templateId: theirs.id } })).statusCode).toBe(404);
      expect((await w.t.call({ method: 'POST', url: `/api/work-orders/${jobId}/checklists`, cookie: w.adminA.cookie, payload: { templateId: theirs.id } })).statusCode).toBe(400);
      expect(await w.t.database.db.select().from(workOrderChecklists).where(eq(workOrderChecklists.workOrderId, jobId))).toEqual([]);
      const mine = await templateOf(w, w.adminA.cookie);
      expect((await w.t.call({ method: 'POST', url: `/api/work-orders/${jobId}/checklists`, cookie: w.adminA.cookie, payload: { templateId: mine.id } })).statusCode).toBe(201);
    },
  },
  'DELETE /api/work-orders/:id/checklists/:checklistId': {
    kind: 'custom',
    run: async (w) => {
      const c = await checklistOfA(w);
      expect((await w.t.call({ method: 'DELETE', url: `/api/work-orders/${c.jobId}/checklists/${c.id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect(await stored(w, c.id)).toBeDefined();
      expect((await w.t.call({ method: 'DELETE', url: `/api/work-orders/${c.jobId}/checklists/${c.id}`, cookie: w.adminA.cookie })).statusCode).toBe(204);
    },
  },
  'PUT /api/work-orders/:id/checklists/:checklistId/answers': {
    kind: 'custom',
    run: async (w) => {
      const c = await checklistOfA(w);
      const res = await w.t.call({ method: 'PUT', url: `/api/work-orders/${c.jobId}/checklists/${c.id}/answers`, cookie: w.adminB.cookie, payload: { answers: { [c.itemId]: false } } });
      expect(res.statusCode).toBe(404);
      expect((await stored(w, c.id)).answers).toEqual({ [c.itemId]: true });
    },
  },
  'POST /api/work-orders/:id/checklists/:checklistId/complete': {
    kind: 'custom',
    run: async (w) => {
      const c = await checklistOfA(w);
      expect((await w.t.call({ method: 'POST', url: `/api/work-orders/${c.jobId}/checklists/${c.id}/complete`, cookie: w.adminB.cookie, payload: {} })).statusCode).toBe(404);
      expect((await stored(w, c.id)).completedAt).toBeNull();
      expect((await w.t.call({ method: 'POST', url: `/api/work-orders/${c.jobId}/checklists/${c.id}/complete`, cookie: w.adminA.cookie, payload: {} })).statusCode).toBe(200);
    },
  },
  'POST /api/work-orders/:id/checklists/:checklistId/reopen': {
    kind: 'custom',
    run: async (w) => {
      const c = await checklistOfA(w);
      expect((await w.t.call({ method: 'POST', url: `/api/work-orders/${c.jobId}/checklists/${c.id}/complete`, cookie: w.adminA.cookie, payload: {} })).statusCode).toBe(200);
      expect((await w.t.call({ method: 'POST', url: `/api/work-orders/${c.jobId}/checklists/${c.id}/reopen`, cookie: w.adminB.cookie, payload: {} })).statusCode).toBe(404);
      expect((await stored(w, c.id)).completedAt).not.toBeNull();
      expect((await w.t.call({ method: 'POST', url: `/api/work-orders/${c.jobId}/checklists/${c.id}/reopen`, cookie: w.adminA.cookie, payload: {} })).statusCode).toBe(200);
    },
  },
};
