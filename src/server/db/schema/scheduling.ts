// Online booking: services, availability, schedule settings, appointments and their reminders.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money, setNullOnly, tenantReference } from './columns';
import { customers } from './customers';
import { organizations } from './identity';
import { workOrders } from './work-orders';

export const services = pgTable(
  'services',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** Minutes. */
    duration: integer('duration').notNull().default(60),
    price: money('price').notNull().default('0'),
    isActive: boolean('is_active').notNull().default(true),
    /** Minutes the performer is kept before and after (travel, cleanup); not shown to the customer (docs/rules/team.md#buffers). */
    bufferBefore: integer('buffer_before').notNull().default(0),
    bufferAfter: integer('buffer_after').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('services_org_id_key').on(t.organizationId, t.id),
    check('services_buffers_check', sql`${t.bufferBefore} between 0 and 240 and ${t.bufferAfter} between 0 and 240`),
    index('services_org_name_idx').on(t.organizationId, t.name),
  ],
);

export const availability = pgTable(
  'availability',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** 0 = Sunday ... 6 = Saturday. */
    dayOfWeek: integer('day_of_week').notNull(),
    /** Wall-clock 'HH:MM' in the organization's time zone. */
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('availability_org_day_idx').on(t.organizationId, t.dayOfWeek),
    check('availability_day_of_week_check', sql`${t.dayOfWeek} between 0 and 6`),
  ],
);

/** One row per organization, created on first setup. */
export const scheduleSettings = pgTable(
  'schedule_settings',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Key of the public booking page `/schedule/{token}`, resolved without knowing the organization. */
    scheduleToken: text('schedule_token').notNull(),
    timeZone: text('time_zone').notNull().default('America/New_York'),
    advanceBookingDays: integer('advance_booking_days').notNull().default(30),
    requirePhone: boolean('require_phone').notNull().default(false),
    autoConfirm: boolean('auto_confirm').notNull().default(true),
    allowCancellation: boolean('allow_cancellation').notNull().default(true),
    /** Whether the booking page lets the customer pick the person, besides "any available" (docs/rules/team.md#online-booking). */
    allowStaffChoice: boolean('allow_staff_choice').notNull().default(false),
    cancellationHours: integer('cancellation_hours').notNull().default(24),
    /**
     * What an online booking must give to hold its time (docs/rules/scheduling.md#holding-a-booking): nothing, a
     * deposit of `bookingDepositPercent` of the service's price, or a card kept on file.
     */
    bookingHold: text('booking_hold').$type<'none' | 'deposit' | 'card'>().notNull().default('none'),
    bookingDepositPercent: integer('booking_deposit_percent').notNull().default(25),
    mondayEnabled: boolean('monday_enabled').notNull().default(true),
    mondayStart: text('monday_start').notNull().default('09:00'),
    mondayEnd: text('monday_end').notNull().default('17:00'),
    tuesdayEnabled: boolean('tuesday_enabled').notNull().default(true),
    tuesdayStart: text('tuesday_start').notNull().default('09:00'),
    tuesdayEnd: text('tuesday_end').notNull().default('17:00'),
    wednesdayEnabled: boolean('wednesday_enabled').notNull().default(true),
    wednesdayStart: text('wednesday_start').notNull().default('09:00'),
    wednesdayEnd: text('wednesday_end').notNull().default('17:00'),
    thursdayEnabled: boolean('thursday_enabled').notNull().default(true),
    thursdayStart: text('thursday_start').notNull().default('09:00'),
    thursdayEnd: text('thursday_end').notNull().default('17:00'),
    fridayEnabled: boolean('friday_enabled').notNull().default(true),
    fridayStart: text('friday_start').notNull().default('09:00'),
    fridayEnd: text('friday_end').notNull().default('17:00'),
    saturdayEnabled: boolean('saturday_enabled').notNull().default(false),
    saturdayStart: text('saturday_start').notNull().default('09:00'),
    saturdayEnd: text('saturday_end').notNull().default('17:00'),
    sundayEnabled: boolean('sunday_enabled').notNull().default(false),
    sundayStart: text('sunday_start').notNull().default('09:00'),
    sundayEnd: text('sunday_end').notNull().default('17:00'),
  },
  (t) => [
    uniqueIndex('schedule_settings_org_key').on(t.organizationId),
    uniqueIndex('schedule_settings_token_key').on(t.scheduleToken),
    check('schedule_settings_booking_hold_check', sql`${t.bookingHold} in ('none', 'deposit', 'card') and ${t.bookingDepositPercent} between 1 and 100`),
  ],
);

