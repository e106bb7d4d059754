import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { appointments, reminderSettings, scheduleSettings, services } from '../../db/schema/index';
import type { IsolationCase, World } from '../../test/isolation';

async function serviceOf(w: World, organizationId = w.orgA.id) {
  const [s] = await w.t.database.db.insert(services).values({ organizationId, name: `Private service ${randomBytes(3).toString('hex')}` }).returning();
  return s;
}

/** Organization A's settings (made once; the isolation world is shared). */
async function settingsOfA(w: World) {
  const db = w.t.database.db;
  const [found] = await db.select().from(scheduleSettings).where(eq(scheduleSettings.organizationId, w.orgA.id));
  if (found) return found;
  const [row] = await db.insert(scheduleSettings).values({ organizationId: w.orgA.id, scheduleToken: randomBytes(24).toString('base64url') }).returning();
  return row;
}

async function reminderSettingsOfA(w: World) {
  const db = w.t.database.db;
  const [found] = await db.select().from(reminderSettings).where(eq(reminderSettings.organizationId, w.orgA.id));
  if (found) return found;
  const [row] = await db.insert(reminderSettings).values({ organizationId: w.orgA.id }).returning();
  return row;
}

let minute = 0;
async function appointmentOfA(w: World) {
  // Far ahead and apart, so cases never collide with each other's times.
  minute += 120;
  const at = new Date(Date.UTC(2031, 0, 1) + minute * 60_000).toISOString().slice(0, 19);
  const [a] = await w.t.database.db
    .insert(appointments)
    .values({ organizationId: w.orgA.id, customerName: 'Private A', customerEmail: 'private-a@example.com', appointmentDate: at, duration: 30 })
    .returning();
  return a;
}

const ids = (body: { id: number }[]) => body.map((x) => x.id);

