// The dispatch board (docs/rules/team.md#dispatch-board): what a day and a week show, that another organization's
// work stays invisible, and scheduling a job from the board (the appointment's rules and 409, the crew, permissions).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DispatchBoard } from '../../../contracts/dispatch';
import { workOrderAssignees } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addDays } from '../../platform/wall-clock';
import { bookingOrg, nextWeekday } from '../scheduling/scheduling.test-kit';

const TZ = 'America/Los_Angeles';
const TAKEN = { code: 'CONFLICT', message: 'That time is no longer available' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;

/** An organization with its manager, two employees (Ana with her own hours), a customer with an address and an open job. */
async function dispatchOrg() {
  const org = await bookingOrg(t);
  const ana = await t.createUser({ role: 'employee', organizationId: org.id, firstName: 'Ana', lastName: 'Lopez' });
  const ben = await t.createUser({ role: 'employee', organizationId: org.id, firstName: 'Ben', lastName: 'Okafor' });
  const call = (method: string, url: string, payload?: unknown, cookie = org.manager) => t.call({ method: method as 'GET', url, cookie, payload: payload as object });
  const off = { enabled: false, start: '09:00', end: '17:00' };
  const on = { enabled: true, start: '07:00', end: '15:00' };
  expect((await call('PUT', `/api/team/${ana.id}`, { hours: [off, on, on, on, on, on, off] })).statusCode).toBe(200);
  const customer = await call('POST', '/api/customers', { name: 'Casey Home', email: `casey${++n}@example.com`, phone: '555-0100', address: '12 Oak St', city: 'Springfield', state: 'IL', zip: '62704' });
  expect(customer.statusCode, customer.body).toBe(201);
  const job = await call('POST', '/api/work-orders', { customerId: customer.json().id, title: 'Replace water heater', estimatedHours: '1.5' });
  expect(job.statusCode, job.body).toBe(201);
  return { org, ana, ben, call, customerId: customer.json().id as number, jobId: job.json().id as number, anaCookie: await t.cookieFor(ana.id) };
}

const appointment = (serviceId: number, over: Record<string, unknown>) => ({ customerName: 'Pat Field', customerEmail: `field${++n}@example.com`, serviceId, ...over });

describe('GET /api/dispatch', () => {
  it('shows a day: the staff with their hours, appointments with customer, address and people, unassigned work and open jobs', async () => {
    const { org, ana, ben, call, customerId, jobId } = await dispatchOrg();
    const day = nextWeekday(TZ, 2); // a Tuesday
    const mine = await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${day}T09:00`, assigneeIds: [ana.id], customerId }));
    expect(mine.statusCode, mine.body).toBe(201);
    const open = await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${day}T11:00`, assigneeIds: [] }));
    const cancelled = await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${day}T13:00`, assigneeIds: [ben.id] }));
    await call('DELETE', `/api/appointments/${cancelled.json().id}`);
    await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${addDays(day, 1)}T09:00`, assigneeIds: [ben.id] }));

    const res = await call('GET', `/api/dispatch?date=${day}&days=1`);
    expect(res.statusCode, res.body).toBe(200);
    const board: DispatchBoard = res.json();
    expect(board.timeZone).toBe(TZ);
    expect(board.dates).toEqual([day]);
    expect(board.staff.map((s) => s.name)).toEqual(expect.arrayContaining(['Ana Lopez', 'Ben Okafor']));
    expect(board.staff.find((s) => s.id === ana.id)!.hours).toEqual([{ date: day, enabled: true, start: '07:00', end: '15:00' }]);
    expect(board.appointments).toEqual([
      expect.objectContaining({
        id: mine.json().id,
        start: `${day}T09:00:00`,
        duration: 60,
        status: 'scheduled',
        serviceName: 'Tune-up',
        customerName: 'Pat Field',
        address: '12 Oak St, Springfield, IL 62704',
        assignees: [{ id: ana.id, name: 'Ana Lopez' }],
      }),
    ]);
    expect(board.unassigned.map((a) => a.id)).toEqual([open.json().id]);
    expect(board.jobs).toEqual([expect.objectContaining({ id: jobId, title: 'Replace water heater', customerName: 'Casey Home', address: '12 Oak St, Springfield, IL 62704', estimatedMinutes: 90, crew: [] })]);

    const week: DispatchBoard = (await call('GET', `/api/dispatch?date=${day}&days=7`)).json();
    expect(week.dates).toHaveLength(7);
    expect(week.appointments).toHaveLength(2);
    expect(week.staff.find((s) => s.id === ana.id)!.hours.map((h) => h.enabled)).toEqual([true, true, true, true, false, false, true]);
  });

  it('keeps to the caller’s organization, whatever it asks for, and refuses a bad day count', async () => {
    const a = await dispatchOrg();
    const b = await dispatchOrg();
    const day = nextWeekday(TZ, 3);
    await a.call('POST', '/api/appointments', appointment(a.org.serviceId, { appointmentDate: `${day}T10:00`, assigneeIds: [a.ana.id] }));
    const seen: DispatchBoard = (await b.call('GET', `/api/dispatch?date=${day}&organizationId=${a.org.id}`)).json();
    expect(seen.staff.map((s) => s.id)).not.toContain(a.ana.id);
    expect(seen.appointments).toEqual([]);
    expect(seen.jobs.map((j) => j.id)).toEqual([b.jobId]);
    const bad = await a.call('GET', `/api/dispatch?date=${day}&days=3`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].message).toBe('Show 1 or 7 days');
  });

  it('is read by an employee, not by a customer', async () => {
    const { org, anaCookie } = await dispatchOrg();
    expect((await t.call({ url: '/api/dispatch', cookie: anaCookie })).statusCode).toBe(200);
    const customer = await t.createUser({ role: 'customer', organizationId: org.id });
    expect((await t.call({ url: '/api/dispatch', cookie: await t.cookieFor(customer.id) })).statusCode).toBe(403);
  });
});

