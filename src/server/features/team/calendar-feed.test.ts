// The private calendar feed (docs/rules/team.md#calendar-feed), read back by an independent parser (ical.js,
// Mozilla's, as calendar apps would), across the 2027 daylight-saving changes in America/New_York.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { setAppointmentAssignees } from './assignees';
import { calendarFeedText } from './calendar-feed';
import { bookingOrg, nextWeekday } from '../scheduling/scheduling.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface FeedEvent {
  uid: string;
  summary: string;
  start: string;
  end: string;
  location: string | null;
  description: string;
}

function parseFeed(text: string): { name: string; events: FeedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    events: calendar.getAllSubcomponents('vevent').map((c) => {
      const e = new ICAL.Event(c);
      return {
        uid: e.uid,
        summary: e.summary,
        start: e.startDate.toJSDate().toISOString(),
        end: e.endDate.toJSDate().toISOString(),
        location: e.location ?? null,
        description: e.description,
      };
    }),
  };
}

describe('a staff member’s calendar feed', () => {
  it('is made, read by a calendar, replaced and revoked by its owner; it holds only their appointments', async () => {
    const org = await bookingOrg(t, { timeZone: 'America/New_York' });
    const dana = await t.createUser({ role: 'employee', organizationId: org.id, firstName: 'Dana', lastName: 'Reyes' });
    const danaCookie = await t.cookieFor(dana.id);
    const call = (method: string, url: string, payload?: unknown, cookie = org.manager) => t.call({ method: method as 'GET', url, cookie, payload: payload as object });
    const customer = await call('POST', '/api/customers', { name: 'Lee Park', email: 'lee@example.com', address: '12 Elm St', city: 'Springfield', state: 'IL', zip: '62701' });
    const day = nextWeekday('America/New_York', 2);
    const hers = await call('POST', '/api/appointments', { customerId: customer.json().id, customerName: 'Lee Park', serviceId: org.serviceId, appointmentDate: `${day}T10:00`, notes: 'Dog in yard; use side gate', assigneeIds: [dana.id] });
    expect(hers.statusCode, hers.body).toBe(201);
    await call('POST', '/api/appointments', { customerName: 'Not Hers', customerEmail: 'other@example.com', serviceId: org.serviceId, appointmentDate: `${day}T10:00` });
    const cancelled = await call('POST', '/api/appointments', { customerName: 'Cancelled', customerEmail: 'c@example.com', serviceId: org.serviceId, appointmentDate: `${day}T14:00`, assigneeIds: [dana.id] });
    await call('DELETE', `/api/appointments/${cancelled.json().id}`);

    expect((await call('GET', '/api/me/calendar-feed', undefined, danaCookie)).json()).toEqual({ active: false, createdAt: null });
    const made = await call('POST', '/api/me/calendar-feed', undefined, danaCookie);
    expect(made.statusCode).toBe(201);
    const url = new URL(made.json().url);
    expect(url.pathname).toMatch(/^\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    // Shown once: reading it again says only that it exists.
    expect((await call('GET', '/api/me/calendar-feed', undefined, danaCookie)).json()).toEqual({ active: true, createdAt: made.json().createdAt });

    const feed = await t.call({ url: url.pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const parsed = parseFeed(feed.body);
    expect(parsed.name).toContain('Dana Reyes');
    expect(parsed.events).toHaveLength(1);
    expect(parsed.events[0]).toMatchObject({ summary: 'Tune-up – Lee Park', location: '12 Elm St, Springfield, IL 62701' });
    expect(parsed.events[0].description).toContain('Dog in yard; use side gate');
    expect(new Date(parsed.events[0].end).getTime() - new Date(parsed.events[0].start).getTime()).toBe(60 * 60_000);

    // A change shows at the next refresh.
    await call('PUT', `/api/appointments/${hers.json().id}`, { appointmentDate: `${day}T11:00` });
    const moved = parseFeed((await t.call({ url: url.pathname })).body).events[0];
    expect(new Date(moved.start).getTime() - new Date(parsed.events[0].start).getTime()).toBe(60 * 60_000);

    const replaced = await call('POST', '/api/me/calendar-feed', undefined, danaCookie);
    expect((await t.call({ url: url.pathname })).statusCode).toBe(404);
    const newPath = new URL(replaced.json().url).pathname;
    expect((await t.call({ url: newPath })).statusCode).toBe(200);
    await call('DELETE', '/api/me/calendar-feed', undefined, danaCookie);
    expect((await t.call({ url: newPath })).statusCode).toBe(404);
    expect((await t.call({ url: '/api/calendar-feed/not-a-token.ics' })).statusCode).toBe(400);
  });

  it('is for staff only, and stops when its owner leaves the team', async () => {
    const org = await bookingOrg(t);
    const customer = await t.cookieFor((await t.createUser({ role: 'customer', organizationId: org.id })).id);
    expect((await t.call({ method: 'POST', url: '/api/me/calendar-feed', cookie: customer })).statusCode).toBe(403);
    const made = await t.call({ method: 'POST', url: '/api/me/calendar-feed', cookie: org.manager });
    const path = new URL(made.json().url).pathname;
    expect((await t.call({ url: path })).statusCode).toBe(200);
    const { users } = await import('../../db/schema/index');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, org.managerId));
    expect((await t.call({ url: path })).statusCode).toBe(404);
  });

  it('gives the right instants on both sides of the 2027 daylight-saving changes in New York', async () => {
    const org = await bookingOrg(t, { timeZone: 'America/New_York' });
    const db = t.database.db;
    const walls = ['2027-03-13T09:00:00', '2027-03-14T09:00:00', '2027-11-06T09:00:00', '2027-11-07T09:00:00', '2027-11-07T01:30:00'];
    for (const wall of walls) {
      const [row] = await db.insert(appointments).values({ organizationId: org.id, customerEmail: 'dst@example.com', customerName: 'DST', appointmentDate: wall, duration: 60 }).returning();
      await setAppointmentAssignees(db, org.id, row.id, [org.managerId]);
    }
    const made = await t.call({ method: 'POST', url: '/api/me/calendar-feed', cookie: org.manager });
    const token = new URL(made.json().url).pathname.replace(/^.*\//, '').replace(/\.ics$/, '');
    const deps = { appUrl: 'https://app.example.com', mailFrom: 'x@example.com' };
    const march = parseFeed(await calendarFeedText(db, token, deps, new Date('2027-03-01T12:00:00Z'))).events.map((e) => e.start);
    expect(march).toEqual(expect.arrayContaining(['2027-03-13T14:00:00.000Z', '2027-03-14T13:00:00.000Z']));
    const november = parseFeed(await calendarFeedText(db, token, deps, new Date('2027-11-01T12:00:00Z'))).events;
    expect(november.map((e) => e.start)).toEqual(['2027-11-06T13:00:00.000Z', '2027-11-07T05:30:00.000Z', '2027-11-07T14:00:00.000Z']);
    // 01:30 happens twice that night; the first (still daylight time) is the one meant, and it lasts an hour.
    const ambiguous = november[1];
    expect(new Date(ambiguous.end).getTime() - new Date(ambiguous.start).getTime()).toBe(60 * 60_000);
  });
});
