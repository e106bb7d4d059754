import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { MailMessage } from '../../adapters/mail/mailer';
import { appointmentReminders, appointments, customers, notifications, staffProfiles } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { scheduleReminders } from '../reminders/schedule-reminders';
import { guardSlot } from './appointment-writes';
import { setAppointmentAssignees } from '../team/assignees';
import { bookingOrg, icsField, icsOf, nextDstChange, nextMonthDay, nextWeekday, watchMail, type BookingOrg } from './scheduling.test-kit';
import { WEEKDAYS } from '../../../contracts/scheduling';
import { addDays, todayIn, weekdayOf } from '../../platform/wall-clock';

const TZ = 'America/Los_Angeles';
const TAKEN = { code: 'CONFLICT', message: 'That time is no longer available' };

let t: TestApp;
let org: BookingOrg;

beforeAll(async () => {
  t = await createTestApp();
  org = await bookingOrg(t);
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const booking = (over: Record<string, unknown> = {}) => ({
  customerName: 'Pat Booker',
  customerEmail: `pat${++n}@example.com`,
  customerPhone: '555-123-4567',
  notes: 'Gate code 12',
  serviceId: org.serviceId,
  duration: 60,
  ...over,
});
const book = (payload: Record<string, unknown>, key = org.slug) => t.call({ method: 'POST', url: `/api/public/schedule-by-slug/${key}/book`, payload });

describe('booking a slot', () => {
  it('twenty simultaneous bookings of one slot: exactly one 201, nineteen 409', async () => {
    const when = `${nextWeekday(TZ, 2)}T10:00:00`;
    const results = await Promise.all(Array.from({ length: 20 }, () => book(booking({ appointmentDate: when }))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(results.filter((r) => r.statusCode !== 201 && r.statusCode !== 409).map((r) => r.body)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toEqual(TAKEN);
    const rows = await t.database.db.select().from(appointments).where(and(eq(appointments.organizationId, org.id), eq(appointments.appointmentDate, when)));
    expect(rows).toHaveLength(1);
  });

  it('refuses an overlapping booking with a different start the same way', async () => {
    const day = nextWeekday(TZ, 3);
    expect((await book(booking({ appointmentDate: `${day}T11:00:00` }))).statusCode).toBe(201);
    const overlap = await book(booking({ appointmentDate: `${day}T11:30:00` }));
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toEqual(TAKEN);
    const before = await book(booking({ appointmentDate: `${day}T10:30:00` }));
    expect(before.statusCode).toBe(409);
    // Back to back is fine: [11:00, 12:00) and [12:00, 13:00) do not overlap.
    expect((await book(booking({ appointmentDate: `${day}T12:00:00` }))).statusCode).toBe(201);
  });

  it('stores 09:00 Los Angeles wall clock as 09:00 and puts the UTC instant in the .ics', async () => {
    const mail = watchMail(t);
    try {
      const winter = nextMonthDay(TZ, 1, 15);
      const summer = nextMonthDay(TZ, 7, 15);
      const w = await book(booking({ appointmentDate: `${winter}T09:00:00`, customerEmail: 'winter@example.com' }));
      const s = await book(booking({ appointmentDate: `${summer}T09:00`, customerEmail: 'summer@example.com' }));
      expect(w.statusCode).toBe(201);
      expect(w.json()).toEqual({ id: expect.any(Number), appointmentDate: `${winter}T09:00:00`, status: 'scheduled' });
      expect(s.json().appointmentDate).toBe(`${summer}T09:00:00`);
      const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, w.json().id));
      expect(row.appointmentDate.replace(' ', 'T')).toBe(`${winter}T09:00:00`);
      expect(row.source).toBe('online');

      const [winterMail] = await mail.sentTo('winter@example.com');
      const [summerMail] = await mail.sentTo('summer@example.com');
      expect(winterMail.attachments?.[0]).toMatchObject({ filename: 'appointment.ics', contentType: 'text/calendar; method=REQUEST' });
      const ics = icsOf(winterMail);
      expect(icsField(ics, 'DTSTART')).toBe(`${winter.replace(/-/g, '')}T170000Z`);
      expect(icsField(ics, 'DTEND')).toBe(`${winter.replace(/-/g, '')}T180000Z`);
      expect(icsField(icsOf(summerMail), 'DTSTART')).toBe(`${summer.replace(/-/g, '')}T160000Z`);
      expect(icsField(ics, 'METHOD')).toBe('REQUEST');
      expect(icsField(ics, 'SEQUENCE')).toBe('0');
      // No APP_URL in tests: the host comes from MAIL_FROM (Tradebook <no-reply@tradebook.local>), not localhost.
      expect(icsField(ics, 'UID')).toBe(`appointment-${w.json().id}@tradebook.local`);
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(ics.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
      expect(winterMail.subject).toContain('Appointment confirmed: Tune-up on');
    } finally {
      mail.stop();
    }
  });

  it('creates the customer once per e-mail and reuses it, and tells the staff', async () => {
    const staff = await t.createUser({ role: 'manager', organizationId: org.id });
    // Hears of bookings but does not take them: the later tests keep the organization's one performer.
    await t.database.db.insert(staffProfiles).values({ organizationId: org.id, userId: staff.id, bookable: false });
    const day = nextWeekday(TZ, 4);
    const a = await book(booking({ appointmentDate: `${day}T09:00:00`, customerEmail: 'Repeat@Example.com' }));
    const b = await book(booking({ appointmentDate: `${day}T13:00:00`, customerEmail: 'repeat@example.com' }));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const found = await t.database.db.select().from(customers).where(and(eq(customers.organizationId, org.id), eq(customers.email, 'repeat@example.com')));
    expect(found).toHaveLength(1);
    const rows = await t.database.db.select().from(appointments).where(eq(appointments.customerId, found[0].id));
    expect(rows.map((r) => r.id).sort()).toEqual([a.json().id, b.json().id].sort());
    const bell = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, staff.id), eq(notifications.type, 'booking_created')));
    expect(bell.map((x) => x.entityId).sort()).toEqual([a.json().id, b.json().id].sort());
  });

  it('bookings by one new customer at once create the customer once; a booking refused for its time leaves nothing', async () => {
    const day = addDays(nextWeekday(TZ, 3), 21);
    const email = 'together@example.com';
    // Eight days, so the days' locks do not put the eight in a row: only the customer's lock does.
    const whens = [0, 1, 2, 3, 4, 5, 6, 7, 0].map((d) => `${addDays(day, d)}T09:00:00`);
    const results = await Promise.all(whens.map((when) => book(booking({ appointmentDate: when, customerEmail: email }))));
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join(' | ')).toEqual([...Array(8).fill(201), 409]);
    const found = await t.database.db.select().from(customers).where(and(eq(customers.organizationId, org.id), eq(customers.email, email)));
    expect(found).toHaveLength(1);
    const booked = await t.database.db.select().from(appointments).where(eq(appointments.customerId, found[0].id));
    expect(booked.map((r) => r.id).sort()).toEqual(results.filter((r) => r.statusCode === 201).map((r) => r.json().id).sort());
    // Each booking got its reminders, and only the bookings that stand.
    const reminders = await t.database.db.select().from(appointmentReminders).where(eq(appointmentReminders.organizationId, org.id));
    expect(new Set(reminders.filter((r) => booked.some((b) => b.id === r.appointmentId)).map((r) => r.appointmentId)).size).toBe(8);
    // A refused new customer's booking leaves no customer behind.
    const refused = await book(booking({ appointmentDate: `${day}T09:30:00`, customerEmail: 'refused@example.com' }));
    expect(refused.statusCode).toBe(409);
    expect(await t.database.db.select().from(customers).where(and(eq(customers.organizationId, org.id), eq(customers.email, 'refused@example.com')))).toEqual([]);
  });

  it('books pending when the organization does not auto-confirm', async () => {
    const other = await bookingOrg(t, { autoConfirm: false });
    const res = await book({ ...booking({ serviceId: other.serviceId }), appointmentDate: `${nextWeekday(TZ, 1)}T09:00:00` }, other.slug);
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('pending');
  });

  it('accepts the schedule token in place of the slug', async () => {
    const res = await book(booking({ appointmentDate: `${nextWeekday(TZ, 5)}T09:00:00` }), org.token);
    expect(res.statusCode).toBe(201);
    // The token resolves to the same organization as its slug (and names the slug, for the page's home link).
    const byToken = (await t.call({ url: `/api/public/schedule-by-slug/${org.token}` })).json();
    const bySlug = (await t.call({ url: `/api/public/schedule-by-slug/${org.slug}` })).json();
    expect(byToken.organization).toEqual(bySlug.organization);
    expect(byToken.organization.slug).toBe(org.slug);
  });
});

