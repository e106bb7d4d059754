// Repeating visits (docs/rules/scheduling.md#repeating-visits): rules, all-or-none creation, one visit or this and
// following, the daily extension making each visit once (in parallel on PostgreSQL: npm run test:pg), and
// daylight-saving changes in America/New_York (2027-03-14 forward, 2027-11-07 back).
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentAssignees, appointmentSeries, appointments, notifications, outbox } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addDays, instantOf, todayIn } from '../../platform/wall-clock';
import { extendSeries } from './appointment-series';
import { bookingOrg, nextWeekday } from './scheduling.test-kit';

const TZ = 'America/Los_Angeles';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const visit = (serviceId: number, over: Record<string, unknown> = {}) => ({ customerName: 'Robin Weekly', customerEmail: `weekly${++n}@example.com`, serviceId, ...over });

async function org(settings: Record<string, unknown> = {}) {
  const o = await bookingOrg(t, settings);
  const call = (method: string, url: string, payload?: unknown) => t.call({ method: method as 'GET', url, cookie: o.manager, payload: payload as object });
  return { ...o, call };
}

async function seriesVisits(organizationId: number, seriesId: number) {
  return t.database.db
    .select({ id: appointments.id, wall: appointments.appointmentDate, status: appointments.status, occurrenceStart: appointments.occurrenceStart })
    .from(appointments)
    .where(and(eq(appointments.organizationId, organizationId), eq(appointments.seriesId, seriesId)))
    .orderBy(appointments.occurrenceStart);
}

const walls = (rows: { wall: string }[]) => rows.map((r) => r.wall.replace(' ', 'T').slice(0, 16));
const instantIn = (wall: string, zone: string) => instantOf(wall.replace(' ', 'T'), zone)!.toISOString();

