// The team in the field (docs/rules/team.md): who works when, who may perform which service, who is on which
// appointment and job. The rows name a user of the organization; the feature checks membership on every write,
// since users.organization_id may be null (the super user) and so carries no composite tenant key.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, tenantReference } from './columns';
import { organizations, users } from './identity';
import { appointments, services } from './scheduling';
import { workOrders } from './work-orders';

const organizationId = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
const userId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A weekday's hours as the schedule settings keep them: 'HH:MM' wall clock in the organization's zone. */
export interface DayHours {
  enabled: boolean;
  start: string;
  end: string;
}

/** One row per staff member who has anything of their own; none means the organization's hours, bookable. */
export const staffProfiles = pgTable(
  'staff_profiles',
  {
    organizationId: organizationId(),
    userId: userId(),
    /** Seven days from Sunday; null: the organization's hours. */
    hours: jsonb('hours').$type<DayHours[] | null>(),
    /** Offered for online bookings ("any available" and by name). */
    bookable: boolean('bookable').notNull().default(true),
    /** SHA-256 of the private calendar feed's token (docs/rules/team.md#calendar-feed); null: no feed. */
    calendarTokenHash: text('calendar_token_hash'),
    calendarTokenCreatedAt: instant('calendar_token_created_at'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'staff_profiles_pkey', columns: [t.organizationId, t.userId] }), uniqueIndex('staff_profiles_calendar_token_key').on(t.calendarTokenHash)],
);

/** Time away, wall clock [startsAt, endsAt) in the organization's zone. */
export const staffTimeOff = pgTable(
  'staff_time_off',
  {
    id: id(),
    organizationId: organizationId(),
    userId: userId(),
    startsAt: timestamp('starts_at', { withTimezone: false, mode: 'string' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: false, mode: 'string' }).notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_time_off_org_user_idx').on(t.organizationId, t.userId, t.startsAt), check('staff_time_off_range_check', sql`${t.endsAt} > ${t.startsAt}`)],
);

/** Who may perform a service; a service with none may be performed by every bookable staff member. */
export const servicePerformers = pgTable(
  'service_performers',
  {
    organizationId: organizationId(),
    serviceId: integer('service_id').notNull(),
    userId: userId(),
  },
  (t) => [
    primaryKey({ name: 'service_performers_pkey', columns: [t.organizationId, t.serviceId, t.userId] }),
    tenantReference('service_performers_service_fk', t.organizationId, t.serviceId, services).onDelete('cascade'),
  ],
);

/**
 * A person on an appointment. startsAt/endsAt/active copy the appointment's time with its buffers and whether it
 * still holds the time; a trigger keeps them (drizzle/0021), and the exclusion constraint
 * appointment_assignees_no_overlap over (organization_id, user_id, [startsAt, endsAt)) is the no-double-booking rule
 * (docs/decisions/031-one-calendar-per-person.md).
 */
export const appointmentAssignees = pgTable(
  'appointment_assignees',
  {
    organizationId: organizationId(),
    appointmentId: integer('appointment_id').notNull(),
    userId: userId(),
    startsAt: timestamp('starts_at', { withTimezone: false, mode: 'string' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: false, mode: 'string' }).notNull(),
    active: boolean('active').notNull(),
  },
  (t) => [
    primaryKey({ name: 'appointment_assignees_pkey', columns: [t.organizationId, t.appointmentId, t.userId] }),
    tenantReference('appointment_assignees_appointment_fk', t.organizationId, t.appointmentId, appointments).onDelete('cascade'),
    index('appointment_assignees_user_idx').on(t.userId, t.startsAt),
  ],
);

/** The crew of a job. Their time is held by the job's visits (appointments with its work_order_id). */
export const workOrderAssignees = pgTable(
  'work_order_assignees',
  {
    organizationId: organizationId(),
    workOrderId: integer('work_order_id').notNull(),
    userId: userId(),
  },
  (t) => [
    primaryKey({ name: 'work_order_assignees_pkey', columns: [t.organizationId, t.workOrderId, t.userId] }),
    tenantReference('work_order_assignees_work_order_fk', t.organizationId, t.workOrderId, workOrders).onDelete('cascade'),
    index('work_order_assignees_user_idx').on(t.userId),
  ],
);