describe('what a booking sets off', () => {
  it('plans the reminders any other appointment write would plan', async () => {
    const res = await book(booking({ appointmentDate: `${nextWeekday(TZ, 6)}T09:00:00` }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const planned = async () =>
      (await t.database.db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, id)))
        .map((r) => `${r.reminderType} ${r.reminderTiming}h ${r.dueAt.toISOString()} ${r.status}`)
        .sort();
    const atBooking = await planned();
    expect(atBooking).toHaveLength(1);
    await scheduleReminders(t.database.db, id);
    expect(await planned()).toEqual(atBooking);
  });

  it('answers before the confirmation e-mail goes out, sends it exactly once, and closing the app waits for it', async () => {
    const own = await createTestApp();
    const o = await bookingOrg(own);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: MailMessage[] = [];
    const real = own.deps.mailer.send.bind(own.deps.mailer);
    vi.spyOn(own.deps.mailer, 'send').mockImplementation(async (m) => {
      await held;
      sent.push(m);
      return real(m);
    });
    const res = await own.call({ method: 'POST', url: `/api/public/schedule-by-slug/${o.slug}/book`, payload: { ...booking({ serviceId: o.serviceId, customerEmail: 'held@example.com' }), appointmentDate: `${nextWeekday(TZ, 2)}T09:00:00` } });
    expect(res.statusCode, res.body).toBe(201);
    expect(sent).toHaveLength(0);
    let closed = false;
    const closing = own.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false);
    release();
    await closing;
    expect(sent.map((m) => m.to)).toEqual(['held@example.com']);
  });
});

