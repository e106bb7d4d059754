// Time tracking against work orders.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, tenantReference } from './columns';
import { organizations, users } from './identity';
import { workOrders } from './work-orders';

export const timeEntries = pgTable(
  'time_entries',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workOrderId: integer('work_order_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Copied from the user at start so the entry keeps its name if the user goes away. */
    employeeName: text('employee_name'),
    description: text('description'),
    startTime: instant('start_time').notNull(),
    endTime: instant('end_time'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    tenantReference('time_entries_work_order_fk', t.organizationId, t.workOrderId, workOrders).onDelete('cascade'),
    // At most one running timer per user.
    uniqueIndex('time_entries_active_user_key')
      .on(t.organizationId, t.userId)
      .where(sql`${t.isActive} = true`),
    index('time_entries_org_work_order_idx').on(t.organizationId, t.workOrderId),
    index('time_entries_org_start_idx').on(t.organizationId, t.startTime),
  ],
);
