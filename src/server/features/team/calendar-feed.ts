// A staff member's private calendar feed (docs/rules/team.md#calendar-feed): an iCalendar file of the appointments
// they are on, at an address with a random token that calendar apps poll. The token is kept hashed, shown once,
// and revoked or replaced by its owner; a refresh shows changes.
import { and, asc, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import { HELD_STATUS, SCHEDULING_DEFAULTS } from '../../../contracts/scheduling';
import type { CalendarFeed } from '../../../contracts/team';
import type { Db } from '../../db/client';
import { appointmentAssignees, appointments, customers, organizations, scheduleSettings, services, staffProfiles, users } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { forbidden, notFound } from '../../platform/errors';
import { hashToken, newToken } from '../../platform/tokens';
import { addDays, instantOf, normalize, todayIn } from '../../platform/wall-clock';
import { escapeText, fold, uidHost, utc } from '../scheduling/appointment-ics';
import { isStaffOf, staffNameSql } from './staff';

/** How far the feed reaches: a month back (recent history on the phone) and half a year ahead. */
const DAYS_BACK = 30;
const DAYS_AHEAD = 183;

/** The caller as a staff member of their organization; 403 for anyone else (customers, the super user without one). */
async function staffCaller(db: Db, ctx: RequestContext): Promise<{ organizationId: number; userId: number }> {
  const organizationId = ctx.user.organizationId;
  if (organizationId === null) throw forbidden('Calendar feeds are for staff members of an organization');
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, ctx.user.id), isStaffOf(organizationId))).limit(1);
  if (!row) throw forbidden('Calendar feeds are for staff members of an organization');
  return { organizationId, userId: row.id };
}

