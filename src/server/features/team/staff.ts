// Who is on the team (docs/rules/team.md#staff-members): the organization's active administrators, managers and
// employees. Customers, guests and the super user are not staff.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { TEAM_MESSAGES } from '../../../contracts/assignees';
import { WEEKDAYS } from '../../../contracts/scheduling';
import type { StaffMember } from '../../../contracts/team';
import type { DbOrTx } from '../../db/client';
import { staffProfiles, users, type DayHours } from '../../db/schema/index';
import { invalid } from '../../platform/errors';
import { weekdayWindow, type SettingsRow } from '../scheduling/booking-rules';
import { SCHEDULING_DEFAULTS } from '../../../contracts/scheduling';

export const TEAM_ROLES = ['org_admin', 'manager', 'employee'] as const;

/** The condition that a users row is a staff member of the organization. */
export function isStaffOf(organizationId: number | SQL): SQL {
  return and(eq(users.organizationId, organizationId as number), inArray(users.role, [...TEAM_ROLES]), eq(users.isActive, true)) as SQL;
}

/** "Dana Reyes", or the e-mail address when there is no name: how staff see each other. */
export function staffNameSql(): SQL<string> {
  return sql<string>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email})`;
}

/** 400 on `path` unless every id is a staff member of the organization. */
export async function checkStaff(db: DbOrTx, organizationId: number, ids: readonly number[], path = 'assigneeIds'): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isStaffOf(organizationId), inArray(users.id, [...ids])));
  if (found.length !== new Set(ids).size) throw invalid(`${path}: ${TEAM_MESSAGES.notMember}`, [{ path, message: TEAM_MESSAGES.notMember }]);
}

/** The organization's weekday hours as seven DayHours from Sunday (its defaults when it has no settings yet). */
export function organizationHours(settings: SettingsRow | null): DayHours[] {
  return WEEKDAYS.map((_, day) => {
    if (!settings) return { enabled: day >= 1 && day <= 5, start: SCHEDULING_DEFAULTS.dayStart, end: SCHEDULING_DEFAULTS.dayEnd };
    return weekdayWindow(settings, day);
  });
}

export async function listStaff(db: DbOrTx, organizationId: number, settings: SettingsRow | null): Promise<StaffMember[]> {
  const rows = await db
    .select({ id: users.id, name: staffNameSql(), email: users.email, role: users.role, hours: staffProfiles.hours, bookable: staffProfiles.bookable })
    .from(users)
    .leftJoin(staffProfiles, and(eq(staffProfiles.userId, users.id), eq(staffProfiles.organizationId, organizationId)))
    .where(isStaffOf(organizationId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const orgHours = organizationHours(settings);
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, role: r.role, bookable: r.bookable ?? true, ownHours: !!r.hours, hours: r.hours ?? orgHours }));
}
