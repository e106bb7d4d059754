// Checklists on jobs (docs/rules/team.md#checklists): templates and their limits, services that bring them to a job's
// visits (once), answers checked against each item's kind, completing and reopening, who may do what, another
// organization's records, and the job sheet.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, workOrderAttachments, workOrderChecklists } from '../../db/schema/index';
import { addDays, todayIn } from '../../platform/wall-clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { orgKit, pdfText, solidPng, type OrgKit } from '../documents/documents.test-kit';

let t: TestApp;
let a: OrgKit;
let b: OrgKit;
beforeAll(async () => {
  t = await createTestApp();
  a = await orgKit(t);
  b = await orgKit(t);
});
afterAll(async () => {
  await t?.close();
});

const TUNE_UP_ITEMS = [
  { label: 'Filter replaced', kind: 'yes_no', required: true },
  { label: 'Gas pressure (in. w.c.)', kind: 'number', required: true },
  { label: 'Notes for the customer', kind: 'text' },
  { label: 'Photo of the burners', kind: 'photo' },
];

interface Template {
  id: number;
  name: string;
  isActive: boolean;
  items: { id: string; label: string; kind: string; required: boolean }[];
  services: { id: number; name: string }[];
}
interface Checklist {
  id: number;
  templateId: number | null;
  name: string;
  items: Template['items'];
  answers: Record<string, unknown>;
  completedAt: string | null;
  completedBy: { id: number; name: string } | null;
}

