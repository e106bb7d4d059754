// The calendar file of appointment e-mails as a customer's calendar reads it: SEQUENCE grows with every change
// even within one second, a pending request is tentative, and the UID names this installation's host.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema/index';
import { addDays, todayIn } from '../../platform/wall-clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { uidHost } from './appointment-ics';
import { bookingOrg, icsField, icsOf, nextWeekday, watchMail, type BookingOrg } from './scheduling.test-kit';

const TZ = 'America/Los_Angeles';
let t: TestApp;
let org: BookingOrg;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://books.example.com', MAIL_FROM: 'Tradebook <no-reply@tradebook.test>' });
  org = await bookingOrg(t);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: string, url: string, payload?: unknown) => t.call({ method: method as 'GET', url, cookie: org.manager, payload: payload as object });
const day = (offset: number) => nextWeekday(TZ, 2, addDays(todayIn(TZ), offset));

describe('appointment calendar files', () => {
  it('SEQUENCE grows with every change made in the same second, and the UID carries APP_URL’s host', async () => {
    await t.database.db.update(organizations).set({ name: 'Acme, "Tune-ups"', email: 'desk@acme.example' }).where(eq(organizations.id, org.id));
    const mail = watchMail(t);
    try {
      const d = day(30);
      const created = await call('POST', '/api/appointments', { customerName: 'Dana', customerEmail: 'dana@example.com', serviceId: org.serviceId, appointmentDate: `${d}T09:00` });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id;
      // Four changes back to back: no pause between them.
      expect((await call('PUT', `/api/appointments/${id}`, { appointmentDate: `${d}T10:00` })).statusCode).toBe(200);
      expect((await call('PUT', `/api/appointments/${id}`, { duration: 90 })).statusCode).toBe(200);
      expect((await call('PUT', `/api/appointments/${id}`, { notes: 'gate code' })).statusCode).toBe(200);
      expect((await call('DELETE', `/api/appointments/${id}`)).statusCode).toBe(200);
      const files = mail.sent.filter((m) => m.to === 'dana@example.com').map(icsOf);
      expect(files).toHaveLength(5);
      const sequences = files.map((f) => Number(icsField(f, 'SEQUENCE')));
      // A revision counter: the invitation is 0, each change the customer is sent one more.
      expect(sequences).toEqual([0, 1, 2, 3, 4]);
      expect(new Set(files.map((f) => icsField(f, 'UID')))).toEqual(new Set([`appointment-${id}@books.example.com`]));
      expect(files.map((f) => icsField(f, 'STATUS'))).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'CANCELLED']);
      // From the organization by name; replies reach its own address.
      for (const m of mail.sent.filter((x) => x.to === 'dana@example.com')) expect(m).toMatchObject({ fromName: 'Acme, "Tune-ups"', replyTo: 'desk@acme.example' });
    } finally {
      mail.stop();
    }
  });

  it('a booking request awaiting confirmation is STATUS:TENTATIVE, and CONFIRMED once the business confirms it', async () => {
    const other = await bookingOrg(t, { autoConfirm: false });
    const mail = watchMail(t);
    try {
      const payload = { customerName: 'Kim', customerEmail: 'kim@example.com', customerPhone: '555-123-4567', serviceId: other.serviceId, duration: 60, appointmentDate: `${day(20)}T09:00:00` };
      const res = await t.call({ method: 'POST', url: `/api/public/schedule-by-slug/${other.slug}/book`, payload });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().status).toBe('pending');
      const request = icsOf((await mail.sentTo('kim@example.com')).at(-1)!);
      expect(icsField(request, 'STATUS')).toBe('TENTATIVE');
      expect(icsField(request, 'METHOD')).toBe('REQUEST');

      const confirmed = await t.call({ method: 'PUT', url: `/api/appointments/${res.json().id}`, cookie: other.manager, payload: { status: 'confirmed' } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const update = icsOf(mail.sent.filter((m) => m.to === 'kim@example.com').at(-1)!);
      expect(icsField(update, 'STATUS')).toBe('CONFIRMED');
      expect(Number(icsField(update, 'SEQUENCE'))).toBeGreaterThan(Number(icsField(request, 'SEQUENCE')));
    } finally {
      mail.stop();
    }
  });

  it('the UID host: APP_URL’s, else MAIL_FROM’s domain for an installation known only as localhost', () => {
    expect(uidHost('https://books.example.com', 'Tradebook <no-reply@tradebook.test>')).toBe('books.example.com');
    expect(uidHost('http://localhost:3000', 'Tradebook <no-reply@Mail.Example.org>')).toBe('mail.example.org');
    expect(uidHost('http://127.0.0.1:3000', 'no-reply@plain.example')).toBe('plain.example');
    expect(uidHost('http://localhost:3000', 'Tradebook')).toBe('tradebook.invalid');
  });
});
