// "My day" (docs/rules/team.md#my-day): the caller's own visits in order, On my way (one message per window, the
// arrival on the organization's clock, nothing kept when the provider fails), Start and Complete with the timer.
// The parallel case runs with real parallel transactions on PostgreSQL (DATABASE_URL) and one at a time on PGlite.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockTime } from '../../../contracts/my-day';
import { appointments, customers, organizations, outbox, smsOptOuts, timeEntries, workOrders } from '../../db/schema/index';
import { closedPort } from '../../test/closed-port';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addDays, label12h, todayIn, wallClockAt } from '../../platform/wall-clock';
import { setAppointmentAssignees } from '../team/assignees';
import { bookingOrg, type BookingOrg } from '../scheduling/scheduling.test-kit';

const TZ = 'America/Los_Angeles';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Crew {
  org: BookingOrg & { name: string };
  ana: { id: number; cookie: string };
  ben: { id: number; cookie: string };
}

async function crew(app: TestApp = t): Promise<Crew> {
  const org = await bookingOrg(app);
  const name = `Acme Heating ${randomUUID().slice(0, 4)}`;
  await app.database.db.update(organizations).set({ name }).where(eq(organizations.id, org.id));
  const person = async (firstName: string, lastName: string) => {
    const u = await app.createUser({ role: 'employee', organizationId: org.id, firstName, lastName });
    return { id: u.id, cookie: await app.cookieFor(u.id) };
  };
  return { org: { ...org, name }, ana: await person('Ana', 'Lopez'), ben: await person('Ben', 'Okafor') };
}

interface VisitOptions {
  date?: string;
  time: string;
  people: number[];
  status?: string;
  phone?: string | null;
  email?: string;
  customerId?: number | null;
  workOrderId?: number | null;
  notes?: string | null;
  duration?: number;
}

/** A visit written straight to the tables: today's past hours are no obstacle, as they are to the booking calls. */
async function visit(app: TestApp, c: Crew, o: VisitOptions): Promise<number> {
  const db = app.database.db;
  const [row] = await db
    .insert(appointments)
    .values({
      organizationId: c.org.id,
      serviceId: c.org.serviceId,
      customerId: o.customerId ?? null,
      customerName: 'Pat Field',
      customerEmail: o.email ?? 'pat@example.com',
      customerPhone: o.phone === undefined ? '(555) 555-0123' : o.phone,
      appointmentDate: `${o.date ?? todayIn(TZ)}T${o.time}:00`,
      duration: o.duration ?? 60,
      status: o.status ?? 'scheduled',
      notes: o.notes ?? null,
      workOrderId: o.workOrderId ?? null,
    })
    .returning({ id: appointments.id });
  await setAppointmentAssignees(db, c.org.id, row.id, o.people);
  return row.id;
}

async function jobFor(app: TestApp, c: Crew, title = 'Replace furnace') {
  const db = app.database.db;
  const [customer] = await db
    .insert(customers)
    .values({ organizationId: c.org.id, name: 'Pat Field', phone: '5555550199', address: '12 Oak St', city: 'Springfield', state: 'IL', zip: '62701' })
    .returning();
  const [wo] = await db
    .insert(workOrders)
    .values({ organizationId: c.org.id, customerId: customer.id, title, orderNumber: `WO-${randomUUID().slice(0, 6)}` })
    .returning();
  return { customer, wo };
}

const messagesTo = (app: TestApp, organizationId: number) => app.database.db.select().from(outbox).where(eq(outbox.organizationId, organizationId)).orderBy(outbox.id);
const post = (app: TestApp, url: string, cookie: string, payload: object = {}) => app.call({ method: 'POST', url, cookie, payload });