describe('POST /api/dispatch/jobs/:id/schedule', () => {
  it('makes the job’s visit for its customer with the people, who join the crew; the job leaves the side list', async () => {
    const { org, ana, ben, call, jobId } = await dispatchOrg();
    expect((await call('PUT', `/api/work-orders/${jobId}`, { assigneeIds: [ben.id] })).statusCode).toBe(200);
    const day = nextWeekday(TZ, 2);
    const res = await call('POST', `/api/dispatch/jobs/${jobId}/schedule`, { date: day, time: '08:30', assigneeIds: [ana.id] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      appointmentDate: `${day}T08:30:00`,
      duration: 90,
      workOrderId: jobId,
      customerName: 'Casey Home',
      serviceId: org.serviceId,
      assignees: [{ id: ana.id, name: 'Ana Lopez' }],
    });
    expect(res.json().customerEmail).toMatch(/^casey\d+@example\.com$/);
    const crew = await t.database.db.select().from(workOrderAssignees).where(eq(workOrderAssignees.workOrderId, jobId));
    expect(crew.map((c) => c.userId).sort()).toEqual([ana.id, ben.id].sort());
    const board: DispatchBoard = (await call('GET', `/api/dispatch?date=${day}`)).json();
    expect(board.jobs).toEqual([]);
    expect(board.appointments).toEqual([expect.objectContaining({ workOrderId: jobId, jobTitle: 'Replace water heater', address: '12 Oak St, Springfield, IL 62704' })]);
  });

  it('answers 409 when a person is taken then, and changes nothing', async () => {
    const { org, ana, call, jobId } = await dispatchOrg();
    const day = nextWeekday(TZ, 4);
    expect((await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${day}T09:00`, assigneeIds: [ana.id] }))).statusCode).toBe(201);
    const res = await call('POST', `/api/dispatch/jobs/${jobId}/schedule`, { date: day, time: '09:30', assigneeIds: [ana.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(TAKEN);
    expect(await t.database.db.select().from(workOrderAssignees).where(and(eq(workOrderAssignees.workOrderId, jobId)))).toEqual([]);
    expect(((await call('GET', `/api/dispatch?date=${day}`)).json() as DispatchBoard).jobs.map((j) => j.id)).toEqual([jobId]);
  });

  it('needs the customer’s e-mail, an open job of the organization, and both permissions', async () => {
    const { ana, call, anaCookie, jobId } = await dispatchOrg();
    const day = nextWeekday(TZ, 5);
    const noMail = await call('POST', '/api/customers', { name: 'No Mail' });
    const job = await call('POST', '/api/work-orders', { customerId: noMail.json().id, title: 'Fix gate' });
    const res = await call('POST', `/api/dispatch/jobs/${job.json().id}/schedule`, { date: day, time: '10:00', assigneeIds: [ana.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'customerEmail', message: 'Valid email is required' }]);

    // An employee reads the board but does not dispatch.
    const byAna = await t.call({ method: 'POST', url: `/api/dispatch/jobs/${jobId}/schedule`, cookie: anaCookie, payload: { date: day, time: '10:00', assigneeIds: [ana.id] } });
    expect(byAna.statusCode).toBe(403);

    // Another organization's job is not found; a completed one is refused.
    const other = await dispatchOrg();
    expect((await call('POST', `/api/dispatch/jobs/${other.jobId}/schedule`, { date: day, time: '10:00', assigneeIds: [ana.id] })).statusCode).toBe(404);
    expect((await call('PUT', `/api/work-orders/${jobId}`, { status: 'completed' })).statusCode).toBe(200);
    const closed = await call('POST', `/api/dispatch/jobs/${jobId}/schedule`, { date: day, time: '10:00', assigneeIds: [ana.id] });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This job is completed or cancelled');
  });

  it('makes a job’s visits repeat, each one the job’s, and GET /api/appointments?workOrderId lists them', async () => {
    const { ana, call, jobId } = await dispatchOrg();
    const day = nextWeekday(TZ, 2); // a Tuesday
    const res = await call('POST', `/api/dispatch/jobs/${jobId}/schedule`, { date: day, time: '08:00', assigneeIds: [ana.id], repeat: { unit: 'week', interval: 2, count: 4 } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().series).toMatchObject({ rule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=4', summary: 'Every 2 weeks on Tuesday, 4 visits' });
    const listed = await call('GET', `/api/appointments?workOrderId=${jobId}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().map((a: { appointmentDate: string; workOrderId: number }) => [a.appointmentDate, a.workOrderId])).toEqual(
      [0, 14, 28, 42].map((d) => [`${addDays(day, d)}T08:00:00`, jobId]),
    );
    // Another job's filter shows none of them; another organization's job id shows nothing of this one.
    const other = await dispatchOrg();
    expect((await call('GET', `/api/appointments?workOrderId=${other.jobId}`)).json()).toEqual([]);
    expect((await other.call('GET', `/api/appointments?workOrderId=${jobId}`)).json()).toEqual([]);
    const bad = await call('POST', `/api/dispatch/jobs/${jobId}/schedule`, { date: addDays(day, 1), time: '08:00', assigneeIds: [], repeat: { unit: 'week', interval: 13 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: 'repeat.interval', message: 'Every 1 to 12' }]);
  });

  it('refuses someone who is not on the team and a time in the past', async () => {
    const { call, jobId } = await dispatchOrg();
    const other = await dispatchOrg();
    const day = nextWeekday(TZ, 1);
    const stranger = await call('POST', `/api/dispatch/jobs/${jobId}/schedule`, { date: day, time: '10:00', assigneeIds: [other.ana.id] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().issues).toEqual([{ path: 'assigneeIds', message: 'Not a member of this team' }]);
    const past = await call('POST', `/api/dispatch/jobs/${jobId}/schedule`, { date: '2020-01-06', time: '10:00', assigneeIds: [] });
    expect(past.statusCode).toBe(400);
  });
});
