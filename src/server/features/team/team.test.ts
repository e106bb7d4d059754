// The team in the field (docs/rules/team.md): assignment, the per-person no-overlap rule, hours, time off, buffers,
// performers and "any available" online booking. The concurrency cases run with real parallel transactions on
// PostgreSQL (npm run test:pg) and one at a time on PGlite.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentAssignees, appointments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addDays, todayIn } from '../../platform/wall-clock';
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

/** An organization with its manager and two more staff members (Ana and Ben), each with a session. */
async function team(settings: Record<string, unknown> = {}, service: Record<string, unknown> = {}) {
  const org = await bookingOrg(t, settings, service);
  const ana = await t.createUser({ role: 'employee', organizationId: org.id, firstName: 'Ana', lastName: 'Lopez' });
  const ben = await t.createUser({ role: 'employee', organizationId: org.id, firstName: 'Ben', lastName: 'Okafor' });
  const call = (method: string, url: string, payload?: unknown, cookie = org.manager) => t.call({ method: method as 'GET', url, cookie, payload: payload as object });
  // The manager dispatches but does not take online bookings.
  expect((await call('PUT', `/api/team/${org.managerId}`, { bookable: false })).statusCode).toBe(200);
  return { org, ana, ben, call, anaCookie: await t.cookieFor(ana.id), benCookie: await t.cookieFor(ben.id) };
}

let n = 0;
const appointment = (serviceId: number, over: Record<string, unknown> = {}) => ({
  customerName: 'Pat Field',
  customerEmail: `field${++n}@example.com`,
  serviceId,
  ...over,
});
const booking = (serviceId: number, over: Record<string, unknown> = {}) => ({
  customerName: 'Pat Online',
  customerEmail: `online${++n}@example.com`,
  serviceId,
  ...over,
});