describe('GET /api/my-day', () => {
  it("lists the caller's own visits of the day in time order, cancelled ones and other people's left out", async () => {
    const c = await crew();
    const { customer, wo } = await jobFor(t, c);
    const late = await visit(t, c, { time: '15:30', people: [c.ana.id] });
    const early = await visit(t, c, { time: '08:00', people: [c.ana.id, c.ben.id], customerId: customer.id, workOrderId: wo.id, notes: ' Gate code 4411 ', phone: null, email: '' });
    await visit(t, c, { time: '10:00', people: [c.ana.id], status: 'cancelled' });
    await visit(t, c, { time: '11:00', people: [c.ben.id] });
    await visit(t, c, { date: addDays(todayIn(TZ), 1), time: '09:00', people: [c.ana.id] });

    const res = await t.call({ url: '/api/my-day', cookie: c.ana.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json();
    expect(day).toMatchObject({ date: todayIn(TZ), today: todayIn(TZ), timeZone: TZ, from: `Ana from ${c.org.name}` });
    expect(day.visits.map((v: { id: number }) => v.id)).toEqual([early, late]);
    const today = todayIn(TZ);
    expect(day.visits[0]).toEqual({
      id: early,
      start: `${today}T08:00:00`,
      end: `${today}T09:00:00`,
      duration: 60,
      serviceName: 'Tune-up',
      status: 'scheduled',
      customerName: 'Pat Field',
      // The appointment has none: the customer record's.
      customerPhone: '5555550199',
      customerEmail: null,
      address: '12 Oak St, Springfield, IL 62701',
      notes: 'Gate code 4411',
      job: { id: wo.id, number: wo.orderNumber, title: 'Replace furnace', status: 'scheduled' },
      assignees: [
        { id: c.ana.id, name: 'Ana Lopez' },
        { id: c.ben.id, name: 'Ben Okafor' },
      ],
      onMyWayAt: null,
      expectedArrivalAt: null,
      startedAt: null,
      completedAt: null,
      notify: { channel: 'sms', to: '+15555550199' },
    });
    expect(day.visits[1]).toMatchObject({ address: null, job: null, notify: { channel: 'sms', to: '+15555550123' } });

    const tomorrow = await t.call({ url: `/api/my-day?date=${addDays(today, 1)}`, cookie: c.ana.cookie });
    expect(tomorrow.json().visits).toHaveLength(1);
    expect((await t.call({ url: '/api/my-day', cookie: c.ben.cookie })).json().visits).toHaveLength(2);
    expect((await t.call({ url: '/api/my-day', cookie: c.org.manager })).json().visits).toEqual([]);
    const bad = await t.call({ url: '/api/my-day?date=2026-13-40', cookie: c.ana.cookie });
    expect(bad.statusCode).toBe(400);
  });

  it('is for staff: customers are refused, signed-out callers too', async () => {
    const c = await crew();
    const customer = await t.createUser({ role: 'customer', organizationId: c.org.id });
    expect((await t.call({ url: '/api/my-day', cookie: await t.cookieFor(customer.id) })).statusCode).toBe(403);
    expect((await t.call({ url: '/api/my-day' })).statusCode).toBe(401);
    const admin = await t.createUser({ role: 'org_admin', organizationId: c.org.id });
    expect((await t.call({ url: '/api/my-day', cookie: await t.cookieFor(admin.id) })).statusCode).toBe(200);
  });
});

describe('On my way', () => {
  it('texts the customer the arrival on the organization’s clock, once per 10 minutes', async () => {
    const c = await crew();
    const id = await visit(t, c, { time: '13:00', people: [c.ana.id], phone: '(555) 555-0123' });
    const res = await post(t, `/api/my-day/${id}/on-my-way`, c.ana.cookie, { etaMinutes: 25 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ message: 'sent', notify: { channel: 'sms', to: '+15555550123' } });
    const eta = new Date(body.visit.expectedArrivalAt);
    expect(Math.abs(eta.getTime() - (new Date(body.visit.onMyWayAt).getTime() + 25 * 60_000))).toBeLessThan(1000);
    // The arrival read on Los Angeles' clock, independently of the code under test.
    const local = label12h(wallClockAt(eta, TZ).slice(11, 16));
    expect(clockTime(eta, TZ)).toBe(local);
    const sent = await messagesTo(t, c.org.id);
    expect(sent.map((m) => [m.channel, m.to, m.text])).toEqual([['sms', '+15555550123', `Ana from ${c.org.name} is on the way and expects to arrive around ${local}.`]]);

    // Again within the window: the time moves, no second message.
    const again = await post(t, `/api/my-day/${id}/on-my-way`, c.ana.cookie, { etaMinutes: 40 });
    expect(again.json()).toMatchObject({ message: 'repeat', notify: { channel: 'sms' } });
    expect(new Date(again.json().visit.expectedArrivalAt).getTime()).toBeGreaterThan(eta.getTime());
    expect(again.json().visit.onMyWayAt).toBe(body.visit.onMyWayAt);
    expect(await messagesTo(t, c.org.id)).toHaveLength(1);

    // After the window a new message goes out.
    await t.database.db.update(appointments).set({ onMyWayAt: new Date(Date.now() - 11 * 60_000) }).where(eq(appointments.id, id));
    const later = await post(t, `/api/my-day/${id}/on-my-way`, c.ana.cookie, { etaMinutes: 10 });
    expect(later.json().message).toBe('sent');
    expect(await messagesTo(t, c.org.id)).toHaveLength(2);
  });

  it('e-mails when there is no phone, and tells nobody when there is neither', async () => {
    const c = await crew();
    const id = await visit(t, c, { time: '14:00', people: [c.ana.id], phone: null, email: 'zoe@example.com' });
    const res = await post(t, `/api/my-day/${id}/on-my-way`, c.ana.cookie, { etaMinutes: 15 });
    expect(res.json()).toMatchObject({ message: 'sent', notify: { channel: 'email', to: 'zoe@example.com' } });
    const [mail] = await messagesTo(t, c.org.id);
    expect(mail).toMatchObject({ channel: 'email', to: 'zoe@example.com', subject: `Ana from ${c.org.name} is on the way` });
    expect(mail.text).toContain(`Ana from ${c.org.name} is on the way and expects to arrive around ${clockTime(res.json().visit.expectedArrivalAt, TZ)}.`);

    const nobody = await visit(t, c, { time: '16:00', people: [c.ana.id], phone: 'call the office', email: '' });
    const none = await post(t, `/api/my-day/${nobody}/on-my-way`, c.ana.cookie, { etaMinutes: 15 });
    expect(none.json()).toMatchObject({ message: 'none', notify: null });
    expect(none.json().visit.onMyWayAt).not.toBeNull();
    expect(await messagesTo(t, c.org.id)).toHaveLength(1);
  });

  it('e-mails instead of texting a number that answered STOP; with no e-mail it says so and keeps nothing (docs/rules/messaging.md#sms-opt-outs)', async () => {
    const c = await crew();
    await t.database.db.insert(smsOptOuts).values({ phone: '+15555550177', keyword: 'STOP' }).onConflictDoNothing();
    const id = await visit(t, c, { time: '14:30', people: [c.ana.id], phone: '(555) 555-0177', email: 'quinn@example.com' });
    const res = await post(t, `/api/my-day/${id}/on-my-way`, c.ana.cookie, { etaMinutes: 20 });
    expect(res.json()).toMatchObject({ message: 'sent', notify: { channel: 'email', to: 'quinn@example.com' } });
    expect((await messagesTo(t, c.org.id)).map((m) => [m.channel, m.status])).toEqual([
      ['sms', 'opted_out'],
      ['email', 'stored'],
    ]);

    const textOnly = await visit(t, c, { time: '17:00', people: [c.ana.id], phone: '(555) 555-0177', email: '' });
    const refused = await post(t, `/api/my-day/${textOnly}/on-my-way`, c.ana.cookie, { etaMinutes: 20 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This number has opted out of text messages (they replied STOP). Nothing was sent.');
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, textOnly));
    expect(row.onMyWayAt).toBeNull();
  });

  it('ten calls at once send exactly one message', async () => {
    const c = await crew();
    const id = await visit(t, c, { time: '12:00', people: [c.ana.id] });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post(t, `/api/my-day/${id}/on-my-way`, c.ana.cookie, { etaMinutes: 10 + i })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json().message === 'sent')).toHaveLength(1);
    expect(await messagesTo(t, c.org.id)).toHaveLength(1);
  });

  it('checks the minutes, who is asking and the visit’s state', async () => {
    const c = await crew();
    const other = await crew();
    const id = await visit(t, c, { time: '12:00', people: [c.ana.id] });
    for (const etaMinutes of [4, 241, 12.5, '15', null]) {
      const res = await post(t, `/api/my-day/${id}/on-my-way`, c.ana.cookie, { etaMinutes } as object);
      expect(res.statusCode, String(etaMinutes)).toBe(400);
      expect(res.json().issues).toEqual([{ path: 'etaMinutes', message: 'Between 5 and 240 minutes' }]);
    }
    // Ben is not on it: refused; another organization's person: not found; a customer: no permission.
    const ben = await post(t, `/api/my-day/${id}/on-my-way`, c.ben.cookie, { etaMinutes: 10 });
    expect(ben.statusCode).toBe(403);
    expect(ben.json()).toEqual({ code: 'FORBIDDEN', message: 'You are not on this visit' });
    const stranger = await post(t, `/api/my-day/${id}/on-my-way`, other.ana.cookie, { etaMinutes: 10 });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('Appointment not found');
    expect((await post(t, `/api/my-day/999999999/on-my-way`, c.ana.cookie, { etaMinutes: 10 })).statusCode).toBe(404);
    expect(await messagesTo(t, c.org.id)).toEqual([]);

    const cancelled = await visit(t, c, { time: '13:00', people: [c.ana.id], status: 'cancelled' });
    expect((await post(t, `/api/my-day/${cancelled}/on-my-way`, c.ana.cookie, { etaMinutes: 10 })).json()).toEqual({ code: 'CONFLICT', message: 'This visit was cancelled' });
    expect((await post(t, `/api/my-day/${id}/start`, c.ana.cookie)).statusCode).toBe(200);
    expect((await post(t, `/api/my-day/${id}/on-my-way`, c.ana.cookie, { etaMinutes: 10 })).json()).toEqual({ code: 'CONFLICT', message: 'Work on this visit has already started' });
  });

  it('answers 503 when the SMS provider cannot be reached, logs it with the provider and keeps nothing', async () => {
    const logs: { provider?: string; msg?: string }[] = [];
    const down = await createTestApp(
      { LOG_LEVEL: 'warn', TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+15550000000', TWILIO_API_BASE: `http://127.0.0.1:${await closedPort()}` },
      { log: { write: (line) => void logs.push(JSON.parse(line)) } },
    );
    try {
      const c = await crew(down);
      const id = await visit(down, c, { time: '12:00', people: [c.ana.id] });
      const res = await post(down, `/api/my-day/${id}/on-my-way`, c.ana.cookie, { etaMinutes: 20 });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().message).toBe('We could not send the text message: the SMS provider could not be reached. Please try again later.');
      expect(res.headers['retry-after']).toBeDefined();
      expect(logs.some((l) => l.provider === 'twilio')).toBe(true);
      const [row] = await down.database.db.select().from(appointments).where(eq(appointments.id, id));
      expect([row.onMyWayAt, row.expectedArrivalAt]).toEqual([null, null]);
      // The failed attempt is the delivery record; a retry at once tries again (nothing claimed the window).
      expect((await messagesTo(down, c.org.id)).map((m) => m.status)).toEqual(['failed']);
      expect((await post(down, `/api/my-day/${id}/on-my-way`, c.ana.cookie, { etaMinutes: 20 })).statusCode).toBe(503);
    } finally {
      await down.close();
    }
  });
});

