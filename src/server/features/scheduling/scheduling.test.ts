import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, customers, workOrders } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { guardSlot } from './appointment-writes';
import { setAppointmentAssignees } from '../team/assignees';
import { bookingOrg, icsField, icsOf, nextMonthDay, nextWeekday, watchMail, type BookingOrg } from './scheduling.test-kit';
import { addDays, todayIn } from '../../platform/wall-clock';

const TZ = 'America/Los_Angeles';

let t: TestApp;
let org: BookingOrg;
let admin: string;
let employee: string;
let customer: string;
let superUser: string;

beforeAll(async () => {
  t = await createTestApp();
  org = await bookingOrg(t);
  const as = async (role: string, organizationId: number | null) => t.cookieFor((await t.createUser({ role, organizationId })).id);
  admin = await as('org_admin', org.id);
  employee = await as('employee', org.id);
  customer = await as('customer', org.id);
  superUser = await as('super_user', null);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: string, url: string, payload?: unknown, cookie = org.manager) => t.call({ method: method as 'GET', url, cookie, payload: payload as object });
const issues = async (method: string, url: string, payload: unknown) => {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBe(400);
  return res.json().issues as { path: string; message: string }[];
};

describe('permissions', () => {
  it('employees read, managers and admins write, customers and strangers get nothing', async () => {
    for (const url of ['/api/services', '/api/schedule-settings', '/api/reminder-settings', '/api/appointments']) {
      expect((await call('GET', url, undefined, employee)).statusCode, url).toBe(200);
      expect((await call('GET', url, undefined, customer)).statusCode, url).toBe(403);
      expect((await t.call({ url })).statusCode, url).toBe(401);
    }
    expect((await call('POST', '/api/services', { name: 'X', duration: 30 }, employee)).statusCode).toBe(403);
    expect((await call('POST', '/api/appointments', {}, employee)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/appointments/1', undefined, employee)).statusCode).toBe(403);
    expect((await call('PUT', `/api/schedule-settings/${org.settingsId}`, { requirePhone: true }, employee)).statusCode).toBe(403);
    expect((await call('POST', '/api/services', { name: 'By admin', duration: 30 }, admin)).statusCode).toBe(201);
  });
});

describe('services', () => {
  it('validates with the documented messages', async () => {
    expect(await issues('POST', '/api/services', { name: ' ', duration: 60 })).toEqual([{ path: 'name', message: 'Service name is required' }]);
    expect(await issues('POST', '/api/services', { name: 'A', duration: 10 })).toEqual([{ path: 'duration', message: 'Minimum duration is 15 minutes' }]);
    expect((await issues('POST', '/api/services', { name: 'A', duration: 50 }))[0].path).toBe('duration');
    expect(await issues('POST', '/api/services', { name: 'A', price: -1 })).toEqual([{ path: 'price', message: 'Price must be positive' }]);
  });

  it('creates with defaults, changes, lists by name and deletes', async () => {
    const res = await call('POST', '/api/services', { name: 'Zeta wash', price: 12.5 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Zeta wash', duration: 60, price: '12.50', isActive: true, organizationId: org.id, description: null });
    const id = res.json().id;
    const put = await call('PUT', `/api/services/${id}`, { duration: 45, isActive: false, description: 'Outside only' });
    expect(put.json()).toMatchObject({ duration: 45, isActive: false, description: 'Outside only', price: '12.50' });
    const names = (await call('GET', '/api/services', undefined, employee)).json().map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(names).toContain('Zeta wash');
    expect((await call('DELETE', `/api/services/${id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/services/${id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/services/${id}`, { name: 'x' })).json()).toEqual({ code: 'NOT_FOUND', message: 'Service not found' });
  });

  it('populates services from work order titles only when there are none', async () => {
    const o = await t.createOrganization();
    const m = await t.cookieFor((await t.createUser({ role: 'manager', organizationId: o.id })).id);
    const n = { v: 0 };
    const [c] = await t.database.db.insert(customers).values({ organizationId: o.id, name: 'Owner' }).returning();
    for (const title of ['Gutter cleaning', 'gutter cleaning', 'Roof repair']) {
      await t.database.db.insert(workOrders).values({ organizationId: o.id, orderNumber: `WO-9${++n.v}`, customerId: c.id, title, totalCost: '150.00' });
    }
    const first = await t.call({ method: 'POST', url: '/api/migrate-work-orders', cookie: m });
    expect(first.json()).toEqual({ servicesCreated: 2, appointmentsCreated: 0 });
    const list = (await t.call({ url: '/api/services', cookie: m })).json();
    expect(list.map((s: { name: string; price: string }) => [s.name, s.price]).sort()).toEqual([
      ['Roof repair', '150.00'],
      ['gutter cleaning', '150.00'],
    ]);
    const again = await t.call({ method: 'POST', url: '/api/migrate-work-orders', cookie: m });
    expect(again.json()).toEqual({ servicesCreated: 0, appointmentsCreated: 0 });
  });
});

describe('schedule settings', () => {
  it('answers null before setup, then the settings with an unguessable token; a second setup is refused', async () => {
    const o = await t.createOrganization();
    const m = await t.cookieFor((await t.createUser({ role: 'manager', organizationId: o.id })).id);
    expect((await t.call({ url: '/api/schedule-settings', cookie: m })).json()).toBeNull();
    const res = await t.call({ method: 'POST', url: '/api/schedule-settings', cookie: m, payload: {} });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      organizationId: o.id,
      timeZone: 'America/New_York',
      advanceBookingDays: 30,
      requirePhone: false,
      autoConfirm: true,
      allowCancellation: true,
      cancellationHours: 24,
      mondayEnabled: true,
      saturdayEnabled: false,
      sundayEnabled: false,
      fridayStart: '09:00',
      fridayEnd: '17:00',
    });
    expect(s.scheduleToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(s.scheduleToken).not.toContain(o.slug);
    expect((await t.call({ method: 'POST', url: '/api/schedule-settings', cookie: m, payload: {} })).statusCode).toBe(409);
    expect((await t.call({ url: '/api/schedule-settings', cookie: m })).json().id).toBe(s.id);
  });

  it('checks every range', async () => {
    const url = `/api/schedule-settings/${org.settingsId}`;
    expect(await issues('PUT', url, { advanceBookingDays: 0 })).toEqual([{ path: 'advanceBookingDays', message: 'Advance booking days must be between 1 and 365' }]);
    expect((await issues('PUT', url, { advanceBookingDays: 366 }))[0].path).toBe('advanceBookingDays');
    expect(await issues('PUT', url, { cancellationHours: 169 })).toEqual([{ path: 'cancellationHours', message: 'Cancellation hours must be between 1 and 168' }]);
    expect(await issues('PUT', url, { timeZone: 'Mars/Olympus' })).toEqual([{ path: 'timeZone', message: 'Please choose a valid time zone' }]);
    expect(await issues('PUT', url, { mondayStart: '9:00' })).toEqual([{ path: 'mondayStart', message: 'Use the 24-hour HH:MM format' }]);
    expect(await issues('PUT', url, { tuesdayStart: '12:00', tuesdayEnd: '11:00' })).toEqual([{ path: 'tuesdayEnd', message: 'Start time must be before end time' }]);
    // Against the stored end (17:00).
    expect(await issues('PUT', url, { wednesdayStart: '18:00' })).toEqual([{ path: 'wednesdayEnd', message: 'Start time must be before end time' }]);
    const ok = await call('PUT', url, { cancellationHours: 48, thursdayStart: '08:30' });
    expect(ok.json()).toMatchObject({ cancellationHours: 48, thursdayStart: '08:30', timeZone: TZ });
  });
});

describe('reminder settings', () => {
  it('creates, reads and updates with timings unique and ascending', async () => {
    expect((await call('GET', '/api/reminder-settings')).json()).toBeNull();
    const created = await call('POST', '/api/reminder-settings', { customTimings: [48, 2, 24] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ isEnabled: true, defaultTiming: 24, emailEnabled: true, smsEnabled: false, customTimings: [2, 24, 48] });
    const id = created.json().id;
    expect(await issues('PUT', `/api/reminder-settings/${id}`, { customTimings: [24, 24] })).toEqual([
      { path: 'customTimings', message: 'This timing already exists in your custom timings.' },
    ]);
    expect((await issues('PUT', `/api/reminder-settings/${id}`, { customTimings: [0] }))[0].message).toBe('Please enter a valid number of hours.');
    expect((await issues('PUT', `/api/reminder-settings/${id}`, { customTimings: [1.5] }))[0].message).toBe('Please enter a valid number of hours.');
    const put = await call('PUT', `/api/reminder-settings/${id}`, { smsEnabled: true, smsTemplate: 'See you {appointmentTime}. Reply STOP to opt out', customTimings: [168, 1] });
    expect(put.json()).toMatchObject({ smsEnabled: true, customTimings: [1, 168], emailEnabled: true });
    expect((await call('GET', '/api/reminder-settings', undefined, employee)).json().id).toBe(id);
    expect((await call('PUT', '/api/reminder-settings/999999', { isEnabled: false })).statusCode).toBe(404);
  });
});

describe('appointments', () => {
  const valid = (over: Record<string, unknown> = {}) => ({
    customerName: 'Dana Client',
    customerEmail: 'dana@example.com',
    customerPhone: '5551230000',
    serviceId: org.serviceId,
    appointmentDate: `${nextWeekday(TZ, 1, addDays(todayIn(TZ), 40))}T10:00`,
    ...over,
  });

  it('validates with the documented messages', async () => {
    expect(await issues('POST', '/api/appointments', valid({ customerName: '' }))).toEqual([{ path: 'customerName', message: 'Customer name is required' }]);
    expect(await issues('POST', '/api/appointments', valid({ customerEmail: 'nope' }))).toEqual([{ path: 'customerEmail', message: 'Valid email is required' }]);
    expect(await issues('POST', '/api/appointments', valid({ customerEmail: '' }))).toEqual([{ path: 'customerEmail', message: 'Valid email is required' }]);
    expect(await issues('POST', '/api/appointments', valid({ serviceId: undefined }))).toEqual([{ path: 'serviceId', message: 'Service selection is required' }]);
    expect(await issues('POST', '/api/appointments', valid({ appointmentDate: '' }))).toEqual([{ path: 'appointmentDate', message: 'Appointment date is required' }]);
    expect(await issues('POST', '/api/appointments', valid({ appointmentDate: '2031-03-04' }))).toEqual([{ path: 'appointmentTime', message: 'Appointment time is required' }]);
    expect(await issues('POST', '/api/appointments', valid({ appointmentDate: `${addDays(todayIn(TZ), -1)}T10:00` }))).toEqual([
      { path: 'appointmentDate', message: 'Appointment date cannot be in the past' },
    ]);
    const other = await bookingOrg(t);
    expect(await issues('POST', '/api/appointments', valid({ serviceId: other.serviceId }))).toEqual([{ path: 'serviceId', message: 'Service not found' }]);
  });

  it('creates with the service duration, e-mails REQUEST, updates with a higher SEQUENCE, cancels with CANCEL', async () => {
    const mail = watchMail(t);
    try {
      const day = nextMonthDay(TZ, 2, 10);
      const created = await call('POST', '/api/appointments', valid({ appointmentDate: day, appointmentTime: '09:00', customerEmail: 'ics@example.com', notes: 'private' }));
      expect(created.statusCode, created.body).toBe(201);
      const a = created.json();
      expect(a).toMatchObject({ appointmentDate: `${day}T09:00:00`, duration: 60, status: 'scheduled', serviceName: 'Tune-up', source: 'staff', notes: 'private' });
      const first = icsOf(mail.sent.at(-1)!);
      expect(mail.sent.at(-1)!.to).toBe('ics@example.com');
      expect(icsField(first, 'METHOD')).toBe('REQUEST');
      expect(icsField(first, 'DTSTART')).toBe(`${day.replace(/-/g, '')}T170000Z`);
      expect(first).not.toContain('private');

      await new Promise((r) => setTimeout(r, 1100));
      const moved = await call('PUT', `/api/appointments/${a.id}`, { appointmentDate: `${day}T11:30`, duration: 90 });
      expect(moved.json()).toMatchObject({ appointmentDate: `${day}T11:30:00`, duration: 90 });
      const second = icsOf(mail.sent.at(-1)!);
      expect(icsField(second, 'UID')).toBe(icsField(first, 'UID'));
      expect(Number(icsField(second, 'SEQUENCE'))).toBeGreaterThan(Number(icsField(first, 'SEQUENCE')));
      expect(icsField(second, 'DTSTART')).toBe(`${day.replace(/-/g, '')}T193000Z`);
      expect(icsField(second, 'DTEND')).toBe(`${day.replace(/-/g, '')}T210000Z`);
      expect(mail.sent.at(-1)!.subject).toMatch(/^Appointment updated/);

      await new Promise((r) => setTimeout(r, 1100));
      const cancelled = await call('DELETE', `/api/appointments/${a.id}`);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().status).toBe('cancelled');
      const last = mail.sent.at(-1)!;
      expect(last.attachments?.[0].contentType).toBe('text/calendar; method=CANCEL');
      const third = icsOf(last);
      expect(icsField(third, 'METHOD')).toBe('CANCEL');
      expect(icsField(third, 'STATUS')).toBe('CANCELLED');
      expect(Number(icsField(third, 'SEQUENCE'))).toBeGreaterThan(Number(icsField(second, 'SEQUENCE')));
      const count = mail.sent.length;
      // Cancelling twice sends nothing more.
      expect((await call('DELETE', `/api/appointments/${a.id}`)).statusCode).toBe(200);
      expect(mail.sent.length).toBe(count);
      // The freed slot can be booked again.
      expect((await call('POST', '/api/appointments', valid({ appointmentDate: `${day}T11:30` }))).statusCode).toBe(201);
    } finally {
      mail.stop();
    }
  });

  it('refuses an overlap with 409, on create and on update', async () => {
    const day = nextWeekday(TZ, 2, addDays(todayIn(TZ), 50));
    const a = await call('POST', '/api/appointments', valid({ appointmentDate: `${day}T09:00` }));
    const b = await call('POST', '/api/appointments', valid({ appointmentDate: `${day}T10:00` }));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const clash = await call('POST', '/api/appointments', valid({ appointmentDate: `${day}T09:45`, duration: 30 }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ code: 'CONFLICT', message: 'That time is no longer available' });
    const longer = await call('PUT', `/api/appointments/${a.json().id}`, { duration: 90 });
    expect(longer.statusCode).toBe(409);
    expect(longer.json()).toEqual({ code: 'CONFLICT', message: 'That time is no longer available' });
    // Changing only the notes of a booked appointment is not an overlap with itself.
    expect((await call('PUT', `/api/appointments/${a.json().id}`, { notes: 'ring twice' })).statusCode).toBe(200);
  });

  it('maps the exclusion constraint (23P01) to the 409 when two writers pass the friendly check', async () => {
    const day = nextWeekday(TZ, 4, addDays(todayIn(TZ), 60));
    const db = t.database.db;
    const [held] = await db.insert(appointments).values({ organizationId: org.id, customerEmail: 'x@example.com', appointmentDate: `${day}T09:00:00`, duration: 60 }).returning();
    await setAppointmentAssignees(db, org.id, held.id, [org.managerId]);
    // The check looks at a free time; the write then hits the taken one, as a racing writer would.
    const racing = db.transaction((tx) =>
      guardSlot(tx, { organizationId: org.id, wall: `${day}T15:00:00`, duration: 30, bufferBefore: 0, bufferAfter: 0, userIds: [org.managerId] }, async () => {
        const [row] = await tx.insert(appointments).values({ organizationId: org.id, customerEmail: 'y@example.com', appointmentDate: `${day}T09:30:00`, duration: 30 }).returning();
        await setAppointmentAssignees(tx, org.id, row.id, [org.managerId]);
      }),
    );
    await expect(racing).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.status === 409 && e.message === 'That time is no longer available');
  });

  it('lists by day range in wall-clock order, and 404s an unknown id', async () => {
    const day = nextWeekday(TZ, 5, addDays(todayIn(TZ), 70));
    await call('POST', '/api/appointments', valid({ appointmentDate: `${day}T15:00` }));
    await call('POST', '/api/appointments', valid({ appointmentDate: `${day}T08:00` }));
    await call('POST', '/api/appointments', valid({ appointmentDate: `${addDays(day, 1)}T08:00` }));
    const res = await call('GET', `/api/appointments?from=${day}&to=${day}`, undefined, employee);
    expect(res.json().map((a: { appointmentDate: string }) => a.appointmentDate)).toEqual([`${day}T08:00:00`, `${day}T15:00:00`]);
    expect((await call('GET', `/api/appointments?from=${day}&to=${addDays(day, -1)}`)).statusCode).toBe(400);
    expect((await call('GET', '/api/appointments/999999')).json()).toEqual({ code: 'NOT_FOUND', message: 'Appointment not found' });
    expect((await call('PUT', '/api/appointments/999999', { notes: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/appointments/999999')).statusCode).toBe(404);
  });

  it('lets a super user work on a chosen organization', async () => {
    const res = await call('POST', '/api/appointments', valid({ organizationId: org.id, appointmentDate: `${nextWeekday(TZ, 6, addDays(todayIn(TZ), 80))}T10:00` }), superUser);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().organizationId).toBe(org.id);
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, res.json().id));
    expect(row.organizationId).toBe(org.id);
  });
});