export const isolationCases: Record<string, IsolationCase> = {
  'GET /api/services': {
    kind: 'custom',
    run: async (w) => {
      const s = await serviceOf(w);
      const b = await w.t.call({ url: `/api/services?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(ids(b.json())).not.toContain(s.id);
      expect((await w.t.call({ url: '/api/services', cookie: w.customerB.cookie })).statusCode).toBe(403);
      expect(ids((await w.t.call({ url: '/api/services', cookie: w.adminA.cookie })).json())).toContain(s.id);
    },
  },
  'POST /api/services': {
    kind: 'custom',
    run: async (w) => {
      const res = await w.t.call({ method: 'POST', url: '/api/services', cookie: w.adminB.cookie, payload: { name: 'Planted', organizationId: w.orgA.id } });
      expect(res.statusCode).toBe(201);
      expect(res.json().organizationId).toBe(w.orgB.id);
    },
  },
  'PUT /api/services/:id': {
    kind: 'custom',
    run: async (w) => {
      const s = await serviceOf(w);
      const res = await w.t.call({ method: 'PUT', url: `/api/services/${s.id}`, cookie: w.adminB.cookie, payload: { name: 'Hijacked' } });
      expect(res.statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(services).where(eq(services.id, s.id));
      expect(row.name).toBe(s.name);
    },
  },
  'DELETE /api/services/:id': {
    kind: 'custom',
    run: async (w) => {
      const s = await serviceOf(w);
      expect((await w.t.call({ method: 'DELETE', url: `/api/services/${s.id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      expect(await w.t.database.db.select().from(services).where(eq(services.id, s.id))).toHaveLength(1);
      expect((await w.t.call({ method: 'DELETE', url: `/api/services/${s.id}`, cookie: w.adminA.cookie })).statusCode).toBe(204);
    },
  },
  'POST /api/migrate-work-orders': {
    kind: 'custom',
    run: async (w) => {
      const before = await w.t.database.db.select().from(services).where(eq(services.organizationId, w.orgA.id));
      const res = await w.t.call({ method: 'POST', url: '/api/migrate-work-orders', cookie: w.adminB.cookie, payload: { organizationId: w.orgA.id } });
      expect(res.statusCode).toBe(200);
      expect(await w.t.database.db.select().from(services).where(eq(services.organizationId, w.orgA.id))).toHaveLength(before.length);
    },
  },
  'GET /api/schedule-settings': {
    kind: 'custom',
    run: async (w) => {
      const s = await settingsOfA(w);
      const b = await w.t.call({ url: `/api/schedule-settings?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(200);
      expect(b.body).not.toContain(s.scheduleToken);
      expect((await w.t.call({ url: '/api/schedule-settings', cookie: w.adminA.cookie })).json().scheduleToken).toBe(s.scheduleToken);
    },
  },
  'POST /api/schedule-settings': {
    kind: 'custom',
    run: async (w) => {
      await settingsOfA(w);
      const res = await w.t.call({ method: 'POST', url: '/api/schedule-settings', cookie: w.adminB.cookie, payload: { organizationId: w.orgA.id, advanceBookingDays: 7 } });
      // B sets up its own organization, never A's.
      expect(res.statusCode).toBe(201);
      expect(res.json().organizationId).toBe(w.orgB.id);
      const [a] = await w.t.database.db.select().from(scheduleSettings).where(eq(scheduleSettings.organizationId, w.orgA.id));
      expect(a.advanceBookingDays).toBe(30);
    },
  },
  'PUT /api/schedule-settings/:id': {
    kind: 'custom',
    run: async (w) => {
      const s = await settingsOfA(w);
      const res = await w.t.call({ method: 'PUT', url: `/api/schedule-settings/${s.id}`, cookie: w.adminB.cookie, payload: { requirePhone: true } });
      expect(res.statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(scheduleSettings).where(eq(scheduleSettings.id, s.id));
      expect(row.requirePhone).toBe(false);
    },
  },
  'GET /api/reminder-settings': {
    kind: 'custom',
    run: async (w) => {
      const r = await reminderSettingsOfA(w);
      const b = (await w.t.call({ url: `/api/reminder-settings?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie })).json();
      expect(b?.id ?? null).not.toBe(r.id);
      expect((await w.t.call({ url: '/api/reminder-settings', cookie: w.adminA.cookie })).json().id).toBe(r.id);
    },
  },
  'POST /api/reminder-settings': {
    kind: 'custom',
    run: async (w) => {
      await reminderSettingsOfA(w);
      const res = await w.t.call({ method: 'POST', url: '/api/reminder-settings', cookie: w.adminB.cookie, payload: { organizationId: w.orgA.id, isEnabled: false } });
      expect(res.json().organizationId).toBe(w.orgB.id);
      const [a] = await w.t.database.db.select().from(reminderSettings).where(eq(reminderSettings.organizationId, w.orgA.id));
      expect(a.isEnabled).toBe(true);
    },
  },
  'PUT /api/reminder-settings/:id': {
    kind: 'custom',
    run: async (w) => {
      const r = await reminderSettingsOfA(w);
      const res = await w.t.call({ method: 'PUT', url: `/api/reminder-settings/${r.id}`, cookie: w.adminB.cookie, payload: { isEnabled: false } });
      expect(res.statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(reminderSettings).where(eq(reminderSettings.id, r.id));
      expect(row.isEnabled).toBe(true);
    },
  },
  'GET /api/appointments': {
    kind: 'custom',
    run: async (w) => {
      const a = await appointmentOfA(w);
      const b = await w.t.call({ url: `/api/appointments?organizationId=${w.orgA.id}`, cookie: w.adminB.cookie });
      expect(ids(b.json())).not.toContain(a.id);
      expect(b.body).not.toContain('private-a@example.com');
      expect(ids((await w.t.call({ url: '/api/appointments', cookie: w.adminA.cookie })).json())).toContain(a.id);
    },
  },
  'GET /api/appointments/:id': {
    kind: 'custom',
    run: async (w) => {
      const a = await appointmentOfA(w);
      const b = await w.t.call({ url: `/api/appointments/${a.id}`, cookie: w.adminB.cookie });
      expect(b.statusCode).toBe(404);
      expect(b.json()).toEqual({ code: 'NOT_FOUND', message: 'Appointment not found' });
      expect((await w.t.call({ url: `/api/appointments/${a.id}`, cookie: w.adminA.cookie })).json().id).toBe(a.id);
    },
  },
  'POST /api/appointments': {
    kind: 'custom',
    run: async (w) => {
      const s = await serviceOf(w);
      // A's service cannot be used from B, nor can B place the appointment in A.
      const res = await w.t.call({
        method: 'POST',
        url: '/api/appointments',
        cookie: w.adminB.cookie,
        payload: { customerName: 'X', customerEmail: 'x@example.com', serviceId: s.id, appointmentDate: '2031-06-02T10:00', organizationId: w.orgA.id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([{ path: 'serviceId', message: 'Service not found' }]);
      const own = await serviceOf(w, w.orgB.id);
      const ok = await w.t.call({
        method: 'POST',
        url: '/api/appointments',
        cookie: w.adminB.cookie,
        payload: { customerName: 'X', customerEmail: 'x@example.com', serviceId: own.id, appointmentDate: '2031-06-02T10:00', organizationId: w.orgA.id },
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().organizationId).toBe(w.orgB.id);
    },
  },
  'PUT /api/appointments/:id': {
    kind: 'custom',
    run: async (w) => {
      const a = await appointmentOfA(w);
      const res = await w.t.call({ method: 'PUT', url: `/api/appointments/${a.id}`, cookie: w.adminB.cookie, payload: { notes: 'Hijacked' } });
      expect(res.statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(appointments).where(eq(appointments.id, a.id));
      expect(row.notes).toBeNull();
    },
  },
  'DELETE /api/appointments/:id': {
    kind: 'custom',
    run: async (w) => {
      const a = await appointmentOfA(w);
      expect((await w.t.call({ method: 'DELETE', url: `/api/appointments/${a.id}`, cookie: w.adminB.cookie })).statusCode).toBe(404);
      const [row] = await w.t.database.db.select().from(appointments).where(and(eq(appointments.id, a.id)));
      expect(row.status).toBe('scheduled');
    },
  },
  'GET /api/public/schedule-by-slug/:slug': {
    kind: 'public',
    why: "an organization's published booking page: contact, active services, booking hours; no token or customer data (public-booking.test.ts)",
  },
  'GET /api/public/appointments-by-slug/:slug': {
    kind: 'public',
    why: 'only start and length of the taken times of a day, no names, e-mails or notes (public-booking.test.ts)',
  },
  'GET /api/public/slots-by-slug/:slug': { kind: 'public', why: 'the bookable times derived from the published hours (public-booking.test.ts)' },
  'POST /api/public/schedule-by-slug/:slug/book': {
    kind: 'public',
    why: 'creates a booking in the organization named by the slug or token; answers only its own id, time and status',
  },
  'GET /api/public/services-by-slug/:slug': { kind: 'public', why: "an organization's published active services" },
  'GET /api/public/appointments/:token': { kind: 'public', why: 'the one appointment whose e-mailed link holds the unguessable token (appointment-links.test.ts)' },
  'POST /api/public/appointments/:token/cancel': { kind: 'public', why: 'cancels only the appointment its token names (appointment-links.test.ts)' },
  'POST /api/public/appointments/:token/reschedule': { kind: 'public', why: 'moves only the appointment its token names (appointment-links.test.ts)' },
  'POST /api/public/bookings/:token/deposit-intent': {
    kind: 'public',
    why: "starts the deposit of only the held booking its unguessable hold token names; any other token is 404 (booking-hold.test.ts)",
  },
  'POST /api/public/bookings/:token/setup-intent': {
    kind: 'public',
    why: "starts saving a card for only the held booking its unguessable hold token names, to that booking's customer (booking-hold.test.ts)",
  },
};