describe('assignment and the per-person no-overlap rule', () => {
  it('puts the caller on an appointment that names nobody; two people may hold one time, one person may not', async () => {
    const { org, ana, ben, call } = await team();
    const day = nextWeekday(TZ, 2);
    const mine = await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${day}T09:00` }));
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().assignees).toEqual([{ id: org.managerId, name: expect.any(String) }]);
    const toAna = await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${day}T09:00`, assigneeIds: [ana.id] }));
    expect(toAna.statusCode, toAna.body).toBe(201);
    expect(toAna.json().assignees).toEqual([{ id: ana.id, name: 'Ana Lopez' }]);
    const anaAgain = await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${day}T09:30`, assigneeIds: [ben.id, ana.id] }));
    expect(anaAgain.statusCode).toBe(409);
    expect(anaAgain.json()).toEqual(TAKEN);
    // Unassigned work holds nobody's time.
    const open = await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${day}T09:00`, assigneeIds: [] }));
    expect(open.statusCode).toBe(201);
    expect(open.json().assignees).toEqual([]);
    // Moving the open one onto Ana at her time is refused; onto Ben it stands, and moving Ana's away frees her.
    expect((await call('PUT', `/api/appointments/${open.json().id}`, { assigneeIds: [ana.id] })).statusCode).toBe(409);
    expect((await call('PUT', `/api/appointments/${open.json().id}`, { assigneeIds: [ben.id] })).json().assignees).toEqual([{ id: ben.id, name: 'Ben Okafor' }]);
    expect((await call('PUT', `/api/appointments/${toAna.json().id}`, { appointmentDate: `${day}T13:00` })).statusCode).toBe(200);
    expect((await call('PUT', `/api/appointments/${open.json().id}`, { assigneeIds: [ben.id, ana.id] })).statusCode).toBe(200);
    // Cancelling frees the person's time.
    await call('DELETE', `/api/appointments/${open.json().id}`);
    const benFree = await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${day}T09:00`, assigneeIds: [ben.id] }));
    expect(benFree.statusCode, benFree.body).toBe(201);
  });

  it('refuses someone who is not on the team, another organization’s staff included', async () => {
    const { org, call } = await team();
    const other = await bookingOrg(t);
    const res = await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${nextWeekday(TZ, 3)}T09:00`, assigneeIds: [other.managerId] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'assigneeIds', message: 'Not a member of this team' }]);
    const customer = await t.createUser({ role: 'customer', organizationId: org.id });
    expect((await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${nextWeekday(TZ, 3)}T09:00`, assigneeIds: [customer.id] }))).statusCode).toBe(400);
    expect((await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${nextWeekday(TZ, 3)}T09:00`, assigneeIds: [1, 1] }))).json().issues[0].message).toBe(
      'A person is listed twice',
    );
  });

  it('holds the buffers before and after a service, without showing them to the customer', async () => {
    const { org, ana, call } = await team();
    const svc = await call('POST', '/api/services', { name: 'Furnace tune-up', duration: 60, bufferBefore: 30, bufferAfter: 15 });
    expect(svc.json()).toMatchObject({ bufferBefore: 30, bufferAfter: 15 });
    const day = nextWeekday(TZ, 4);
    const first = await call('POST', '/api/appointments', appointment(svc.json().id, { appointmentDate: `${day}T10:00`, assigneeIds: [ana.id] }));
    expect(first.json()).toMatchObject({ appointmentDate: `${day}T10:00:00`, duration: 60, bufferBefore: 30, bufferAfter: 15 });
    const plain = (time: string) => call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${day}T${time}`, duration: 15, assigneeIds: [ana.id] }));
    expect((await plain('09:15')).statusCode).toBe(201); // ends 09:30, when the travel before begins
    expect((await plain('09:30')).statusCode).toBe(409); // inside the 30 minutes before
    expect((await plain('11:00')).statusCode).toBe(409); // inside the 15 minutes after
    expect((await plain('11:15')).statusCode).toBe(201);
    const [hold] = await t.database.db.select().from(appointmentAssignees).where(eq(appointmentAssignees.appointmentId, first.json().id));
    expect([hold.startsAt, hold.endsAt]).toEqual([`${day} 09:30:00`, `${day} 11:15:00`]);
  });

  it('keeps a job’s crew, for those who may assign', async () => {
    const { org, ana, ben, call, anaCookie } = await team();
    const customer = await call('POST', '/api/customers', { name: 'Crew Customer', email: 'crew@example.com' });
    const wo = await call('POST', '/api/work-orders', { customerId: customer.json().id, title: 'Replace boiler', assigneeIds: [ana.id, ben.id] });
    expect(wo.statusCode, wo.body).toBe(201);
    expect(wo.json().assignees.map((a: { name: string }) => a.name)).toEqual(['Ana Lopez', 'Ben Okafor']);
    const fewer = await call('PUT', `/api/work-orders/${wo.json().id}`, { assigneeIds: [ben.id] });
    expect(fewer.json().assignees).toEqual([{ id: ben.id, name: 'Ben Okafor' }]);
    // An employee creates jobs but does not dispatch them.
    const byAna = await call('PUT', `/api/work-orders/${wo.json().id}`, { assigneeIds: [ana.id] }, anaCookie);
    expect(byAna.statusCode).toBe(403);
    expect((await call('GET', `/api/work-orders/${wo.json().id}`)).json().assignees).toEqual([{ id: ben.id, name: 'Ben Okafor' }]);
    expect(org.id).toBeGreaterThan(0);
  });
});

describe('hours, time off and who performs what', () => {
  it('lists the team with the hours in force, and keeps each person’s own', async () => {
    const { org, ana, call, anaCookie } = await team();
    const list = await call('GET', '/api/team');
    expect(list.json().map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['Ana Lopez', 'Ben Okafor']));
    const anaRow = list.json().find((m: { id: number }) => m.id === ana.id);
    expect(anaRow).toMatchObject({ ownHours: false, bookable: true });
    expect(anaRow.hours[1]).toEqual({ enabled: true, start: '09:00', end: '17:00' });
    const week = Array.from({ length: 7 }, (_, d) => ({ enabled: d === 2 || d === 4, start: '07:00', end: '12:00' }));
    const set = await call('PUT', `/api/team/${ana.id}`, { hours: week });
    expect(set.json()).toMatchObject({ ownHours: true, hours: week });
    const bad = await call('PUT', `/api/team/${ana.id}`, { hours: week.map((d) => ({ ...d, end: '06:00' })) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual({ path: 'hours.0.end', message: 'The end must be after the start' });
    expect((await call('PUT', `/api/team/${ana.id}`, { bookable: false }, anaCookie)).statusCode).toBe(403);
    const other = await bookingOrg(t);
    expect((await call('PUT', `/api/team/${other.managerId}`, { bookable: false })).statusCode).toBe(404);
    expect(org.id).toBeGreaterThan(0);
  });

  it('lets a person record their own time off and a manager anyone’s; nobody else’s', async () => {
    const { ana, ben, call, anaCookie } = await team();
    const day = addDays(todayIn(TZ), 10);
    const own = await call('POST', `/api/team/${ana.id}/time-off`, { startsAt: `${day}T08:00`, endsAt: `${day}T17:00`, reason: 'Dentist' }, anaCookie);
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json()).toMatchObject({ userId: ana.id, startsAt: `${day}T08:00:00`, endsAt: `${day}T17:00:00`, reason: 'Dentist' });
    expect((await call('POST', `/api/team/${ben.id}/time-off`, { startsAt: `${day}T08:00`, endsAt: `${day}T09:00` }, anaCookie)).statusCode).toBe(403);
    const backwards = await call('POST', `/api/team/${ben.id}/time-off`, { startsAt: `${day}T10:00`, endsAt: `${day}T09:00` });
    expect(backwards.json().issues).toEqual([{ path: 'endsAt', message: 'The end must be after the start' }]);
    expect((await call('GET', `/api/team/${ana.id}/time-off`)).json()).toHaveLength(1);
    expect((await call('DELETE', `/api/team/time-off/${own.json().id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/team/${ana.id}/time-off`)).json()).toEqual([]);
  });

  it('offers online the times when a performer is free, within their own hours and not on time off', async () => {
    const { org, ana, ben, call } = await team({ mondayStart: '08:00', mondayEnd: '18:00' });
    const monday = nextWeekday(TZ, 1);
    const slots = async () => (await t.call({ url: `/api/public/slots-by-slug/${org.slug}?date=${monday}&serviceId=${org.serviceId}` })).json().map((s: { time: string }) => s.time);
    expect((await slots())[0]).toBe('08:00');
    // Only Ana performs the service, and she works Mondays 10 to 14.
    await call('PUT', `/api/services/${org.serviceId}`, { performerIds: [ana.id] });
    const week = Array.from({ length: 7 }, (_, d) => ({ enabled: d === 1, start: '10:00', end: '14:00' }));
    await call('PUT', `/api/team/${ana.id}`, { hours: week });
    expect(await slots()).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00']);
    // Time off over lunch, and a booking of Ben's does not matter to Ana's slots.
    await call('POST', `/api/team/${ana.id}/time-off`, { startsAt: `${monday}T11:30`, endsAt: `${monday}T12:30` });
    await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${monday}T10:00`, assigneeIds: [ben.id] }));
    expect(await slots()).toEqual(['10:00', '10:30', '12:30', '13:00']);
    const booked = await t.call({ method: 'POST', url: `/api/public/schedule-by-slug/${org.slug}/book`, payload: booking(org.serviceId, { appointmentDate: `${monday}T10:30:00` }) });
    expect(booked.statusCode, booked.body).toBe(201);
    const [row] = await t.database.db.select().from(appointmentAssignees).where(eq(appointmentAssignees.appointmentId, booked.json().id));
    expect(row.userId).toBe(ana.id);
    const lunch = await t.call({ method: 'POST', url: `/api/public/schedule-by-slug/${org.slug}/book`, payload: booking(org.serviceId, { appointmentDate: `${monday}T11:30:00` }) });
    expect(lunch.statusCode).toBe(409);
  });

  it('books "any available" onto the least busy free person, and a chosen person only where allowed', async () => {
    const { org, ana, ben, call } = await team();
    const day = nextWeekday(TZ, 3, addDays(todayIn(TZ), 20));
    const book = (over: Record<string, unknown>) => t.call({ method: 'POST', url: `/api/public/schedule-by-slug/${org.slug}/book`, payload: booking(org.serviceId, over) });
    await call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${day}T15:00`, assigneeIds: [ana.id] }));
    const first = await book({ appointmentDate: `${day}T09:00:00` });
    const second = await book({ appointmentDate: `${day}T09:00:00` });
    const third = await book({ appointmentDate: `${day}T09:00:00` });
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 409]);
    const who = async (id: number) => (await t.database.db.select().from(appointmentAssignees).where(eq(appointmentAssignees.appointmentId, id)))[0].userId;
    // Ben had the lighter day.
    expect([await who(first.json().id), await who(second.json().id)]).toEqual([ben.id, ana.id]);
    // Choosing is off by default.
    const chosen = await book({ appointmentDate: `${day}T11:00:00`, staffId: ana.id });
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json().issues).toEqual([{ path: 'staffId', message: 'Choosing a person is not offered here' }]);
    await call('PUT', `/api/schedule-settings/${org.settingsId}`, { allowStaffChoice: true });
    const page = (await t.call({ url: `/api/public/schedule-by-slug/${org.slug}` })).json();
    expect(page.settings.allowStaffChoice).toBe(true);
    expect(page.staff).toEqual([
      { id: ana.id, name: 'Ana L.', serviceIds: [org.serviceId] },
      { id: ben.id, name: 'Ben O.', serviceIds: [org.serviceId] },
    ]);
    const anaSlots = (await t.call({ url: `/api/public/slots-by-slug/${org.slug}?date=${day}&serviceId=${org.serviceId}&staffId=${ana.id}` })).json().map((s: { time: string }) => s.time);
    expect(anaSlots).not.toContain('09:00');
    expect(anaSlots).not.toContain('15:00');
    expect(anaSlots).toContain('11:00');
    const withAna = await book({ appointmentDate: `${day}T11:00:00`, staffId: ana.id });
    expect(withAna.statusCode, withAna.body).toBe(201);
    expect(await who(withAna.json().id)).toBe(ana.id);
    const anaBusy = await book({ appointmentDate: `${day}T11:00:00`, staffId: ana.id });
    expect(anaBusy.statusCode).toBe(409);
    expect(anaBusy.json().message).toBe('That person is not available then');
  });
});

describe('twenty bookings at once', () => {
  it('for one person: exactly one stands; for two people: exactly two, one each', async () => {
    const { org, ana, ben, call } = await team();
    const day = nextWeekday(TZ, 5, addDays(todayIn(TZ), 30));
    const byStaff = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', '/api/appointments', appointment(org.serviceId, { appointmentDate: `${day}T09:00`, assigneeIds: [ana.id] }))),
    );
    expect(byStaff.filter((r) => r.statusCode !== 201 && r.statusCode !== 409).map((r) => r.body)).toEqual([]);
    expect(byStaff.filter((r) => r.statusCode === 201)).toHaveLength(1);

    const online = await Promise.all(
      Array.from({ length: 20 }, () => t.call({ method: 'POST', url: `/api/public/schedule-by-slug/${org.slug}/book`, payload: booking(org.serviceId, { appointmentDate: `${day}T13:00:00` }) })),
    );
    expect(online.filter((r) => r.statusCode !== 201 && r.statusCode !== 409).map((r) => r.body)).toEqual([]);
    const stood = online.filter((r) => r.statusCode === 201);
    expect(stood).toHaveLength(2);
    for (const r of online.filter((x) => x.statusCode === 409)) expect(r.json()).toEqual(TAKEN);
    const holders = await t.database.db
      .select({ userId: appointmentAssignees.userId })
      .from(appointmentAssignees)
      .innerJoin(appointments, and(eq(appointments.id, appointmentAssignees.appointmentId), eq(appointments.organizationId, appointmentAssignees.organizationId)))
      .where(and(eq(appointments.organizationId, org.id), eq(appointments.appointmentDate, `${day}T13:00:00`)));
    expect(holders.map((h) => h.userId).sort()).toEqual([ana.id, ben.id].sort());
  });
});
