// Invoices that chase themselves (docs/rules/money-and-payments.md#payment-reminders): each organization's schedule, every
// reminder of every invoice (one row per step and channel, so none goes twice) and the late fees added.
import { boolean, index, integer, jsonb, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, money, tenantReference } from './columns';
import { organizations } from './identity';
import { invoices } from './invoices';

export const paymentReminderSettings = pgTable('payment_reminder_settings', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  steps: jsonb('steps').$type<{ days: number; enabled: boolean; email: boolean; sms: boolean }[]>().notNull(),
  emailSubject: text('email_subject').notNull(),
  emailBody: text('email_body').notNull(),
  smsBody: text('sms_body').notNull(),
  /** "20:00" to "08:00" in the organization's time zone; null for none. */
  quietHoursStart: text('quiet_hours_start'),
  quietHoursEnd: text('quiet_hours_end'),
  lateFeeType: text('late_fee_type').$type<'none' | 'percent' | 'fixed'>().notNull().default('none'),
  lateFeeValue: money('late_fee_value'),
  lateFeeRecurrence: text('late_fee_recurrence').$type<'once' | 'monthly'>().notNull().default('once'),
  lateFeeGraceDays: integer('late_fee_grace_days').notNull().default(0),
  updatedAt: instant('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').notNull(),
    /** The step: days from the due date. */
    days: integer('days').notNull(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    /** pending, sending (claimed and being handed to the transport), sent, failed, skipped. */
    status: text('status').$type<'pending' | 'sending' | 'sent' | 'failed' | 'skipped'>().notNull().default('pending'),
    dueAt: instant('due_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: instant('locked_until'),
    sentAt: instant('sent_at'),
    recipient: text('recipient'),
    note: text('note'),
    outboxId: integer('outbox_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('invoice_reminders_org_id_key').on(t.organizationId, t.id),
    tenantReference('invoice_reminders_invoice_fk', t.organizationId, t.invoiceId, invoices).onDelete('cascade'),
    // One reminder per invoice, step and channel, ever: the database refuses a second.
    uniqueIndex('invoice_reminders_once_key').on(t.organizationId, t.invoiceId, t.days, t.channel),
    // The job scans due rows across all organizations.
    index('invoice_reminders_status_due_idx').on(t.status, t.dueAt),
  ],
);

export const invoiceLateFees = pgTable(
  'invoice_late_fees',
  {
    id: id(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id').notNull(),
    /** 1 for a one-time fee; the month past the grace period (1, 2, ...) for a monthly one. */
    period: integer('period').notNull(),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantReference('invoice_late_fees_invoice_fk', t.organizationId, t.invoiceId, invoices).onDelete('cascade'),
    // One fee per invoice and period, ever, whoever adds it.
    uniqueIndex('invoice_late_fees_once_key').on(t.organizationId, t.invoiceId, t.period),
  ],
);
