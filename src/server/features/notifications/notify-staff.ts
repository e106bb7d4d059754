// Raises bell notifications for the staff of an organization who may act on them.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { permissionsFor, type Permission, isRole } from '../../../contracts/permissions';
import type { DbOrTx } from '../../db/client';
import { notifications, users } from '../../db/schema/index';

export interface StaffEvent {
  organizationId: number;
  type: 'invoice_overdue' | 'booking_created' | 'booking_changed' | 'reminder_failed' | 'payment_received' | 'quote_approved' | 'quote_declined' | 'quote_changes_requested' | 'auto_pay_failed' | 'sms_reply';
  title: string;
  body?: string | null;
  link?: string | null;
  entityType: string;
  entityId: number;
}

/** Active users of the organization holding any of the permissions (by role or as an extra). */
export async function staffWith(db: DbOrTx, organizationId: number, anyOf: readonly Permission[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id, role: users.role, permissions: users.permissions })
    .from(users)
    .where(staffOf(sql`${organizationId}::int`));
  return holdersOf(rows, anyOf);
}

type StaffRow = { id: number; role: string; permissions: string[] };

const staffOf = (organizationId: SQL) => and(eq(users.organizationId, organizationId), eq(users.isActive, true), inArray(users.role, ['org_admin', 'manager', 'employee']));

/** Those of the staff holding any of the permissions, by role or as an extra. */
function holdersOf(rows: StaffRow[], anyOf: readonly Permission[]): number[] {
  return rows.filter((u) => isRole(u.role) && anyOf.some((p) => permissionsFor(u.role as never, u.permissions).has(p))).map((u) => u.id);
}

/**
 * staffWith's staff of the organization `organizationId` names, as a subquery giving one JSON text, for a statement
 * that reads them beside other things; staffWithFrom picks the holders out of it.
 */
export function staffJsonSql(organizationId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', ${users.id}, 'role', ${users.role}, 'permissions', ${users.permissions})), '[]')::text from ${users} where ${staffOf(organizationId)})`;
}

export function staffWithFrom(json: string, anyOf: readonly Permission[]): number[] {
  return holdersOf(JSON.parse(json) as StaffRow[], anyOf);
}

/** Inserts the events for each recipient once; repeats (same user, type and record) are ignored. */
export async function notifyStaff(db: DbOrTx, recipients: number[], events: StaffEvent[]): Promise<number> {
  if (recipients.length === 0 || events.length === 0) return 0;
  const values = recipients.flatMap((userId) =>
    events.map((e) => ({
      organizationId: e.organizationId,
      userId,
      type: e.type,
      title: e.title,
      body: e.body ?? null,
      link: e.link ?? null,
      entityType: e.entityType,
      entityId: e.entityId,
    })),
  );
  let inserted = 0;
  for (let i = 0; i < values.length; i += 500) {
    const rows = await db
      .insert(notifications)
      .values(values.slice(i, i + 500))
      .onConflictDoNothing({
        target: [notifications.organizationId, notifications.type, notifications.entityType, notifications.entityId, notifications.userId],
        where: sql`${notifications.entityId} is not null`,
      })
      .returning({ id: notifications.id });
    inserted += rows.length;
  }
  return inserted;
}

/**
 * notifyStaff's insert for a record the same statement creates: `entityIds` is a query of the new record's id (a
 * common table expression's name, say). One row per recipient; repeats are ignored as notifyStaff ignores them.
 */
export function notifyStaffSql(recipients: number[], event: Omit<StaffEvent, 'entityId'>, entityIds: SQL): SQL {
  return sql`insert into ${notifications} (organization_id, user_id, type, title, body, link, entity_type, entity_id)
    select ${event.organizationId}::int, u.id, ${event.type}, ${event.title}, ${event.body ?? null}::text, ${event.link ?? null}::text, ${event.entityType}, e.id
    from (${entityIds}) e, unnest(${`{${recipients.map((id) => Math.trunc(id)).join(',')}}`}::int[]) as u(id)
    on conflict (organization_id, type, entity_type, entity_id, user_id) where entity_id is not null do nothing`;
}
