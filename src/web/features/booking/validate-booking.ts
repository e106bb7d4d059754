// The booking form's checks with the server's messages (docs/rules/scheduling.md#booking-form), without loading zod on a public page.
import { SCHEDULING_MESSAGES } from '@contracts/scheduling';

export interface BookingDetails {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  notes: string;
}

export type BookingErrors = Partial<Record<keyof BookingDetails, string>>;

// A pragmatic shape check; the server's zod e-mail rule has the last word.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateBooking(details: BookingDetails, requirePhone: boolean): BookingErrors {
  const errors: BookingErrors = {};
  if (!details.customerName.trim()) errors.customerName = SCHEDULING_MESSAGES.bookingName;
  if (!EMAIL.test(details.customerEmail.trim())) errors.customerEmail = SCHEDULING_MESSAGES.customerEmail;
  if (requirePhone && !details.customerPhone.replace(/[^\d+]/g, '')) errors.customerPhone = SCHEDULING_MESSAGES.phoneRequired;
  return errors;
}

/** The server's per-field issues mapped onto the form's fields. */
export function errorsFromIssues(issues: { path: string | (string | number)[]; message: string }[] | undefined): BookingErrors {
  const errors: BookingErrors = {};
  for (const issue of issues ?? []) {
    const field = (Array.isArray(issue.path) ? issue.path[0] : issue.path.split('.')[0]) as keyof BookingDetails;
    if (['customerName', 'customerEmail', 'customerPhone', 'notes'].includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
