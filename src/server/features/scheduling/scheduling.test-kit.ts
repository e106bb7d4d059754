// Shared set-up for the scheduling tests: an organization with settings and a service, dates in its zone.
import { vi } from 'vitest';
import type { MailMessage } from '../../adapters/mail/mailer';
import type { TestApp } from '../../test/test-app';
import { addDays, instantOf, todayIn, weekdayOf } from '../../platform/wall-clock';

export interface BookingOrg {
  id: number;
  slug: string;
  manager: string;
  /** The manager's user id: the organization's one staff member unless a test adds more. */
  managerId: number;
  settingsId: number;
  token: string;
  serviceId: number;
}

export async function bookingOrg(t: TestApp, settings: Record<string, unknown> = {}, service: Record<string, unknown> = {}): Promise<BookingOrg> {
  const org = await t.createOrganization();
  const managerId = (await t.createUser({ role: 'manager', organizationId: org.id })).id;
  const manager = await t.cookieFor(managerId);
  const allDays = Object.fromEntries(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [`${d}Enabled`, true]));
  const s = await t.call({ method: 'POST', url: '/api/schedule-settings', cookie: manager, payload: { timeZone: 'America/Los_Angeles', advanceBookingDays: 365, ...allDays, ...settings } });
  if (s.statusCode !== 201) throw new Error(s.body);
  const sv = await t.call({ method: 'POST', url: '/api/services', cookie: manager, payload: { name: 'Tune-up', duration: 60, price: '80', ...service } });
  if (sv.statusCode !== 201) throw new Error(sv.body);
  return { id: org.id, slug: org.slug!, manager, managerId, settingsId: s.json().id, token: s.json().scheduleToken, serviceId: sv.json().id };
}

/** The next calendar date (after tomorrow) with this month and day. */
export function nextMonthDay(timeZone: string, month: number, day: number): string {
  const today = todayIn(timeZone);
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1]) {
    const d = `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    if (d > addDays(today, 1)) return d;
  }
  throw new Error('unreachable');
}

/** The next date (from tomorrow) falling on the weekday (0 = Sunday). */
export function nextWeekday(timeZone: string, weekday: number, from = addDays(todayIn(timeZone), 2)): string {
  let d = from;
  while (weekdayOf(d) !== weekday) d = addDays(d, 1);
  return d;
}

/** The next day within a year on which the zone's UTC offset changes, and whether clocks go forward. */
export function nextDstChange(timeZone: string): { date: string; forward: boolean } {
  let d = addDays(todayIn(timeZone), 1);
  for (let i = 0; i < 366; i++, d = addDays(d, 1)) {
    const before = instantOf(`${d}T00:00:00`, timeZone)!.getTime();
    const after = instantOf(`${addDays(d, 1)}T00:00:00`, timeZone)!.getTime();
    const hours = (after - before) / 3_600_000;
    if (hours !== 24) return { date: d, forward: hours === 23 };
  }
  throw new Error(`no DST change in ${timeZone}`);
}

/**
 * Records every e-mail sent through the app (and still sends it). `sentTo` waits for the e-mails to an address:
 * an online booking's confirmation goes out after the answer (after-commit.ts).
 */
export function watchMail(t: TestApp): { sent: MailMessage[]; sentTo: (to: string, count?: number) => Promise<MailMessage[]>; stop: () => void } {
  const sent: MailMessage[] = [];
  const real = t.deps.mailer.send.bind(t.deps.mailer);
  const spy = vi.spyOn(t.deps.mailer, 'send').mockImplementation(async (m) => {
    sent.push(m);
    return real(m);
  });
  const sentTo = (to: string, count = 1) =>
    vi.waitFor(
      () => {
        const found = sent.filter((m) => m.to === to);
        if (found.length < count) throw new Error(`${found.length} of ${count} e-mails to ${to} so far`);
        return found;
      },
      { timeout: 5000, interval: 10 },
    );
  return { sent, sentTo, stop: () => spy.mockRestore() };
}

export const icsOf = (m: MailMessage) => m.attachments?.find((a) => a.filename === 'appointment.ics')?.content.toString('utf8') ?? '';
export const icsField = (ics: string, name: string) => new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, 'm').exec(ics.replace(/\r\n /g, ''))?.[1]?.trim();