async function template(kit: OrgKit, name = 'Furnace tune-up', items: unknown[] = TUNE_UP_ITEMS): Promise<Template> {
  const res = await t.call({ method: 'POST', url: '/api/checklist-templates', cookie: kit.manager, payload: { name, items } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function job(kit: OrgKit, assigneeIds: number[] = []): Promise<{ id: number; orderNumber: string }> {
  const res = await t.call({ method: 'POST', url: '/api/work-orders', cookie: kit.manager, payload: { customerId: kit.customerId, title: 'Furnace tune-up', assigneeIds, lineItems: [{ description: 'Tune-up', quantity: 1, rate: '159.00' }] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function service(kit: OrgKit, checklistTemplateIds: number[], name = 'Furnace tune-up'): Promise<{ id: number; checklistTemplateIds: number[] }> {
  const res = await t.call({ method: 'POST', url: '/api/services', cookie: kit.manager, payload: { name, duration: 60, checklistTemplateIds } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const futureDay = (days: number) => addDays(todayIn('America/New_York'), days);

function book(kit: OrgKit, serviceId: number, workOrderId: number | null, day: number, time = '10:00', extra: Record<string, unknown> = {}) {
  return t.call({
    method: 'POST',
    url: '/api/appointments',
    cookie: kit.manager,
    payload: { serviceId, customerId: kit.customerId, customerName: 'Pat Customer', customerEmail: 'pat@example.com', appointmentDate: futureDay(day), appointmentTime: time, workOrderId, assigneeIds: [], ...extra },
  });
}

const checklistsOf = async (cookie: string, workOrderId: number): Promise<Checklist[]> => {
  const res = await t.call({ url: `/api/work-orders/${workOrderId}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().checklists;
};
const attach = (cookie: string, workOrderId: number, templateId: number) => t.call({ method: 'POST', url: `/api/work-orders/${workOrderId}/checklists`, cookie, payload: { templateId } });
const answer = (cookie: string, workOrderId: number, checklistId: number, answers: Record<string, unknown>) =>
  t.call({ method: 'PUT', url: `/api/work-orders/${workOrderId}/checklists/${checklistId}/answers`, cookie, payload: { answers } });
const complete = (cookie: string, workOrderId: number, checklistId: number) => t.call({ method: 'POST', url: `/api/work-orders/${workOrderId}/checklists/${checklistId}/complete`, cookie, payload: {} });
const reopen = (cookie: string, workOrderId: number, checklistId: number) => t.call({ method: 'POST', url: `/api/work-orders/${workOrderId}/checklists/${checklistId}/reopen`, cookie, payload: {} });

async function photoOn(organizationId: number, workOrderId: number, contentType = 'image/png'): Promise<number> {
  const png = solidPng(40, 30, [200, 60, 40]);
  const [row] = await t.database.db
    .insert(workOrderAttachments)
    .values({ organizationId, workOrderId, fileName: 'burners.png', contentType, size: png.length, width: 40, height: 30, data: png, thumbnail: png })
    .returning({ id: workOrderAttachments.id });
  return row.id;
}

describe('checklist templates', () => {
  it('makes item ids on the server and keeps them across edits; lists, reads, archives and deletes', async () => {
    const made = await template(a);
    expect(made.name).toBe('Furnace tune-up');
    expect(made.isActive).toBe(true);
    expect(made.items.map((i) => [i.label, i.kind, i.required])).toEqual([
      ['Filter replaced', 'yes_no', true],
      ['Gas pressure (in. w.c.)', 'number', true],
      ['Notes for the customer', 'text', false],
      ['Photo of the burners', 'photo', false],
    ]);
    const ids = made.items.map((i) => i.id);
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);

    // Reworded, reordered, one removed and one added: the kept items keep their ids, the new one gets its own.
    const [filter, pressure, notes] = made.items;
    const edited = await t.call({
      method: 'PUT',
      url: `/api/checklist-templates/${made.id}`,
      cookie: a.manager,
      payload: { name: 'Furnace tune-up (gas)', items: [{ ...pressure }, { ...filter, label: 'Air filter replaced' }, { ...notes }, { label: 'Flue clear', kind: 'yes_no', required: true }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after: Template = edited.json();
    expect(after.name).toBe('Furnace tune-up (gas)');
    expect(after.items.slice(0, 3).map((i) => i.id)).toEqual([pressure.id, filter.id, notes.id]);
    expect(after.items[1].label).toBe('Air filter replaced');
    expect(ids).not.toContain(after.items[3].id);

    expect((await t.call({ url: `/api/checklist-templates/${made.id}`, cookie: a.employee })).json().items).toHaveLength(4);
    const listed: Template[] = (await t.call({ url: '/api/checklist-templates', cookie: a.employee })).json();
    expect(listed.map((l) => l.id)).toContain(made.id);

    // Unused: deleted. Used on a job: archived, still on the job.
    const spare = await template(a, 'Spare');
    const del = await t.call({ method: 'DELETE', url: `/api/checklist-templates/${spare.id}`, cookie: a.manager });
    expect(del.json()).toEqual({ result: 'deleted' });
    expect((await t.call({ url: `/api/checklist-templates/${spare.id}`, cookie: a.manager })).statusCode).toBe(404);

    const wo = await job(a);
    expect((await attach(a.manager, wo.id, made.id)).statusCode).toBe(201);
    const archived = await t.call({ method: 'DELETE', url: `/api/checklist-templates/${made.id}`, cookie: a.manager });
    expect(archived.json()).toEqual({ result: 'archived' });
    expect((await t.call({ url: `/api/checklist-templates/${made.id}`, cookie: a.manager })).json().isActive).toBe(false);
    expect((await checklistsOf(a.manager, wo.id)).map((c) => c.name)).toEqual(['Furnace tune-up (gas)']);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'checklist_template'), eq(auditLog.organizationId, a.org.id)));
    expect(audit.map((e) => e.action).sort()).toEqual(['checklist_template.archive', 'checklist_template.delete']);
    // An archived template is not offered on a job; restored, it is.
    const other = await job(a);
    expect((await attach(a.manager, other.id, made.id)).statusCode).toBe(400);
    expect((await t.call({ method: 'PUT', url: `/api/checklist-templates/${made.id}`, cookie: a.manager, payload: { isActive: true } })).statusCode).toBe(200);
    expect((await attach(a.manager, other.id, made.id)).statusCode).toBe(201);
  });

  it('answers 400 with the field path for a bad name or items, and refuses staff who do not manage scheduling', async () => {
    const bad = async (payload: unknown) => {
      const res = await t.call({ method: 'POST', url: '/api/checklist-templates', cookie: a.manager, payload: payload as object });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().issues as { path: string; message: string }[];
    };
    expect(await bad({ name: '  ', items: TUNE_UP_ITEMS })).toContainEqual({ path: 'name', message: 'Please enter a name for the checklist' });
    expect(await bad({ name: 'x'.repeat(121), items: TUNE_UP_ITEMS })).toContainEqual({ path: 'name', message: 'Name must be at most 120 characters' });
    expect(await bad({ name: 'Empty', items: [] })).toContainEqual({ path: 'items', message: 'Add at least one item' });
    expect(await bad({ name: 'Long', items: Array.from({ length: 51 }, (_, i) => ({ label: `Item ${i}`, kind: 'text' })) })).toContainEqual({ path: 'items', message: 'A checklist has at most 50 items' });
    expect(await bad({ name: 'Label', items: [{ label: 'x'.repeat(201), kind: 'text' }] })).toContainEqual({ path: 'items.0.label', message: 'Item must be at most 200 characters' });
    expect(await bad({ name: 'Kind', items: [{ label: 'Ok', kind: 'text' }, { label: 'Odd', kind: 'color' }] })).toContainEqual({ path: 'items.1.kind', message: 'Choose yes/no, number, text or photo' });
    expect(await bad({ name: 'Twice', items: [{ id: 'a1', label: 'One', kind: 'text' }, { id: 'a1', label: 'Two', kind: 'text' }] })).toContainEqual({ path: 'items.1.id', message: 'An item is listed twice' });
    expect(await bad({ name: 'Id', items: [{ id: 'no spaces', label: 'One', kind: 'text' }] })).toContainEqual({ path: 'items.0.id', message: 'Not an item id' });

    expect((await t.call({ method: 'POST', url: '/api/checklist-templates', cookie: a.employee, payload: { name: 'Mine', items: TUNE_UP_ITEMS } })).statusCode).toBe(403);
    expect((await t.call({ url: '/api/checklist-templates', cookie: a.customerUser })).statusCode).toBe(403);
  });

  it("keeps another organization's templates out of reach (404) and out of its lists", async () => {
    const mine = await template(a, 'Private A');
    expect((await t.call({ url: `/api/checklist-templates/${mine.id}`, cookie: b.manager })).statusCode).toBe(404);
    expect((await t.call({ method: 'PUT', url: `/api/checklist-templates/${mine.id}`, cookie: b.manager, payload: { name: 'Taken' } })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/checklist-templates/${mine.id}`, cookie: b.manager })).statusCode).toBe(404);
    const theirs: Template[] = (await t.call({ url: `/api/checklist-templates?organizationId=${a.org.id}`, cookie: b.manager })).json();
    expect(theirs.map((x) => x.id)).not.toContain(mine.id);
    expect((await t.call({ url: `/api/checklist-templates/${mine.id}`, cookie: a.manager })).json().name).toBe('Private A');
  });
});

describe('services bring checklists to their jobs', () => {
  it('a visit of the service linked to a job puts its templates on the job once, however many visits', async () => {
    const tuneUp = await template(a, 'Tune-up visit');
    const safety = await template(a, 'Safety check', [{ label: 'CO detector works', kind: 'yes_no', required: true }]);
    const svc = await service(a, [tuneUp.id, safety.id], 'Furnace service');
    expect(svc.checklistTemplateIds).toEqual([tuneUp.id, safety.id].sort((x, y) => x - y));
    expect((await t.call({ url: `/api/checklist-templates/${tuneUp.id}`, cookie: a.manager })).json().services).toEqual([{ id: svc.id, name: 'Furnace service' }]);

    const wo = await job(a);
    expect((await book(a, svc.id, wo.id, 3)).statusCode).toBe(201);
    const second = await book(a, svc.id, wo.id, 4);
    expect(second.statusCode, second.body).toBe(201);
    const list = await checklistsOf(a.manager, wo.id);
    expect(list.map((c) => c.name).sort()).toEqual(['Safety check', 'Tune-up visit']);
    expect(list.find((c) => c.name === 'Tune-up visit')!.items).toEqual(tuneUp.items);
    expect(list.every((c) => c.completedAt === null && Object.keys(c.answers).length === 0)).toBe(true);

    // A visit without a job brings nothing; linked afterwards, it does.
    const later = await job(a);
    const visit = await book(a, svc.id, null, 5);
    expect(visit.statusCode).toBe(201);
    expect(await checklistsOf(a.manager, later.id)).toEqual([]);
    const linked = await t.call({ method: 'PUT', url: `/api/appointments/${visit.json().id}`, cookie: a.manager, payload: { workOrderId: later.id } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await checklistsOf(a.manager, later.id)).map((c) => c.name).sort()).toEqual(['Safety check', 'Tune-up visit']);
  });

  it('repeating visits and the dispatch board bring them too', async () => {
    const tpl = await template(a, 'Monthly filter');
    const svc = await service(a, [tpl.id], 'Filter service');
    const series = await job(a);
    const res = await book(a, svc.id, series.id, 6, '08:00', { repeat: { unit: 'week', interval: 1, count: 4 } });
    expect(res.statusCode, res.body).toBe(201);
    expect((await checklistsOf(a.manager, series.id)).map((c) => c.name)).toEqual(['Monthly filter']);

    const dispatched = await job(a);
    const scheduled = await t.call({ method: 'POST', url: `/api/dispatch/jobs/${dispatched.id}/schedule`, cookie: a.manager, payload: { date: futureDay(7), time: '13:00', assigneeIds: [], serviceId: svc.id } });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect((await checklistsOf(a.manager, dispatched.id)).map((c) => c.name)).toEqual(['Monthly filter']);
    const rows = await t.database.db.select().from(workOrderChecklists).where(eq(workOrderChecklists.workOrderId, series.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses another organization's or an archived template on a service (400 on checklistTemplateIds)", async () => {
    const theirs = await template(b, 'B only');
    const res = await t.call({ method: 'POST', url: '/api/services', cookie: a.manager, payload: { name: 'Mixed', duration: 60, checklistTemplateIds: [theirs.id] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'checklistTemplateIds', message: 'Checklist template not found' }]);
    const old = await template(a, 'Old one');
    await t.call({ method: 'PUT', url: `/api/checklist-templates/${old.id}`, cookie: a.manager, payload: { isActive: false } });
    const svc = await service(a, []);
    const put = await t.call({ method: 'PUT', url: `/api/services/${svc.id}`, cookie: a.manager, payload: { checklistTemplateIds: [old.id] } });
    expect(put.statusCode).toBe(400);
    // Archiving takes a template off the services that brought it.
    const live = await template(a, 'Live one');
    const withIt = await service(a, [live.id], 'Has live');
    await t.call({ method: 'PUT', url: `/api/checklist-templates/${live.id}`, cookie: a.manager, payload: { isActive: false } });
    const services: { id: number; checklistTemplateIds: number[] }[] = (await t.call({ url: '/api/services', cookie: a.manager })).json();
    expect(services.find((s) => s.id === withIt.id)!.checklistTemplateIds).toEqual([]);
  });
});

describe("filling in a job's checklist", () => {
  it('checks each answer against its kind, keeps partial answers, completes once every required item is answered, and prints it', async () => {
    const tech = await t.createUser({ role: 'employee', organizationId: a.org.id, firstName: 'Evan', lastName: 'Stone' });
    const techCookie = await t.cookieFor(tech.id);
    const tpl = await template(a, 'Furnace tune-up');
    const [filter, pressure, notes, photo] = tpl.items;
    const wo = await job(a, [tech.id]);
    const added = await attach(techCookie, wo.id, tpl.id);
    expect(added.statusCode, added.body).toBe(201);
    const checklist: Checklist = added.json();
    expect((await attach(techCookie, wo.id, tpl.id)).json().message).toBe('This checklist is already on the job');

    const issues = async (answers: Record<string, unknown>) => {
      const res = await answer(techCookie, wo.id, checklist.id, answers);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().issues;
    };
    expect(await issues({ [filter.id]: 'yes' })).toEqual([{ path: `answers.${filter.id}`, message: 'Answer yes or no' }]);
    expect(await issues({ [pressure.id]: '3.5' })).toEqual([{ path: `answers.${pressure.id}`, message: 'Enter a number' }]);
    expect(await issues({ [notes.id]: 12 })).toEqual([{ path: `answers.${notes.id}`, message: 'Enter text' }]);
    expect((await answer(techCookie, wo.id, checklist.id, { [notes.id]: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect(await issues({ [photo.id]: true })).toEqual([{ path: `answers.${photo.id}`, message: 'Take or choose a photo' }]);
    expect(await issues({ nope: true })).toEqual([{ path: 'answers.nope', message: 'Not an item of this checklist' }]);
    // A photo must be an image of this job.
    const otherJob = await job(a);
    const elsewhere = await photoOn(a.org.id, otherJob.id);
    const pdfFile = await photoOn(a.org.id, wo.id, 'application/pdf');
    expect(await issues({ [photo.id]: { attachmentId: elsewhere } })).toEqual([{ path: `answers.${photo.id}`, message: 'Not a photo of this job' }]);
    expect(await issues({ [photo.id]: { attachmentId: pdfFile } })).toEqual([{ path: `answers.${photo.id}`, message: 'Not a photo of this job' }]);
    // Nothing of a refused call is kept.
    expect((await checklistsOf(a.manager, wo.id))[0].answers).toEqual({});

    // Partial answers are kept; Complete names the required items still missing.
    const partial = await answer(techCookie, wo.id, checklist.id, { [filter.id]: true, [notes.id]: '  Replaced the filter; the flame sensor was dirty and is now cleaned.  ' });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().answers).toEqual({ [filter.id]: true, [notes.id]: 'Replaced the filter; the flame sensor was dirty and is now cleaned.' });
    const early = await complete(techCookie, wo.id, checklist.id);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Answer the required items first: Gas pressure (in. w.c.)');
    expect(early.json().issues).toEqual([{ path: `answers.${pressure.id}`, message: 'This item needs an answer' }]);

    const burners = await photoOn(a.org.id, wo.id);
    const rest = await answer(techCookie, wo.id, checklist.id, { [pressure.id]: 3.5, [photo.id]: { attachmentId: burners } });
    expect(rest.statusCode, rest.body).toBe(200);
    // null clears an answer; a required one cleared blocks Complete again.
    expect((await answer(techCookie, wo.id, checklist.id, { [filter.id]: null })).json().answers[filter.id]).toBeUndefined();
    expect((await complete(techCookie, wo.id, checklist.id)).json().message).toBe('Answer the required items first: Filter replaced');
    expect((await answer(techCookie, wo.id, checklist.id, { [filter.id]: false })).statusCode).toBe(200);

    const before = Date.now();
    const done = await complete(techCookie, wo.id, checklist.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().completedBy).toEqual({ id: tech.id, name: 'Evan Stone' });
    expect(Date.parse(done.json().completedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await complete(techCookie, wo.id, checklist.id)).statusCode).toBe(409);
    const locked = await answer(techCookie, wo.id, checklist.id, { [filter.id]: true });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('This checklist is completed: reopen it to change it');

    const pdf = await t.call({ url: `/api/work-orders/${wo.id}/pdf`, cookie: a.employee });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Furnace tune-up');
    expect(text).toContain('Filter replaced');
    expect(text).toContain('No');
    expect(text).toContain('Gas pressure (in. w.c.)');
    expect(text).toContain('3.5');
    expect(text).toContain('the flame sensor was dirty');
    expect(text).toContain('Photo attached');
    expect(text).toContain('Completed by Evan Stone on');

    // The crew cannot reopen or remove it; a manager reopens it, and the answers stay.
    expect((await reopen(techCookie, wo.id, checklist.id)).json().message).toBe('Only someone who manages jobs can reopen a checklist');
    expect((await t.call({ method: 'DELETE', url: `/api/work-orders/${wo.id}/checklists/${checklist.id}`, cookie: a.manager })).statusCode).toBe(409);
    const reopened = await reopen(a.manager, wo.id, checklist.id);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().completedAt).toBeNull();
    expect(reopened.json().answers[pressure.id]).toBe(3.5);
    expect((await reopen(a.manager, wo.id, checklist.id)).statusCode).toBe(409);
    expect((await t.call({ method: 'DELETE', url: `/api/work-orders/${wo.id}/checklists/${checklist.id}`, cookie: techCookie })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `/api/work-orders/${wo.id}/checklists/${checklist.id}`, cookie: a.manager })).statusCode).toBe(204);
    expect(await checklistsOf(a.manager, wo.id)).toEqual([]);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'work_order'), eq(auditLog.entityId, wo.id)));
    expect(audit.map((e) => e.action).sort()).toEqual(['checklist.remove', 'checklist.reopen']);
  });

  it('an unfinished checklist prints its answers so far, `—` for the rest; a job without one prints none', async () => {
    const tpl = await template(a, 'Water heater flush', [
      { label: 'Tank drained until clear', kind: 'yes_no', required: true },
      { label: 'Sediment found (cups)', kind: 'number' },
    ]);
    const wo = await job(a);
    const c: Checklist = (await attach(a.manager, wo.id, tpl.id)).json();
    await answer(a.manager, wo.id, c.id, { [tpl.items[0].id]: true });
    const text = await pdfText((await t.call({ url: `/api/work-orders/${wo.id}/pdf`, cookie: a.manager })).rawPayload);
    expect(text).toContain('Water heater flush');
    expect(text).toContain('Yes');
    expect(text).toContain('—');
    expect(text).toContain('Not completed: 1 of 2 answered');
    const bare = await job(a);
    expect(await pdfText((await t.call({ url: `/api/work-orders/${bare.id}/pdf`, cookie: a.manager })).rawPayload)).not.toContain('Not completed');
  });

  it("lets only the job's crew or a manager fill it in, and keeps another organization's jobs at 404", async () => {
    const tpl = await template(a, 'Crew only');
    const wo = await job(a);
    const offCrew = await attach(a.employee, wo.id, tpl.id);
    expect(offCrew.statusCode).toBe(403);
    expect(offCrew.json().message).toBe("Only the job's crew or someone who manages jobs can fill in its checklists");
    const c: Checklist = (await attach(a.manager, wo.id, tpl.id)).json();
    expect((await answer(a.employee, wo.id, c.id, { [tpl.items[0].id]: true })).statusCode).toBe(403);
    expect((await complete(a.employee, wo.id, c.id)).statusCode).toBe(403);
    expect((await answer(a.manager, wo.id, c.id, { [tpl.items[0].id]: true })).statusCode).toBe(200);
    expect((await answer(a.customerUser, wo.id, c.id, { [tpl.items[0].id]: true })).statusCode).toBe(403);

    // B's people: A's job and checklist do not exist for them, and B's template cannot go on A's job.
    const theirs = await template(b, 'B template');
    expect((await attach(b.manager, wo.id, theirs.id)).statusCode).toBe(404);
    expect((await answer(b.manager, wo.id, c.id, { [tpl.items[0].id]: false })).statusCode).toBe(404);
    expect((await complete(b.manager, wo.id, c.id)).statusCode).toBe(404);
    expect((await reopen(b.manager, wo.id, c.id)).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/work-orders/${wo.id}/checklists/${c.id}`, cookie: b.manager })).statusCode).toBe(404);
    const attachForeign = await attach(a.manager, wo.id, theirs.id);
    expect(attachForeign.statusCode).toBe(400);
    expect(attachForeign.json().issues).toEqual([{ path: 'templateId', message: 'Checklist template not found' }]);
    // A checklist of another job of the same organization is not this job's.
    const other = await job(a);
    expect((await answer(a.manager, other.id, c.id, { [tpl.items[0].id]: true })).statusCode).toBe(404);
    expect((await checklistsOf(a.manager, wo.id))[0].answers).toEqual({ [tpl.items[0].id]: true });
  });

  it('the jobs list stays without checklists', async () => {
    const tpl = await template(a, 'Listed?');
    const wo = await job(a);
    await attach(a.manager, wo.id, tpl.id);
    const list: { id: number; checklists?: unknown }[] = (await t.call({ url: '/api/work-orders?limit=500', cookie: a.manager })).json();
    const row = list.find((w) => w.id === wo.id)!;
    expect(row).toBeDefined();
    expect(row.checklists).toBeUndefined();
  });
});
