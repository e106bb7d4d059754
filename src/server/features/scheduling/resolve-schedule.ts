// The public pages' key: an organization slug or a schedule token (docs/rules/scheduling.md#public-pages-key).
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PublicSchedule, PublicService } from '../../../contracts/scheduling';
import { WEEKDAYS } from '../../../contracts/scheduling';
import type { DbOrTx } from '../../db/client';
import { organizations, scheduleSettings, servicePerformers, services } from '../../db/schema/index';
import { publicStaffName } from '../../../contracts/team';
import { performersOf } from '../team/availability';
import { notFound } from '../../platform/errors';
import type { SettingsRow } from './booking-rules';
import type { Config } from '../../config';
import { takesCardsOnline } from './booking-holds';

const orgColumns = { id: organizations.id, name: organizations.name, slug: organizations.slug, industry: organizations.industry, logo: organizations.logo, phone: organizations.phone, email: organizations.email };
type PublicOrg = { id: number; name: string; slug: string | null; industry: string | null; logo: string | null; phone: string | null; email: string | null };

/** The organization whose slug is the key, or whose schedule token is; null when neither. */
export async function organizationByKey(db: DbOrTx, key: string): Promise<PublicOrg | null> {
  const [bySlug] = await db.select(orgColumns).from(organizations).where(eq(organizations.slug, key.toLowerCase())).limit(1);
  if (bySlug) return bySlug;
  const [byToken] = await db
    .select(orgColumns)
    .from(scheduleSettings)
    .innerJoin(organizations, eq(organizations.id, scheduleSettings.organizationId))
    .where(eq(scheduleSettings.scheduleToken, key))
    .limit(1);
  return byToken ?? null;
}

/** The organization and its settings; 404 'Schedule not found' for an unknown key or an organization not set up. */
export async function resolveSchedule(db: DbOrTx, key: string): Promise<{ org: PublicOrg; settings: SettingsRow }> {
  const [row] = await scheduleByKey(db, key, {});
  if (!row) throw notFound('Schedule not found');
  return row;
}

/**
 * The organization and settings of a key, with `more` read in the same statement: columns or subqueries that may
 * name `organizations.id` (the online booking reads its service, staff and reminder settings this way).
 */
export function scheduleByKey<M extends Record<string, SQL.Aliased>>(db: DbOrTx, key: string, more: M) {
  return (
    db
      .select({ org: orgColumns, settings: scheduleSettings, ...more })
      .from(scheduleSettings)
      .innerJoin(organizations, eq(organizations.id, scheduleSettings.organizationId))
      .where(or(eq(organizations.slug, key.toLowerCase()), eq(scheduleSettings.scheduleToken, key)))
      // A slug match wins over a token match.
      .orderBy(desc(sql`${organizations.slug} = ${key.toLowerCase()}`), asc(organizations.id))
      .limit(1)
  );
}

export async function activeServices(db: DbOrTx, organizationId: number): Promise<PublicService[]> {
  return db
    .select({ id: services.id, name: services.name, description: services.description, duration: services.duration, price: services.price })
    .from(services)
    .where(and(eq(services.organizationId, organizationId), eq(services.isActive, true)))
    .orderBy(asc(services.name), asc(services.id));
}

/** What the booking page needs, and nothing internal (no token, no cancellation policy internals, no customers). */
export async function publicSchedule(db: DbOrTx, config: Pick<Config, 'APP_SECRET'>, key: string): Promise<PublicSchedule> {
  const { org, settings } = await resolveSchedule(db, key);
  // The page says what a booking will ask for: nothing when no card can be taken online now (booking-holds.ts holdFor).
  const bookingHold = settings.bookingHold !== 'none' && (await takesCardsOnline(db, config, org.id)) ? settings.bookingHold : 'none';
  const days = Object.fromEntries(
    WEEKDAYS.flatMap((d) => {
      const s = settings as unknown as Record<string, unknown>;
      return [
        [`${d}Enabled`, s[`${d}Enabled`]],
        [`${d}Start`, s[`${d}Start`]],
        [`${d}End`, s[`${d}End`]],
      ];
    }),
  );
  const offered = await activeServices(db, org.id);
  return {
    organization: { name: org.name, slug: org.slug, industry: org.industry, logo: org.logo, phone: org.phone, email: org.email },
    services: offered,
    settings: {
      timeZone: settings.timeZone,
      advanceBookingDays: settings.advanceBookingDays,
      requirePhone: settings.requirePhone,
      allowStaffChoice: settings.allowStaffChoice,
      bookingHold,
      bookingDepositPercent: settings.bookingDepositPercent,
      ...days,
    } as PublicSchedule['settings'],
    staff: settings.allowStaffChoice ? await choosableStaff(db, org.id, offered.map((s) => s.id)) : [],
  };
}

/** The people a customer may choose, as "Dana R.", each with the active services they perform. */
async function choosableStaff(db: DbOrTx, organizationId: number, serviceIds: number[]): Promise<PublicSchedule['staff']> {
  const people = await performersOf(db, organizationId, null);
  const named = await db
    .select({ serviceId: servicePerformers.serviceId, userId: servicePerformers.userId })
    .from(servicePerformers)
    .where(eq(servicePerformers.organizationId, organizationId));
  const listed = new Set(named.map((n) => n.serviceId));
  return people.map((p) => ({
    id: p.userId,
    name: publicStaffName(p.firstName, p.lastName, p.email),
    serviceIds: serviceIds.filter((id) => !listed.has(id) || named.some((n) => n.serviceId === id && n.userId === p.userId)),
  }));
}

export async function servicesByKey(db: DbOrTx, key: string): Promise<PublicService[]> {
  const org = await organizationByKey(db, key);
  if (!org) throw notFound('Organization not found');
  return activeServices(db, org.id);
}