/**
 * No person is booked twice at once: that rule lives on appointment_assignees (schema/team.ts), not here, since
 * issue 17 moved it from the organization to the person (docs/decisions/031-one-calendar-per-person.md).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id'),
    customerId: integer('customer_id'),
    customerName: text('customer_name'),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    /** Wall-clock time in the organization's time zone (schedule_settings.time_zone), hence no time zone. */
    appointmentDate: timestamp('appointment_date', { withTimezone: false, mode: 'string' }).notNull(),
    /** Minutes. */
    duration: integer('duration').notNull().default(60),
    status: text('status').notNull().default('scheduled'),
    notes: text('notes'),
    workOrderId: integer('work_order_id'),
    /** 'staff' or 'online' (public booking page). */
    source: text('source').notNull().default('staff'),
    /** The service's buffers when it was booked, so a later change of the service moves no booked time. */
    bufferBefore: integer('buffer_before').notNull().default(0),
    bufferAfter: integer('buffer_after').notNull().default(0),
    /** The calendar file's SEQUENCE (RFC 5545 3.8.7.4): 0 when booked, one more with every change the customer is sent. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** The visit on site (docs/rules/team.md#my-day): when the assigned person said they were on their way, the arrival they gave, when work started and ended. */
    onMyWayAt: instant('on_my_way_at'),
    expectedArrivalAt: instant('expected_arrival_at'),
    startedAt: instant('started_at'),
    completedAt: instant('completed_at'),
    /** An occurrence of a repeating series (docs/rules/scheduling.md#repeating-visits), and the wall-clock start the rule gave it (RFC 5545 RECURRENCE-ID): moved or not, the series never makes it again. */
    seriesId: integer('series_id'),
    occurrenceStart: timestamp('occurrence_start', { withTimezone: false, mode: 'string' }),
    /** An online booking waiting for its deposit or card (status 'pending_payment'): its time is held until then, and freed after. */
    holdExpiresAt: instant('hold_expires_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('appointments_org_id_key').on(t.organizationId, t.id),
    tenantReference('appointments_service_fk', t.organizationId, t.serviceId, services).onDelete(setNullOnly(t.serviceId)),
    tenantReference('appointments_customer_fk', t.organizationId, t.customerId, customers).onDelete(setNullOnly(t.customerId)),
    tenantReference('appointments_work_order_fk', t.organizationId, t.workOrderId, workOrders).onDelete(setNullOnly(t.workOrderId)),
    index('appointments_org_date_idx').on(t.organizationId, t.appointmentDate),
    index('appointments_org_customer_idx').on(t.organizationId, t.customerId),
    check('appointments_duration_check', sql`${t.duration} > 0`),
    tenantReference('appointments_series_fk', t.organizationId, t.seriesId, appointmentSeries).onDelete(setNullOnly(t.seriesId)),
    // Generating a series twice at once makes each occurrence once (ON CONFLICT on this key).
    uniqueIndex('appointments_series_occurrence_key').on(t.organizationId, t.seriesId, t.occurrenceStart),
    // The job that frees lapsed holds reads only the bookings still waiting.
    index('appointments_hold_expires_idx').on(t.holdExpiresAt).where(sql`${t.holdExpiresAt} is not null`),
    // A job's visits (the job dialog, the job sheet, My day).
    index('appointments_org_work_order_idx').on(t.organizationId, t.workOrderId),
  ],
);

/**
 * A repeating visit (docs/rules/scheduling.md#repeating-visits): an RFC 5545 rule over wall-clock times in the
 * organization's zone, and what each occurrence copies. Occurrences are appointments, made ahead up to
 * `generatedThrough` and extended day by day; the series row is locked while it is extended.
 */
