// Who is on an appointment or a job, and a service's buffers (docs/rules/team.md): the pieces scheduling, work
// orders and the team screens share, with no imports of their own so each of them can use them.
import { z } from 'zod';

const INT_MAX = 2_147_483_647;
export const staffIdSchema = z.coerce.number().int().positive().max(INT_MAX);

export const TEAM_LIMITS = {
  /** People on one appointment or job. */
  maxAssignees: 10,
  /** Minutes of buffer before or after a service. */
  maxBuffer: 240,
  bufferStep: 5,
  /** Time-off entries returned at once. */
  maxTimeOff: 500,
} as const;

export const TEAM_MESSAGES = {
  notMember: 'Not a member of this team',
  assigneesDuplicate: 'A person is listed twice',
  assigneesTooMany: `At most ${TEAM_LIMITS.maxAssignees} people`,
  hoursWindow: 'The end must be after the start',
  hoursSeven: 'Seven days, from Sunday',
  timeOffOrder: 'The end must be after the start',
  timeOffDate: 'Use a date and time, YYYY-MM-DDTHH:MM',
  buffer: `Between 0 and ${TEAM_LIMITS.maxBuffer} minutes, in steps of ${TEAM_LIMITS.bufferStep}`,
} as const;

/** A list of staff member ids: distinct, at most maxAssignees. */
export const assigneeIdsSchema = z
  .array(staffIdSchema, { error: 'A list of staff member ids' })
  .max(TEAM_LIMITS.maxAssignees, TEAM_MESSAGES.assigneesTooMany)
  .refine((ids) => new Set(ids).size === ids.length, TEAM_MESSAGES.assigneesDuplicate);

export const bufferSchema = z
  .number({ error: TEAM_MESSAGES.buffer })
  .int(TEAM_MESSAGES.buffer)
  .min(0, TEAM_MESSAGES.buffer)
  .max(TEAM_LIMITS.maxBuffer, TEAM_MESSAGES.buffer)
  .refine((n) => n % TEAM_LIMITS.bufferStep === 0, TEAM_MESSAGES.buffer);

/** Someone on an appointment or a job, as lists and cards show them. */
export const assigneeSchema = z.object({ id: z.number().int(), name: z.string() });
export type Assignee = z.infer<typeof assigneeSchema>;

