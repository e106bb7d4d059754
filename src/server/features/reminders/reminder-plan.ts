// Which reminders an appointment gets under its organization's settings: pure, so the rules read in one place.
import { reminderSettings } from '../../db/schema/index';

export type ReminderChannel = 'email' | 'sms';
export type ReminderSettingsRow = typeof reminderSettings.$inferSelect;

/** Hours; used when an organization has no timing at all (docs/rules/scheduling.md#reminders: default timing 24). */
export const FALLBACK_TIMING = 24;

/**
 * Statuses in which an appointment needs no reminder: cancelled, and an online booking still waiting for its deposit or
 * card (reminded once confirmed, docs/rules/scheduling.md#holding-a-booking).
 */
export const CANCELLED_STATUSES = ['cancelled', 'canceled', 'pending_payment'] as const;
const CANCELLED = new Set<string>(CANCELLED_STATUSES);

export function isCancelledStatus(status: string): boolean {
  return CANCELLED.has(status.toLowerCase());
}

/** Settings as they apply when the organization never saved any: the column defaults, one reminder a day ahead. */
export const DEFAULT_SETTINGS: Pick<ReminderSettingsRow, 'isEnabled' | 'emailEnabled' | 'smsEnabled' | 'defaultTiming' | 'customTimings'> = {
  isEnabled: true,
  emailEnabled: true,
  smsEnabled: false,
  defaultTiming: FALLBACK_TIMING,
  customTimings: [],
};

type PlanSettings = Pick<ReminderSettingsRow, 'isEnabled' | 'emailEnabled' | 'smsEnabled' | 'defaultTiming' | 'customTimings'>;

/** The default timing and the custom ones, each once, ascending; whole positive hours only. */
export function reminderTimings(settings: Pick<PlanSettings, 'defaultTiming' | 'customTimings'>): number[] {
  const all = [settings.defaultTiming, ...(Array.isArray(settings.customTimings) ? settings.customTimings : [])];
  const valid = all.filter((h) => Number.isInteger(h) && h > 0);
  const unique = [...new Set(valid)].sort((a, b) => a - b);
  return unique.length > 0 ? unique : [FALLBACK_TIMING];
}

/** The channels the settings allow and the appointment can be reached on. */
export function reminderChannels(settings: PlanSettings, contact: { email: string | null; phone: string | null }): ReminderChannel[] {
  if (!settings.isEnabled) return [];
  const channels: ReminderChannel[] = [];
  if (settings.emailEnabled && contact.email?.trim()) channels.push('email');
  if (settings.smsEnabled && contact.phone?.trim()) channels.push('sms');
  return channels;
}

const HOUR_MS = 3_600_000;

export interface PlannedReminder {
  reminderType: ReminderChannel;
  reminderTiming: number;
  dueAt: Date;
}

/** One reminder per channel and timing, at the appointment's instant minus the timing; those already past are left out. */
export function planReminders(
  settings: PlanSettings,
  contact: { email: string | null; phone: string | null },
  appointmentAt: Date,
  now: Date,
): PlannedReminder[] {
  const channels = reminderChannels(settings, contact);
  const timings = reminderTimings(settings);
  return channels.flatMap((reminderType) =>
    timings
      .map((reminderTiming) => ({ reminderType, reminderTiming, dueAt: new Date(appointmentAt.getTime() - reminderTiming * HOUR_MS) }))
      .filter((r) => r.dueAt.getTime() > now.getTime()),
  );
}