describe('making a series', () => {
  it('books every visit of a weekly rule with a count, each holding the person and naming the rule', async () => {
    const o = await org();
    const day = nextWeekday(TZ, 2);
    const res = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${day}T10:00`, repeat: { unit: 'week', interval: 1, count: 4 } }));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.appointmentDate).toBe(`${day}T10:00:00`);
    expect(body.series).toEqual({ id: expect.any(Number), rule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=4', summary: 'Weekly on Tuesday, 4 visits' });
    const rows = await seriesVisits(o.id, body.series.id);
    expect(walls(rows)).toEqual([0, 7, 14, 21].map((d) => `${addDays(day, d)}T10:00`));
    const held = await t.database.db.select().from(appointmentAssignees).where(and(eq(appointmentAssignees.organizationId, o.id), eq(appointmentAssignees.userId, o.managerId)));
    expect(held).toHaveLength(4);
    // The customer's confirmation names the rule.
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.to, body.customerEmail));
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain('Repeats: Weekly on Tuesday, 4 visits');
    // The list answers every visit with its series.
    const list = await o.call('GET', `/api/appointments?from=${day}&to=${addDays(day, 30)}`);
    expect(list.json().filter((a: { series: { id: number } | null }) => a.series?.id === body.series.id)).toHaveLength(4);
  });

  it('repeats every two weeks on two days until a date, and monthly on the 31st as each month’s last day', async () => {
    const o = await org();
    const monday = nextWeekday(TZ, 1);
    const res = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${monday}T08:00`, repeat: { unit: 'week', interval: 2, weekdays: [1, 4], until: addDays(monday, 17) } }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().series.summary).toMatch(/^Every 2 weeks on Monday and Thursday, until /);
    expect(walls(await seriesVisits(o.id, res.json().series.id))).toEqual([0, 3, 14, 17].map((d) => `${addDays(monday, d)}T08:00`));

    // A first visit on a day the rule does not make is refused.
    const off = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${addDays(monday, 1)}T08:00`, repeat: { unit: 'week', interval: 1, weekdays: [1] } }));
    expect(off.statusCode).toBe(400);
    expect(off.json().issues[0].path).toBe('repeat.weekdays');

    const year = Number(todayIn(TZ).slice(0, 4)) + 1;
    const monthly = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${year}-01-31T09:00`, assigneeIds: [], repeat: { unit: 'month', interval: 1, count: 4 } }));
    expect(monthly.statusCode, monthly.body).toBe(201);
    await extendSeries(t.database.db, new Date(`${year}-03-01T12:00:00Z`));
    const leap = year % 4 === 0 ? 29 : 28;
    expect(walls(await seriesVisits(o.id, monthly.json().series.id))).toEqual([`${year}-01-31T09:00`, `${year}-02-${leap}T09:00`, `${year}-03-31T09:00`, `${year}-04-30T09:00`]);
    expect(monthly.json().series.summary).toBe("Monthly on day 31 (or the month's last day), 4 visits");
  });

  it('refuses the whole series when its person is busy for one visit, naming the date, and books nothing', async () => {
    const o = await org();
    const day = nextWeekday(TZ, 3);
    const busy = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${addDays(day, 14)}T10:30` }));
    expect(busy.statusCode).toBe(201);
    const before = (await t.database.db.select().from(appointments).where(eq(appointments.organizationId, o.id))).length;
    const res = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${day}T10:00`, repeat: { unit: 'week', interval: 1, count: 5 } }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^That time is no longer available on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect((await t.database.db.select().from(appointments).where(eq(appointments.organizationId, o.id))).length).toBe(before);
    expect(await t.database.db.select().from(appointmentSeries).where(eq(appointmentSeries.organizationId, o.id))).toEqual([]);
  });

  it('makes an endless rule ahead for the horizon only', async () => {
    const o = await org();
    const day = nextWeekday(TZ, 4);
    const res = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${day}T07:00`, repeat: { unit: 'week', interval: 1 } }));
    expect(res.statusCode, res.body).toBe(201);
    const rows = await seriesVisits(o.id, res.json().series.id);
    const horizon = addDays(todayIn(TZ), 120);
    expect(rows.length).toBeGreaterThan(14);
    expect(rows.every((r) => r.wall.slice(0, 10) <= horizon)).toBe(true);
    expect(rows[rows.length - 1].wall.slice(0, 10) > addDays(horizon, -7)).toBe(true);
  });
});

describe('changing one visit, or it and the following ones', () => {
  async function weekly(count = 5) {
    const o = await org();
    const day = nextWeekday(TZ, 2);
    const res = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${day}T10:00`, repeat: { unit: 'week', interval: 1, count } }));
    expect(res.statusCode, res.body).toBe(201);
    const seriesId: number = res.json().series.id;
    const rows = await seriesVisits(o.id, seriesId);
    return { o, day, seriesId, rows };
  }

  it('moves one visit alone; the others stay and the extension never makes it again', async () => {
    const { o, day, seriesId, rows } = await weekly();
    const moved = await o.call('PUT', `/api/appointments/${rows[1].id}`, { appointmentDate: `${addDays(day, 8)}T13:00`, applyTo: 'this' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().series.id).toBe(seriesId);
    await t.database.db.update(appointmentSeries).set({ generatedThrough: `${day}T00:00:00`, isActive: true }).where(eq(appointmentSeries.id, seriesId));
    await extendSeries(t.database.db);
    expect(walls(await seriesVisits(o.id, seriesId))).toEqual([`${day}T10:00`, `${addDays(day, 8)}T13:00`, ...[14, 21, 28].map((d) => `${addDays(day, d)}T10:00`)]);
  });

  it('moves this and the following visits to a new time, keeping the visits before and the count', async () => {
    const { o, day, rows } = await weekly();
    const res = await o.call('PUT', `/api/appointments/${rows[2].id}`, { appointmentDate: `${addDays(day, 15)}T15:00`, notes: 'Side gate', applyTo: 'following' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().series.summary).toBe('Weekly on Wednesday, 3 visits');
    const all = await t.database.db.select().from(appointments).where(eq(appointments.organizationId, o.id)).orderBy(appointments.appointmentDate);
    expect(walls(all.map((a) => ({ wall: a.appointmentDate })))).toEqual([`${day}T10:00`, `${addDays(day, 7)}T10:00`, ...[15, 22, 29].map((d) => `${addDays(day, d)}T15:00`)]);
    expect(all.slice(2).every((a) => a.notes === 'Side gate' && a.seriesId === res.json().series.id)).toBe(true);
    expect(all[0].notes).toBeNull();
    // The visit keeps its id (its links and history); the old series stops before it.
    expect(all[2].id).toBe(rows[2].id);
    const [old] = await t.database.db.select().from(appointmentSeries).where(eq(appointmentSeries.id, all[0].seriesId!));
    expect(old.rule).toMatch(/UNTIL=\d{8}T235959$/);
  });

  it('changes the rule from a visit on, or stops it repeating', async () => {
    const { o, day, rows } = await weekly(6);
    const res = await o.call('PUT', `/api/appointments/${rows[3].id}`, { applyTo: 'following', repeat: { unit: 'week', interval: 2, count: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().series.summary).toBe('Every 2 weeks on Tuesday, 2 visits');
    const live = (await t.database.db.select().from(appointments).where(eq(appointments.organizationId, o.id))).map((a) => a.appointmentDate.replace(' ', 'T').slice(0, 10)).sort();
    expect(live).toEqual([0, 7, 14, 21, 35].map((d) => addDays(day, d)));

    const stop = await o.call('PUT', `/api/appointments/${rows[1].id}`, { applyTo: 'following', repeat: null });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().series).toBeNull();
    // The visits split off before into a series of their own stay.
    const left = (await t.database.db.select().from(appointments).where(eq(appointments.organizationId, o.id))).map((a) => a.appointmentDate.replace(' ', 'T').slice(0, 10)).sort();
    expect(left).toEqual([0, 7, 21, 35].map((d) => addDays(day, d)));
  });

  it('answers 409 and changes nothing when a following visit would clash', async () => {
    const { o, day, seriesId, rows } = await weekly();
    const other = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${addDays(day, 21)}T16:00` }));
    expect(other.statusCode).toBe(201);
    const res = await o.call('PUT', `/api/appointments/${rows[1].id}`, { appointmentDate: `${addDays(day, 7)}T16:00`, applyTo: 'following' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^That time is no longer available on /);
    expect(walls(await seriesVisits(o.id, seriesId))).toEqual([0, 7, 14, 21, 28].map((d) => `${addDays(day, d)}T10:00`));
  });

  it('cancels this and the following visits and ends the series; a one-off visit has no following', async () => {
    const { o, seriesId, rows } = await weekly();
    const res = await o.call('DELETE', `/api/appointments/${rows[2].id}?applyTo=following`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await seriesVisits(o.id, seriesId)).map((r) => r.status)).toEqual(['scheduled', 'scheduled', 'cancelled', 'cancelled', 'cancelled']);
    const [s] = await t.database.db.select().from(appointmentSeries).where(eq(appointmentSeries.id, seriesId));
    expect(s.isActive).toBe(false);

    const single = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${nextWeekday(TZ, 5)}T09:00` }));
    const bad = await o.call('PUT', `/api/appointments/${single.json().id}`, { applyTo: 'following', notes: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0]).toEqual({ path: 'applyTo', message: 'This visit does not repeat' });
    expect((await o.call('DELETE', `/api/appointments/${single.json().id}?applyTo=following`)).statusCode).toBe(400);
    expect((await o.call('DELETE', `/api/appointments/${single.json().id}?applyTo=sometimes`)).statusCode).toBe(400);
  });

  it('makes a one-off visit repeat from itself', async () => {
    const o = await org();
    const day = nextWeekday(TZ, 1);
    const single = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${day}T11:00` }));
    const res = await o.call('PUT', `/api/appointments/${single.json().id}`, { repeat: { unit: 'week', interval: 1, count: 3 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(walls(await seriesVisits(o.id, res.json().series.id))).toEqual([0, 7, 14].map((d) => `${addDays(day, d)}T11:00`));
  });
});

describe('the daily extension', () => {
  it('adds the visits the horizon reaches, once however often it runs, and books a clashing visit with nobody on it', async () => {
    const o = await org();
    const day = nextWeekday(TZ, 5);
    const res = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${day}T12:00`, repeat: { unit: 'week', interval: 1 } }));
    expect(res.statusCode, res.body).toBe(201);
    const seriesId: number = res.json().series.id;
    const made = await seriesVisits(o.id, seriesId);
    const last = made[made.length - 1].wall.slice(0, 10);
    // Someone books the manager where the series' next visits will fall.
    const clash = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${addDays(last, 7)}T12:30` }));
    expect(clash.statusCode).toBe(201);

    const in3Weeks = new Date(Date.now() + 21 * 86_400_000);
    const runs = await Promise.all(Array.from({ length: 6 }, () => extendSeries(t.database.db, in3Weeks)));
    const after = await seriesVisits(o.id, seriesId);
    expect(after.length).toBe(made.length + 3);
    expect(new Set(after.map((r) => r.occurrenceStart)).size).toBe(after.length);
    expect(runs.reduce((sum, r) => sum + r.unassigned, 0)).toBe(1);
    const unassigned = after.find((r) => r.wall.startsWith(addDays(last, 7)))!;
    expect(await t.database.db.select().from(appointmentAssignees).where(eq(appointmentAssignees.appointmentId, unassigned.id))).toEqual([]);
    const bell = await t.database.db.select().from(notifications).where(and(eq(notifications.entityType, 'appointment_series'), eq(notifications.entityId, seriesId)));
    expect(bell.length).toBeGreaterThan(0);
    expect(bell[0].title).toBe('Repeating visit for Robin Weekly needs a person');

    // Run again with the same clock: nothing new.
    await extendSeries(t.database.db, in3Weeks);
    expect((await seriesVisits(o.id, seriesId)).length).toBe(after.length);
  });

  it('makes each visit once when twenty runners extend many series at the same moment', async () => {
    const o = await org();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${nextWeekday(TZ, i + 1)}T${String(8 + i).padStart(2, '0')}:00`, assigneeIds: [], repeat: { unit: 'week', interval: 1 } }));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().series.id);
    }
    const before = await Promise.all(ids.map((id) => seriesVisits(o.id, id)));
    const later = new Date(Date.now() + 70 * 86_400_000);
    await Promise.all(Array.from({ length: 20 }, () => extendSeries(t.database.db, later)));
    for (const [i, id] of ids.entries()) {
      const rows = await seriesVisits(o.id, id);
      expect(rows.length).toBe(before[i].length + 10);
      expect(new Set(rows.map((r) => r.occurrenceStart)).size).toBe(rows.length);
    }
  });
});

