// Raises bell notifications for the staff of an organization who may act on them.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { permissionsFor, type Permission, isRole } from '../../../contracts/permissions';
import type { DbOrTx } from '../../db/client';
import { notifications, users } from '../../db/schema/index';

export interface StaffEvent {
  organizationId: number;
  type: 'invoice_overdue' | 'booking_created' | 'reminder_failed' | 'payment_received';
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
    .where(and(eq(users.organizationId, organizationId), eq(users.isActive, true), inArray(users.role, ['org_admin', 'manager', 'employee'])));
  return rows
    .filter((u) => isRole(u.role) && anyOf.some((p) => permissionsFor(u.role as never, u.permissions).has(p)))
    .map((u) => u.id);
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