export const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/calendar-feed/${token}.ics`;

export async function getCalendarFeed(db: Db, ctx: RequestContext): Promise<CalendarFeed> {
  const me = await staffCaller(db, ctx);
  const [row] = await db
    .select({ hash: staffProfiles.calendarTokenHash, createdAt: staffProfiles.calendarTokenCreatedAt })
    .from(staffProfiles)
    .where(and(eq(staffProfiles.organizationId, me.organizationId), eq(staffProfiles.userId, me.userId)))
    .limit(1);
  return { active: !!row?.hash, createdAt: row?.hash && row.createdAt ? row.createdAt.toISOString() : null };
}

/** A new address (the old one stops working at once), answered once with its URL. */
export async function createCalendarFeed(db: Db, ctx: RequestContext, appUrl: string): Promise<CalendarFeed> {
  const me = await staffCaller(db, ctx);
  const token = newToken();
  const now = new Date();
  await db
    .insert(staffProfiles)
    .values({ organizationId: me.organizationId, userId: me.userId, calendarTokenHash: hashToken(token), calendarTokenCreatedAt: now })
    .onConflictDoUpdate({
      target: [staffProfiles.organizationId, staffProfiles.userId],
      set: { calendarTokenHash: hashToken(token), calendarTokenCreatedAt: now, updatedAt: now },
    });
  return { active: true, createdAt: now.toISOString(), url: feedUrl(appUrl, token) };
}

export async function revokeCalendarFeed(db: Db, ctx: RequestContext): Promise<CalendarFeed> {
  const me = await staffCaller(db, ctx);
  await db
    .update(staffProfiles)
    .set({ calendarTokenHash: null, calendarTokenCreatedAt: null, updatedAt: new Date() })
    .where(and(eq(staffProfiles.organizationId, me.organizationId), eq(staffProfiles.userId, me.userId)));
  return { active: false, createdAt: null };
}

/** The feed's text for a token; 404 for an unknown or revoked one, and for someone no longer on the team. */
export async function calendarFeedText(db: Db, token: string, deps: { appUrl: string; mailFrom: string }, now = new Date()): Promise<string> {
  const [owner] = await db
    .select({ organizationId: staffProfiles.organizationId, userId: staffProfiles.userId, name: staffNameSql(), organization: organizations.name, timeZone: scheduleSettings.timeZone })
    .from(staffProfiles)
    .innerJoin(users, eq(users.id, staffProfiles.userId))
    .innerJoin(organizations, eq(organizations.id, staffProfiles.organizationId))
    .leftJoin(scheduleSettings, eq(scheduleSettings.organizationId, staffProfiles.organizationId))
    .where(and(eq(staffProfiles.calendarTokenHash, hashToken(token)), isStaffOf(sql`${staffProfiles.organizationId}`)))
    .limit(1);
  if (!owner) throw notFound('Calendar not found');
  const timeZone = owner.timeZone ?? SCHEDULING_DEFAULTS.timeZone;
  const today = todayIn(timeZone, now);
  const rows = await db
    .select({
      id: appointments.id,
      wall: appointments.appointmentDate,
      duration: appointments.duration,
      status: appointments.status,
      sequence: appointments.calendarSequence,
      notes: appointments.notes,
      customerName: appointments.customerName,
      customerPhone: appointments.customerPhone,
      service: services.name,
      address: sql<string | null>`nullif(concat_ws(', ', ${customers.address}, ${customers.city}, nullif(concat_ws(' ', ${customers.state}, ${customers.zip}), '')), '')`,
    })
    .from(appointmentAssignees)
    .innerJoin(appointments, and(eq(appointments.organizationId, appointmentAssignees.organizationId), eq(appointments.id, appointmentAssignees.appointmentId)))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(customers, eq(customers.id, appointments.customerId))
    .where(
      and(
        eq(appointmentAssignees.organizationId, owner.organizationId),
        eq(appointmentAssignees.userId, owner.userId),
        // A booking still waiting for its deposit or card is not in anyone's calendar yet (docs/rules/scheduling.md#holding-a-booking).
        notInArray(appointments.status, ['cancelled', HELD_STATUS]),
        gte(appointments.appointmentDate, `${addDays(today, -DAYS_BACK)}T00:00:00`),
        lt(appointments.appointmentDate, `${addDays(today, DAYS_AHEAD)}T00:00:00`),
      ),
    )
    .orderBy(asc(appointments.appointmentDate), asc(appointments.id));

  const host = uidHost(deps.appUrl, deps.mailFrom);
  const stamp = utc(now);
  const events = rows.flatMap((r) => {
    const wall = normalize(r.wall);
    const start = instantOf(wall, timeZone);
    if (!start) return [];
    // An hour's visit lasts an hour, whatever the clocks do meanwhile.
    const end = new Date(start.getTime() + r.duration * 60_000);
    const title = [r.service ?? 'Appointment', r.customerName].filter(Boolean).join(' – ');
    const details = [r.customerName && `Customer: ${r.customerName}`, r.customerPhone && `Phone: ${r.customerPhone}`, r.notes && `Notes: ${r.notes}`, `${deps.appUrl}/scheduling`]
      .filter(Boolean)
      .join('\n');
    return [
      'BEGIN:VEVENT',
      // Not the customer's invitation's UID: this is another calendar's copy of the same appointment.
      `UID:staff-${owner.userId}-appointment-${r.id}@${host}`,
      `SEQUENCE:${r.sequence}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${utc(start)}`,
      `DTEND:${utc(end)}`,
      `SUMMARY:${escapeText(title)}`,
      `DESCRIPTION:${escapeText(details)}`,
      ...(r.address ? [`LOCATION:${escapeText(r.address)}`] : []),
      `STATUS:${r.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED'}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    ];
  });
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tradebook//Team calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`${owner.organization} – ${owner.name}`)}`,
    `X-WR-TIMEZONE:${timeZone}`,
    // How often subscribers should look again (RFC 7986 5.7, and the older name Outlook reads).
    'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
    'X-PUBLISHED-TTL:PT15M',
    ...events,
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