describe('daylight-saving changes in America/New_York', () => {
  const NY = 'America/New_York';

  it('keeps a Sunday 9:00 visit at 9:00 across 2027-03-14, and a 2:30 visit that night moves to 3:30', async () => {
    const o = await org({ timeZone: NY });
    const res = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: '2027-03-07T09:00', repeat: { unit: 'week', interval: 1, count: 3 } }));
    expect(res.statusCode, res.body).toBe(201);
    const rows = await seriesVisits(o.id, res.json().series.id);
    expect(walls(rows)).toEqual(['2027-03-07T09:00', '2027-03-14T09:00', '2027-03-21T09:00']);
    expect(rows.map((r) => instantIn(r.wall, NY))).toEqual(['2027-03-07T14:00:00.000Z', '2027-03-14T13:00:00.000Z', '2027-03-21T13:00:00.000Z']);

    const night = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: '2027-03-07T02:30', assigneeIds: [], repeat: { unit: 'week', interval: 1, count: 2 } }));
    expect(night.statusCode, night.body).toBe(201);
    const nightRows = await seriesVisits(o.id, night.json().series.id);
    expect(walls(nightRows)).toEqual(['2027-03-07T02:30', '2027-03-14T03:30']);
    expect(nightRows[1].occurrenceStart?.replace(' ', 'T')).toBe('2027-03-14T02:30:00');
    expect(instantIn(nightRows[1].wall, NY)).toBe('2027-03-14T07:30:00.000Z');
  });

  it('keeps a Sunday 9:00 visit at 9:00 across 2027-11-07 as the extension reaches it', async () => {
    const o = await org({ timeZone: NY });
    const first = addDays(todayIn(NY), 3);
    const sunday = nextWeekday(NY, 0, first);
    const res = await o.call('POST', '/api/appointments', visit(o.serviceId, { appointmentDate: `${sunday}T09:00`, assigneeIds: [], repeat: { unit: 'week', interval: 1, until: '2027-11-14' } }));
    expect(res.statusCode, res.body).toBe(201);
    await extendSeries(t.database.db, new Date('2027-08-01T12:00:00Z'));
    const rows = await t.database.db
      .select({ wall: appointments.appointmentDate })
      .from(appointments)
      .where(and(eq(appointments.seriesId, res.json().series.id), isNotNull(appointments.occurrenceStart)))
      .orderBy(appointments.appointmentDate);
    const around = rows.filter((r) => r.wall >= '2027-10-31' && r.wall < '2027-11-15');
    expect(walls(around)).toEqual(['2027-10-31T09:00', '2027-11-07T09:00', '2027-11-14T09:00']);
    expect(around.map((r) => instantIn(r.wall, NY))).toEqual(['2027-10-31T13:00:00.000Z', '2027-11-07T14:00:00.000Z', '2027-11-14T14:00:00.000Z']);
    const [s] = await t.database.db.select().from(appointmentSeries).where(eq(appointmentSeries.id, res.json().series.id));
    expect(s.isActive).toBe(false);
  });
});
