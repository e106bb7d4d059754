// The dispatch board (docs/rules/team.md#dispatch-board): a day or a week with a row per staff member, their
// appointments, and the work nobody is on yet. Shared by the server and the screen.
import { z } from 'zod';
import { assigneeIdsSchema, assigneeSchema, staffIdSchema } from './assignees';
import { calendarDateSchema } from './dates';
import { checkRepeatFields, repeatFieldsSchema, repeatSchema } from './repeat';

export const DISPATCH_LIMITS = {
  /** Appointments on the board at once (a week of a large team). */
  maxAppointments: 1500,
  /** Unassigned appointments in the side list. */
  maxUnassigned: 200,
  /** Open jobs without a coming visit in the side list. */
  maxJobs: 100,
  /** Board cells, minutes. */
  slotMinutes: 30,
} as const;

export const DISPATCH_DAYS = [1, 7] as const;

export const DISPATCH_MESSAGES = {
  days: 'Show 1 or 7 days',
  jobClosed: 'This job is completed or cancelled',
  noService: 'Service selection is required',
} as const;

export const dispatchQuerySchema = z.object({
  /** The first day shown (organization wall clock); today when left out. */
  date: calendarDateSchema.optional(),
  /** 1 (a day) or 7 (a week from `date`). */
  days: z.coerce
    .number({ error: DISPATCH_MESSAGES.days })
    .int(DISPATCH_MESSAGES.days)
    .refine((d) => d === 1 || d === 7, DISPATCH_MESSAGES.days)
    .default(1),
  /** A super user names the organization. */
  organizationId: staffIdSchema.optional(),
});
export type DispatchQuery = z.infer<typeof dispatchQuerySchema>;

export const dispatchStaffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  /** Their hours in force on each shown day, in the order of `dates`. */
  hours: z.array(z.object({ date: z.string(), enabled: z.boolean(), start: z.string(), end: z.string() })),
  /** Time off touching the shown days, wall clock [startsAt, endsAt). */
  timeOff: z.array(z.object({ startsAt: z.string(), endsAt: z.string(), reason: z.string().nullable() })),
});
export type DispatchStaff = z.infer<typeof dispatchStaffSchema>;

export const dispatchAppointmentSchema = z.object({
  id: z.number().int(),
  /** Organization wall clock 'YYYY-MM-DDTHH:MM:SS'. */
  start: z.string(),
  duration: z.number().int(),
  bufferBefore: z.number().int(),
  bufferAfter: z.number().int(),
  status: z.string(),
  serviceId: z.number().int().nullable(),
  serviceName: z.string().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  /** The linked customer's address on one line, or null. */
  address: z.string().nullable(),
  workOrderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  jobTitle: z.string().nullable(),
  assignees: z.array(assigneeSchema),
});
export type DispatchAppointment = z.infer<typeof dispatchAppointmentSchema>;

export const dispatchJobSchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  title: z.string(),
  status: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  address: z.string().nullable(),
  /** Instants (ISO) the job was planned for, when set. */
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  /** Minutes from the job's estimated hours, or null. */
  estimatedMinutes: z.number().int().nullable(),
  crew: z.array(assigneeSchema),
});
export type DispatchJob = z.infer<typeof dispatchJobSchema>;

export const dispatchBoardSchema = z.object({
  timeZone: z.string(),
  /** Today on the organization's wall clock. */
  today: z.string(),
  /** The shown days, first to last. */
  dates: z.array(z.string()),
  staff: z.array(dispatchStaffSchema),
  /** Appointments on the shown days with at least one person, not cancelled, by time. */
  appointments: z.array(dispatchAppointmentSchema),
  /** Appointments on the shown days with nobody on them, not cancelled, by time. */
  unassigned: z.array(dispatchAppointmentSchema),
  /** Open jobs (scheduled or in progress) with no visit from today on. */
  jobs: z.array(dispatchJobSchema),
  /** True when a list was cut at its limit. */
  truncated: z.boolean(),
});
export type DispatchBoard = z.infer<typeof dispatchBoardSchema>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const scheduleJobParamsSchema = z.object({ id: staffIdSchema });

export const scheduleJobBodySchema = z.object({
  /** Organization wall clock day and 'HH:MM'. */
  date: calendarDateSchema,
  time: z.string({ error: 'Appointment time is required' }).regex(HHMM, 'Appointment time is required'),
  /** Minutes; the job's estimated hours, else the service's duration, when left out. */
  duration: z
    .number({ error: 'Duration must be a whole number of minutes' })
    .int('Duration must be a whole number of minutes')
    .min(1, 'Duration must be a whole number of minutes')
    .max(24 * 60, 'Duration must be at most 24 hours')
    .optional(),
  /** Who goes: they hold the time and join the job's crew. */
  assigneeIds: assigneeIdsSchema,
  /** The visit's service; left out: the job's last visit's, else one named like the job, else the first active one by name. */
  serviceId: staffIdSchema.optional(),
  /** Makes the visit the first of the job's repeating visits (docs/rules/scheduling.md#repeating-visits). */
  repeat: repeatSchema.nullish(),
  organizationId: staffIdSchema.nullish(),
});
export type ScheduleJobBody = z.infer<typeof scheduleJobBodySchema>;

/** The job dialog's Schedule visit form (docs/rules/scheduling.md#a-jobs-visits): as typed, before it becomes the body above. */
export const scheduleVisitFormSchema = scheduleJobBodySchema
  .pick({ date: true, time: true, assigneeIds: true })
  .extend({
    /** Minutes as typed; empty: the job's estimated hours, else the service's duration. */
    duration: z.string().regex(/^\d{0,4}$/, 'Duration must be a whole number of minutes'),
    repeat: repeatFieldsSchema,
  })
  .superRefine((v, ctx) => {
    const minutes = Number(v.duration);
    if (v.duration && (minutes < 1 || minutes > 24 * 60)) ctx.addIssue({ code: 'custom', path: ['duration'], message: 'Duration must be between 1 minute and 24 hours' });
    checkRepeatFields(v.repeat, v.date, ctx, ['repeat']);
  });
export type ScheduleVisitFormValues = z.input<typeof scheduleVisitFormSchema>;
export type ScheduleVisitFormOutput = z.output<typeof scheduleVisitFormSchema>;