export const appointmentSeries = pgTable(
  'appointment_series',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** RRULE value without DTSTART, e.g. FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=10. */
    rule: text('rule').notNull(),
    /** DTSTART: the first occurrence's wall-clock start. */
    startsAt: timestamp('starts_at', { withTimezone: false, mode: 'string' }).notNull(),
    serviceId: integer('service_id'),
    customerId: integer('customer_id'),
    customerName: text('customer_name'),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    duration: integer('duration').notNull(),
    bufferBefore: integer('buffer_before').notNull().default(0),
    bufferAfter: integer('buffer_after').notNull().default(0),
    notes: text('notes'),
    workOrderId: integer('work_order_id'),
    assigneeIds: jsonb('assignee_ids').$type<number[]>().notNull().default([]),
    /** Occurrences starting before this wall-clock time exist (or were made and since removed). */
    generatedThrough: timestamp('generated_through', { withTimezone: false, mode: 'string' }).notNull(),
    /** False once the rule has no occurrence left to make (its COUNT or UNTIL reached). */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    unique('appointment_series_org_id_key').on(t.organizationId, t.id),
    tenantReference('appointment_series_service_fk', t.organizationId, t.serviceId, services).onDelete(setNullOnly(t.serviceId)),
    tenantReference('appointment_series_customer_fk', t.organizationId, t.customerId, customers).onDelete(setNullOnly(t.customerId)),
    tenantReference('appointment_series_work_order_fk', t.organizationId, t.workOrderId, workOrders).onDelete(setNullOnly(t.workOrderId)),
    // The daily extension scans active series of every organization.
    index('appointment_series_active_idx').on(t.isActive, t.generatedThrough),
  ],
);

/**
 * A link that lets the customer reschedule or cancel from their e-mail (docs/rules/scheduling.md#changing-by-link):
 * one per e-mail sent, kept hashed, so every e-mail's link works until the appointment is past or cancelled.
 */
export const appointmentLinks = pgTable(
  'appointment_links',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    appointmentId: integer('appointment_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('appointment_links_token_key').on(t.tokenHash),
    tenantReference('appointment_links_appointment_fk', t.organizationId, t.appointmentId, appointments).onDelete('cascade'),
    index('appointment_links_appointment_idx').on(t.organizationId, t.appointmentId),
  ],
);

/** One row per (appointment, channel, timing), claimed by the reminder job with FOR UPDATE SKIP LOCKED. */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    appointmentId: integer('appointment_id').notNull(),
    reminderType: text('reminder_type').$type<'email' | 'sms'>().notNull(),
    /** Hours before the appointment. */
    reminderTiming: integer('reminder_timing').notNull(),
    dueAt: instant('due_at').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: instant('sent_at'),
    failureReason: text('failure_reason'),
    lockedUntil: instant('locked_until'),
  },
  (t) => [
    tenantReference('appointment_reminders_appointment_fk', t.organizationId, t.appointmentId, appointments).onDelete('cascade'),
    uniqueIndex('appointment_reminders_unique_key').on(
      t.organizationId,
      t.appointmentId,
      t.reminderType,
      t.reminderTiming,
    ),
    // The reminder job scans due rows across all organizations, so this one does not lead with organization_id.
    index('appointment_reminders_status_due_idx').on(t.status, t.dueAt),
  ],
);

/** One row per organization. */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Hours. */
    defaultTiming: integer('default_timing').notNull().default(24),
    emailEnabled: boolean('email_enabled').notNull().default(true),
    smsEnabled: boolean('sms_enabled').notNull().default(false),
    emailTemplate: text('email_template'),
    smsTemplate: text('sms_template'),
    /** Hours, ascending, no duplicates. */
    customTimings: jsonb('custom_timings').$type<number[]>().notNull().default(sql`'[24, 48]'::jsonb`),
  },
  (t) => [uniqueIndex('reminder_settings_org_key').on(t.organizationId)],
);
