// An organization's payment reminder settings: stored once saved, our defaults before (docs/rules/money-and-payments.md#payment-reminders).
import { eq } from 'drizzle-orm';
import {
  DEFAULT_REMINDER_EMAIL,
  DEFAULT_REMINDER_SMS,
  DEFAULT_REMINDER_STEPS,
  DEFAULT_REMINDER_SUBJECT,
  PAYMENT_REMINDER_VARIABLES,
  type PaymentReminderSettings,
  type PaymentReminderSettingsBody,
} from '../../../contracts/payment-reminders';
import type { Db, DbOrTx } from '../../db/client';
import { organizations, paymentReminderSettings, scheduleSettings } from '../../db/schema/index';
import type { RequestContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { organizationForWrite } from '../../platform/tenancy';
import { resolveTimeZone } from '../../platform/wall-clock';

export type StoredSettings = Omit<PaymentReminderSettings, 'timeZone' | 'variables'>;

export const DEFAULT_PAYMENT_REMINDER_SETTINGS: StoredSettings = {
  enabled: false,
  steps: DEFAULT_REMINDER_STEPS.map((s) => ({ ...s })),
  emailSubject: DEFAULT_REMINDER_SUBJECT,
  emailBody: DEFAULT_REMINDER_EMAIL,
  smsBody: DEFAULT_REMINDER_SMS,
  quietHoursStart: null,
  quietHoursEnd: null,
  lateFeeType: 'none',
  lateFeeValue: null,
  lateFeeRecurrence: 'once',
  lateFeeGraceDays: 0,
};

/** The organization's time zone: its schedule settings', else the default. */
export async function organizationTimeZone(db: DbOrTx, organizationId: number): Promise<string> {
  const [row] = await db.select({ timeZone: scheduleSettings.timeZone }).from(scheduleSettings).where(eq(scheduleSettings.organizationId, organizationId)).limit(1);
  return resolveTimeZone(row?.timeZone);
}

export function toStoredSettings(row: typeof paymentReminderSettings.$inferSelect | undefined): StoredSettings {
  if (!row) return DEFAULT_PAYMENT_REMINDER_SETTINGS;
  return {
    enabled: row.enabled,
    steps: row.steps,
    emailSubject: row.emailSubject,
    emailBody: row.emailBody,
    smsBody: row.smsBody,
    quietHoursStart: row.quietHoursStart,
    quietHoursEnd: row.quietHoursEnd,
    lateFeeType: row.lateFeeType,
    lateFeeValue: row.lateFeeValue,
    lateFeeRecurrence: row.lateFeeRecurrence,
    lateFeeGraceDays: row.lateFeeGraceDays,
  };
}

export async function getPaymentReminderSettings(db: Db, ctx: RequestContext, requested?: number | null): Promise<PaymentReminderSettings> {
  const organizationId = organizationForWrite(ctx, requested);
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw notFound('Organization not found');
  const [row] = await db.select().from(paymentReminderSettings).where(eq(paymentReminderSettings.organizationId, organizationId));
  return { ...toStoredSettings(row), timeZone: await organizationTimeZone(db, organizationId), variables: [...PAYMENT_REMINDER_VARIABLES] };
}

export async function savePaymentReminderSettings(
  db: Db,
  ctx: RequestContext,
  body: PaymentReminderSettingsBody,
  requested?: number | null,
): Promise<PaymentReminderSettings> {
  const organizationId = organizationForWrite(ctx, requested);
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw notFound('Organization not found');
  const values = {
    ...body,
    steps: [...body.steps].sort((a, b) => a.days - b.days),
    lateFeeValue: body.lateFeeType === 'none' ? null : (body.lateFeeValue ?? null),
  };
  await db
    .insert(paymentReminderSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: paymentReminderSettings.organizationId, set: { ...values, updatedAt: new Date() } });
  return getPaymentReminderSettings(db, ctx, organizationId);
}
