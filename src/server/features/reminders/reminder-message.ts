// The text of one reminder: the organization's template (or ours when it has none) with its variables filled.
import { formatWallClockDate, formatWallClockTime } from '../../platform/wall-clock';
import { renderCustomerEmail, textParagraphs, writeToButton } from '../documents/customer-email';
import type { Business } from '../documents/document-parties';

export const REMINDER_VARIABLES = ['organizationName', 'appointmentDate', 'appointmentTime', 'serviceName', 'customerName'] as const;
export type ReminderVariables = Record<(typeof REMINDER_VARIABLES)[number], string>;

export const DEFAULT_EMAIL_TEMPLATE =
  'Hello {customerName},\n\nThis is a reminder of your {serviceName} appointment with {organizationName} on {appointmentDate} at {appointmentTime}.\n\nWe look forward to seeing you.';
export const DEFAULT_SMS_TEMPLATE =
  'Reminder: {serviceName} with {organizationName} on {appointmentDate} at {appointmentTime}. Reply STOP to opt out.';

export interface ReminderSubject {
  organizationName: string;
  /** Wall-clock time in the organization's zone. */
  appointmentDate: string;
  serviceName: string | null;
  customerName: string | null;
}

export function reminderVariables(s: ReminderSubject): ReminderVariables {
  return {
    organizationName: s.organizationName,
    appointmentDate: formatWallClockDate(s.appointmentDate),
    appointmentTime: formatWallClockTime(s.appointmentDate),
    serviceName: s.serviceName ?? 'appointment',
    customerName: s.customerName?.trim() || 'there',
  };
}

// docs/rules/scheduling.md#reminders names the variables but not their markers, so both {name} and {{name}} are accepted; anything else
// in braces is left as the author wrote it.
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g;

export function fillTemplate(template: string, vars: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, a: string | undefined, b: string | undefined) => {
    const name = a ?? b ?? '';
    return Object.hasOwn(vars, name) ? vars[name] : whole;
  });
}

export function buildReminderEmail(template: string | null, vars: ReminderVariables): { subject: string; text: string } {
  return {
    subject: `Appointment reminder from ${vars.organizationName}`,
    text: fillTemplate(template?.trim() ? template : DEFAULT_EMAIL_TEMPLATE, vars),
  };
}

/** The HTML part: the organization's filled-in template as written, the appointment's facts, a button to write back. */
export function buildReminderHtml(text: string, vars: ReminderVariables, business: Business, appUrl: string | undefined): string {
  return renderCustomerEmail(business, appUrl, {
    heading: 'Appointment reminder',
    paragraphs: textParagraphs(text),
    summary: [
      { label: 'Service', value: vars.serviceName },
      { label: 'Date', value: vars.appointmentDate, strong: true },
      { label: 'Time', value: vars.appointmentTime, strong: true },
    ],
    button: writeToButton(business),
  });
}

export function buildReminderSms(template: string | null, vars: ReminderVariables): string {
  return fillTemplate(template?.trim() ? template : DEFAULT_SMS_TEMPLATE, vars);
}
