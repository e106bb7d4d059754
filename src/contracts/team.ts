// The team in the field (docs/rules/team.md): staff members, their hours and time off, who is on what, the
// private calendar feed. Shared by the server and the screens.
import { z } from 'zod';
import { calendarDateSchema } from './dates';
import { hhmmSchema, minutesOf, parseLocalDateTime, WEEKDAYS } from './scheduling';

export { assigneeIdsSchema, assigneeSchema, bufferSchema, staffIdSchema, TEAM_LIMITS, TEAM_MESSAGES, type Assignee } from './assignees';
import { staffIdSchema, TEAM_MESSAGES } from './assignees';

export const dayHoursSchema = z
  .object({ enabled: z.boolean({ error: 'Must be true or false' }), start: hhmmSchema, end: hhmmSchema })
  .refine((d) => minutesOf(d.start) < minutesOf(d.end), { path: ['end'], message: TEAM_MESSAGES.hoursWindow });
export type DayHours = z.infer<typeof dayHoursSchema>;

/** Seven days from Sunday. */
export const weekHoursSchema = z.array(dayHoursSchema, { error: TEAM_MESSAGES.hoursSeven }).length(WEEKDAYS.length, TEAM_MESSAGES.hoursSeven);

export const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  /** Offered for online bookings. */
  bookable: z.boolean(),
  /** Their own hours (true) or the organization's (false). */
  ownHours: z.boolean(),
  /** The hours in force, seven days from Sunday. */
  hours: z.array(z.object({ enabled: z.boolean(), start: z.string(), end: z.string() })),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const updateStaffMemberBodySchema = z.object({
  /** Seven days from Sunday; null goes back to the organization's hours. */
  hours: weekHoursSchema.nullable().optional(),
  bookable: z.boolean({ error: 'Must be true or false' }).optional(),
});
export type UpdateStaffMemberBody = z.infer<typeof updateStaffMemberBodySchema>;

export const staffParamsSchema = z.object({ userId: staffIdSchema });
export const timeOffParamsSchema = z.object({ id: staffIdSchema });
export const teamQuerySchema = z.object({ organizationId: staffIdSchema.optional() });

const wallClockSchema = z
  .string({ error: TEAM_MESSAGES.timeOffDate })
  .trim()
  .refine((v) => parseLocalDateTime(v)?.time != null, TEAM_MESSAGES.timeOffDate)
  .transform((v) => {
    const p = parseLocalDateTime(v);
    return `${p?.date}T${p?.time}:00`;
  });

export const timeOffBodySchema = z
  .object({
    startsAt: wallClockSchema,
    endsAt: wallClockSchema,
    reason: z.string().trim().max(200, 'At most 200 characters').nullish(),
  })
  .refine((b) => b.endsAt > b.startsAt, { path: ['endsAt'], message: TEAM_MESSAGES.timeOffOrder });
export type TimeOffBody = z.infer<typeof timeOffBodySchema>;

export const timeOffSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string().nullable(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

export const timeOffQuerySchema = z.object({
  /** From this day on (organization wall clock); today when left out. */
  from: calendarDateSchema.optional(),
});

/** The private calendar feed: its address only right after it is made (it is kept hashed). */
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  /** Present only in the answer that made it. */
  url: z.string().optional(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedParamsSchema = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/, 'Not a calendar address'),
});

/** A customer-facing first name and initial ("Dana R."): what the booking page shows of a person. */
export function publicStaffName(first: string | null, last: string | null, email: string): string {
  const f = first?.trim();
  const l = last?.trim();
  if (f) return l ? `${f} ${l[0].toUpperCase()}.` : f;
  return email.split('@')[0];
}