describe.runIf(Boolean(inject('pgTemplate')))('the slot lock, with parallel transactions on PostgreSQL', () => {
  it('holds back a writer whose time shares a calendar day with one in progress, across midnight too, and no other', async () => {
    const day = nextWeekday(TZ, 0, addDays(todayIn(TZ), 40));
    const insert = async (tx: Parameters<Parameters<typeof t.database.db.transaction>[0]>[0], wall: string, duration: number) => {
      const [row] = await tx.insert(appointments).values({ organizationId: org.id, customerEmail: 'lock@example.com', appointmentDate: wall, duration }).returning({ id: appointments.id });
      await setAppointmentAssignees(tx, org.id, row.id, [org.managerId]);
      return row;
    };
    const hold = (wall: string, duration: number) => ({ organizationId: org.id, wall, duration, bufferBefore: 0, bufferAfter: 0, userIds: [org.managerId] });
    const events: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const lateNight = t.database.db.transaction((tx) =>
      guardSlot(tx, hold(`${day}T23:30:00`, 60), async () => {
        events.push('23:30-00:30 writes, and holds');
        await held;
        return insert(tx, `${day}T23:30:00`, 60);
      }),
    );
    await vi.waitFor(() => expect(events).toHaveLength(1));
    const nextMorning = t.database.db.transaction((tx) =>
      guardSlot(tx, hold(`${addDays(day, 1)}T00:00:00`, 30), async () => {
        events.push('next day 00:00 writes');
        return insert(tx, `${addDays(day, 1)}T00:00:00`, 30);
      }),
    );
    const nextMorningOutcome = nextMorning.then(() => 'booked', (err: Error) => err.message);
    const otherDay = t.database.db.transaction((tx) =>
      guardSlot(tx, hold(`${addDays(day, 2)}T09:00:00`, 60), async () => {
        events.push('another day writes');
        return insert(tx, `${addDays(day, 2)}T09:00:00`, 60);
      }),
    );
    // Another day's writer does not wait for the held one; the next morning's, which overlaps it, does.
    await otherDay;
    await new Promise((r) => setTimeout(r, 150));
    expect(events).toEqual(['23:30-00:30 writes, and holds', 'another day writes']);
    release();
    await lateNight;
    expect(await nextMorningOutcome).toBe(TAKEN.message);
    expect(events).toHaveLength(2);
  });
});

