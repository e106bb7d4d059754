// The booking wizard's "Your details" step for react-hook-form: the contract's bookingBodySchema fields, plus the
// organization's "phone required" setting (docs/decisions/015-one-form-pattern.md).
import type { z } from 'zod';
import { bookingBodySchema, SCHEDULING_MESSAGES } from '@contracts/scheduling';

const detailsFields = bookingBodySchema.pick({ customerName: true, customerEmail: true, customerPhone: true, notes: true });

export function bookingDetailsSchema(requirePhone: boolean) {
  return detailsFields.superRefine((v, ctx) => {
    if (requirePhone && !v.customerPhone) ctx.addIssue({ code: 'custom', path: ['customerPhone'], message: SCHEDULING_MESSAGES.phoneRequired });
  });
}

/** What the fields hold. */
export type BookingDetails = z.input<ReturnType<typeof bookingDetailsSchema>>;

export type BookingDetailsOutput = z.output<ReturnType<typeof bookingDetailsSchema>>;

export const EMPTY_DETAILS: BookingDetails = { customerName: '', customerEmail: '', customerPhone: '', notes: '' };