describe('Start and Complete', () => {
  it('starts the visit, its job and the caller’s timer, stopping the one that ran; completes and stops it', async () => {
    const c = await crew();
    const { wo } = await jobFor(t, c);
    const { wo: other } = await jobFor(t, c, 'Quote follow-up');
    const id = await visit(t, c, { time: '09:00', people: [c.ana.id, c.ben.id], workOrderId: wo.id });
    const previous = await post(t, '/api/time-entries', c.ana.cookie, { workOrderId: other.id });
    expect(previous.statusCode).toBe(201);

    const started = await post(t, `/api/my-day/${id}/start`, c.ana.cookie);
    expect(started.statusCode, started.body).toBe(200);
    const s = started.json();
    expect(s.visit.startedAt).not.toBeNull();
    expect(s.visit.job.status).toBe('in_progress');
    expect(s.stoppedTimer).toEqual({ id: previous.json().id, workOrderTitle: 'Quote follow-up' });
    const active = (await t.call({ url: '/api/time-entries/active', cookie: c.ana.cookie })).json();
    expect(active).toMatchObject({ id: s.timer.id, workOrderId: wo.id, isActive: true, employeeName: 'Ana Lopez' });
    const [old] = await t.database.db.select().from(timeEntries).where(eq(timeEntries.id, previous.json().id));
    expect(old.isActive).toBe(false);

    // Pressed again: the same timer, the first time kept. Ben on the crew starts his own.
    const again = await post(t, `/api/my-day/${id}/start`, c.ana.cookie);
    expect(again.json()).toMatchObject({ timer: { id: s.timer.id }, stoppedTimer: null, visit: { startedAt: s.visit.startedAt } });
    const byBen = await post(t, `/api/my-day/${id}/start`, c.ben.cookie);
    expect(byBen.json().visit.startedAt).toBe(s.visit.startedAt);
    expect(byBen.json().timer.id).not.toBe(s.timer.id);

    const done = await post(t, `/api/my-day/${id}/complete`, c.ana.cookie);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ stoppedTimerId: s.timer.id, visit: { status: 'completed' } });
    expect(done.json().visit.completedAt).not.toBeNull();
    expect((await t.call({ url: '/api/time-entries/active', cookie: c.ana.cookie })).json()).toBeNull();
    // Ben's timer is his: it runs until he completes (or stops it); his Complete keeps the first time.
    expect((await t.call({ url: '/api/time-entries/active', cookie: c.ben.cookie })).json()).toMatchObject({ workOrderId: wo.id });
    const benDone = await post(t, `/api/my-day/${id}/complete`, c.ben.cookie);
    expect(benDone.json()).toMatchObject({ stoppedTimerId: byBen.json().timer.id, visit: { completedAt: done.json().visit.completedAt } });

    expect((await post(t, `/api/my-day/${id}/start`, c.ana.cookie)).json()).toEqual({ code: 'CONFLICT', message: 'This visit is already completed' });
    const [job] = await t.database.db.select().from(workOrders).where(eq(workOrders.id, wo.id));
    expect(job.status).toBe('in_progress');
  });

  it('leaves a timer on something else running at Complete, and starts none for a visit without a job', async () => {
    const c = await crew();
    const { wo } = await jobFor(t, c);
    const id = await visit(t, c, { time: '10:00', people: [c.ana.id] });
    const s = await post(t, `/api/my-day/${id}/start`, c.ana.cookie);
    expect(s.json()).toMatchObject({ timer: null, stoppedTimer: null });
    const other = await post(t, '/api/time-entries', c.ana.cookie, { workOrderId: wo.id });
    const done = await post(t, `/api/my-day/${id}/complete`, c.ana.cookie);
    expect(done.json().stoppedTimerId).toBeNull();
    expect((await t.call({ url: '/api/time-entries/active', cookie: c.ana.cookie })).json().id).toBe(other.json().id);
    await t.call({ method: 'PUT', url: `/api/time-entries/${other.json().id}`, cookie: c.ana.cookie, payload: {} });
  });

  it('refuses a visit that is cancelled or a no-show, and people who are not on it', async () => {
    const c = await crew();
    const other = await crew();
    const cancelled = await visit(t, c, { time: '10:00', people: [c.ana.id], status: 'cancelled' });
    const noShow = await visit(t, c, { time: '11:00', people: [c.ana.id], status: 'no_show' });
    for (const action of ['start', 'complete']) {
      expect((await post(t, `/api/my-day/${cancelled}/${action}`, c.ana.cookie)).json()).toEqual({ code: 'CONFLICT', message: 'This visit was cancelled' });
      expect((await post(t, `/api/my-day/${noShow}/${action}`, c.ana.cookie)).json()).toEqual({ code: 'CONFLICT', message: 'This visit was marked as a no-show' });
      expect((await post(t, `/api/my-day/${noShow}/${action}`, c.ben.cookie)).statusCode).toBe(403);
      expect((await post(t, `/api/my-day/${noShow}/${action}`, other.ana.cookie)).statusCode).toBe(404);
    }
    const rows = await t.database.db.select().from(appointments).where(and(eq(appointments.organizationId, c.org.id)));
    expect(rows.map((r) => [r.status, r.startedAt, r.completedAt])).toEqual(
      expect.arrayContaining([
        ['cancelled', null, null],
        ['no_show', null, null],
      ]),
    );
  });
});