describe('refusals', () => {
  const refusal = async (payload: Record<string, unknown>, key = org.slug) => {
    const res = await book(payload, key);
    expect(res.statusCode, res.body).toBe(400);
    return res.json();
  };

  it('refuses a past time', async () => {
    const yesterday = addDays(todayIn(TZ), -1);
    expect((await refusal(booking({ appointmentDate: `${yesterday}T10:00:00` }))).message).toBe('Appointment date cannot be in the past');
  });

  it('refuses a day beyond advanceBookingDays', async () => {
    const near = await bookingOrg(t, { advanceBookingDays: 30 });
    const far = addDays(todayIn(TZ), 31);
    const body = await refusal({ ...booking({ serviceId: near.serviceId }), appointmentDate: `${far}T10:00:00` }, near.slug);
    expect(body).toEqual({ code: 'VALIDATION_FAILED', message: 'That date is too far ahead to book', issues: [{ path: 'appointmentDate', message: 'That date is too far ahead to book' }] });
    const inside = await book({ ...booking({ serviceId: near.serviceId }), appointmentDate: `${addDays(todayIn(TZ), 30)}T10:00:00` }, near.slug);
    expect(inside.statusCode).toBe(201);
  });

  it('refuses a disabled weekday and hours outside the window', async () => {
    const weekdays = await bookingOrg(t, { sundayEnabled: false, mondayStart: '10:00', mondayEnd: '15:00' });
    const base = booking({ serviceId: weekdays.serviceId });
    expect((await refusal({ ...base, appointmentDate: `${nextWeekday(TZ, 0)}T10:00:00` }, weekdays.slug)).message).toBe('Bookings are not available on that day');
    const monday = nextWeekday(TZ, 1);
    expect((await refusal({ ...base, appointmentDate: `${monday}T09:30:00` }, weekdays.slug)).message).toBe('That time is outside booking hours');
    // A 60-minute service starting at 14:30 would run past 15:00.
    expect((await refusal({ ...base, appointmentDate: `${monday}T14:30:00` }, weekdays.slug)).message).toBe('That time is outside booking hours');
    expect((await book({ ...base, appointmentDate: `${monday}T14:00:00` }, weekdays.slug)).statusCode).toBe(201);
  });

  it('accepts only the offered slot times: 12:07 or 10:15 sent by hand is refused naming appointmentDate', async () => {
    // A Thursday of its own: the other tests book this week's.
    const day = addDays(nextWeekday(TZ, 4), 14);
    const notOffered = { message: 'Please choose one of the offered times', issues: [{ path: 'appointmentDate', message: 'Please choose one of the offered times' }] };
    for (const time of ['12:07', '10:15', '13:59']) expect(await refusal(booking({ appointmentDate: `${day}T${time}:00` }))).toMatchObject(notOffered);
    const slots = (await t.call({ url: `/api/public/slots-by-slug/${org.slug}?date=${day}&serviceId=${org.serviceId}` })).json();
    expect(slots.map((x: { time: string }) => x.time)).toContain('12:30');
    expect(slots.map((x: { time: string }) => x.time)).not.toContain('12:07');
    expect((await book(booking({ appointmentDate: `${day}T12:30:00` }))).statusCode).toBe(201);
    // The grid runs from the day's start: a window opening at 09:15 offers 09:45, not 10:00.
    const quarter = await bookingOrg(t, { thursdayStart: '09:15', thursdayEnd: '17:00' });
    const thursday = nextWeekday(TZ, 4);
    const base = booking({ serviceId: quarter.serviceId });
    expect((await book({ ...base, appointmentDate: `${thursday}T09:45:00` }, quarter.slug)).statusCode).toBe(201);
    expect(await refusal({ ...base, appointmentDate: `${thursday}T11:00:00` }, quarter.slug)).toMatchObject(notOffered);
  });

  it('refuses an invalid e-mail, a missing phone when required, and another organization’s service', async () => {
    const when = `${nextWeekday(TZ, 6)}T15:00:00`;
    const email = await refusal(booking({ appointmentDate: when, customerEmail: 'not-an-email' }));
    expect(email.issues).toEqual([{ path: 'customerEmail', message: 'Valid email is required' }]);

    const strict = await bookingOrg(t, { requirePhone: true });
    const phone = await refusal({ ...booking({ serviceId: strict.serviceId, customerPhone: '' }), appointmentDate: when }, strict.slug);
    expect(phone).toEqual({ code: 'VALIDATION_FAILED', message: 'Phone is required', issues: [{ path: 'customerPhone', message: 'Phone is required' }] });

    const foreign = await refusal({ ...booking({ serviceId: strict.serviceId }), appointmentDate: when });
    expect(foreign).toEqual({ code: 'VALIDATION_FAILED', message: 'Service not found', issues: [{ path: 'serviceId', message: 'Service not found' }] });
    const noService = await refusal({ ...booking({ serviceId: undefined }), appointmentDate: when });
    expect(noService.issues[0]).toEqual({ path: 'serviceId', message: 'Please select a service' });
    const noName = await refusal(booking({ appointmentDate: when, customerName: ' ' }));
    expect(noName.issues[0]).toEqual({ path: 'customerName', message: 'Name is required' });
    const noDate = await refusal(booking({ appointmentDate: '' }));
    expect(noDate.issues[0]).toEqual({ path: 'appointmentDate', message: 'Please select a date and time' });
  });

  it('answers 404 Schedule not found for an unknown key or an organization without settings', async () => {
    const bare = await t.createOrganization();
    for (const key of ['no-such-org', bare.slug!]) {
      for (const url of [`/api/public/schedule-by-slug/${key}`, `/api/public/appointments-by-slug/${key}?date=2030-01-01`, `/api/public/slots-by-slug/${key}?date=2030-01-01`]) {
        const res = await t.call({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Schedule not found' });
      }
      const b = await book(booking({ appointmentDate: '2030-01-01T10:00:00' }), key);
      expect(b.statusCode).toBe(404);
    }
  });
});

describe('what the public calls expose', () => {
  it('the schedule shows contact, active services and public settings only', async () => {
    await t.call({ method: 'POST', url: '/api/services', cookie: org.manager, payload: { name: 'Retired', duration: 30, isActive: false } });
    const res = await t.call({ url: `/api/public/schedule-by-slug/${org.slug.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['organization', 'services', 'settings', 'staff']);
    // Nobody by name unless the organization lets customers choose.
    expect(body.staff).toEqual([]);
    expect(Object.keys(body.organization).sort()).toEqual(['email', 'industry', 'logo', 'name', 'phone', 'slug']);
    expect(body.services).toEqual([{ id: org.serviceId, name: 'Tune-up', description: null, duration: 60, price: '80.00' }]);
    expect(body.settings).toMatchObject({ timeZone: TZ, advanceBookingDays: 365, requirePhone: false, mondayEnabled: true, mondayStart: '09:00', mondayEnd: '17:00' });
    for (const hidden of ['scheduleToken', 'id', 'organizationId', 'autoConfirm', 'cancellationHours']) expect(body.settings).not.toHaveProperty(hidden);
    expect(res.body).not.toContain(org.token);
    const services = await t.call({ url: `/api/public/services-by-slug/${org.slug}` });
    expect(services.json()).toEqual(body.services);
    expect((await t.call({ url: '/api/public/services-by-slug/nope' })).json()).toEqual({ code: 'NOT_FOUND', message: 'Organization not found' });
  });

  it("the day's appointments carry no names, e-mails or notes, and leave out cancelled ones", async () => {
    const day = nextWeekday(TZ, 2, addDays(todayIn(TZ), 20));
    const staff = await t.call({
      method: 'POST',
      url: '/api/appointments',
      cookie: org.manager,
      payload: { customerName: 'Secret Person', customerEmail: 'secret@example.com', serviceId: org.serviceId, appointmentDate: `${day}T14:00`, notes: 'internal: owes money' },
    });
    expect(staff.statusCode, staff.body).toBe(201);
    const gone = await t.call({ method: 'POST', url: '/api/appointments', cookie: org.manager, payload: { customerName: 'Gone', customerEmail: 'gone@example.com', serviceId: org.serviceId, appointmentDate: `${day}T16:00` } });
    await t.call({ method: 'DELETE', url: `/api/appointments/${gone.json().id}`, cookie: org.manager });
    const res = await t.call({ url: `/api/public/appointments-by-slug/${org.slug}?date=${day}` });
    expect(res.json()).toEqual([{ appointmentDate: `${day}T14:00:00`, duration: 60 }]);
    expect(res.body).not.toMatch(/Secret|secret@|owes/);
    const bad = await t.call({ url: `/api/public/appointments-by-slug/${org.slug}?date=2030-02-30` });
    expect(bad.statusCode).toBe(400);
  });
});

describe('offered slots', () => {
  const slots = async (key: string, date: string, serviceId?: number) =>
    (await t.call({ url: `/api/public/slots-by-slug/${key}?date=${date}${serviceId ? `&serviceId=${serviceId}` : ''}` })).json() as { time: string; appointmentDate: string; label: string }[];

  it('every 30 minutes inside the window, leaving out taken and overlapping times', async () => {
    const o = await bookingOrg(t, {}, { duration: 60 });
    const day = nextWeekday(TZ, 3);
    const all = await slots(o.slug, day, o.serviceId);
    expect(all.map((s) => s.time)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00']);
    expect(all[0]).toEqual({ time: '09:00', appointmentDate: `${day}T09:00:00`, label: '9:00 AM' });
    expect(all.at(-1)?.label).toBe('4:00 PM');
    await book({ ...booking({ serviceId: o.serviceId }), appointmentDate: `${day}T11:00:00` }, o.slug);
    const after = (await slots(o.slug, day, o.serviceId)).map((s) => s.time);
    expect(after).not.toContain('10:30');
    expect(after).not.toContain('11:00');
    expect(after).not.toContain('11:30');
    expect(after).toContain('10:00');
    expect(after).toContain('12:00');
  });

  it('none on a disabled weekday, past times, or beyond advanceBookingDays', async () => {
    const o = await bookingOrg(t, { saturdayEnabled: false, advanceBookingDays: 10 });
    expect(await slots(o.slug, nextWeekday(TZ, 6))).toEqual([]);
    expect(await slots(o.slug, addDays(todayIn(TZ), -1))).toEqual([]);
    expect(await slots(o.slug, addDays(todayIn(TZ), 11))).toEqual([]);
    expect((await slots(o.slug, nextWeekday(TZ, 1))).length).toBeGreaterThan(0);
  });

  it('a day across the daylight-saving change has the right slots and instants', async () => {
    const change = nextDstChange(TZ);
    const day = WEEKDAYS[weekdayOf(change.date)];
    const o = await bookingOrg(t, { [`${day}Start`]: '00:00', [`${day}End`]: '05:00' }, { duration: 30 });
    const times = (await slots(o.slug, change.date, o.serviceId)).map((s) => s.time);
    const expected = ['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30', '04:00', '04:30'];
    // Spring forward skips 02:00-02:59; fall back repeats 01:00-01:59, offered once.
    expect(times).toEqual(change.forward ? expected.filter((x) => !x.startsWith('02')) : expected);

    const mail = watchMail(t);
    try {
      const res = await book({ ...booking({ serviceId: o.serviceId, customerEmail: 'dst@example.com' }), appointmentDate: `${change.date}T04:00:00` }, o.slug);
      expect(res.statusCode).toBe(201);
      // 04:00 after the change is PDT (UTC-7) in spring and PST (UTC-8) in autumn.
      const utcHour = change.forward ? '11' : '12';
      expect(icsField(icsOf((await mail.sentTo('dst@example.com'))[0]), 'DTSTART')).toBe(`${change.date.replace(/-/g, '')}T${utcHour}0000Z`);
    } finally {
      mail.stop();
    }
    if (change.forward) {
      const skipped = await book({ ...booking({ serviceId: o.serviceId }), appointmentDate: `${change.date}T02:30:00` }, o.slug);
      expect(skipped.statusCode).toBe(400);
      expect(skipped.json().message).toBe("That time does not exist in the organization's time zone");
    }
  });
});
