// Scheduling and public booking (docs/rules/scheduling.md), shared by the server and the forms.
import { z } from 'zod';
import { calendarDateSchema, isCalendarDate } from './dates';
import { assigneeIdsSchema, assigneeSchema, bufferSchema } from './assignees';
import { applyToSchema, repeatSchema, seriesSchema } from './repeat';
import { discountCents, fromCents, MAX_CENTS, toCents } from './money';
import { checklistTemplateIdsSchema } from './checklists';

export const SCHEDULING_DEFAULTS = {
  timeZone: 'America/New_York',
  advanceBookingDays: 30,
  cancellationHours: 24,
  requirePhone: false,
  autoConfirm: true,
  allowCancellation: true,
  dayStart: '09:00',
  dayEnd: '17:00',
  /** Minutes, when an appointment's service has none. */
  appointmentDuration: 60,
  serviceDuration: 60,
  servicePrice: '0.00',
} as const;

export const SCHEDULING_LIMITS = {
  advanceBookingDays: { min: 1, max: 365 },
  cancellationHours: { min: 1, max: 168 },
  serviceDurationStep: 15,
  /** A service or appointment lasts at most a day. */
  maxDuration: 24 * 60,
  /** Public booking slots (docs/rules/scheduling.md#booking-slots). */
  publicSlotMinutes: 30,
  /** Signed-in appointment form slots. */
  staffSlotMinutes: 15,
  /** Longest GET /api/appointments range, in days. */
  maxRangeDays: 366,
  /** How long an online booking's time is held for its deposit or card (docs/rules/scheduling.md#holding-a-booking). */
  holdMinutes: 15,
} as const;

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const REMINDER_TIMING_OPTIONS = [1, 2, 4, 6, 12, 24, 48, 72, 168] as const;

export const APPOINTMENT_STATUSES = ['scheduled', 'pending', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

// ---- Holding an online booking (docs/rules/scheduling.md#holding-a-booking) ---------------------------------------

/** What an online booking must give to hold its time: nothing, a deposit of the service's price, or a card on file. */
export const BOOKING_HOLDS = ['none', 'deposit', 'card'] as const;
export type BookingHold = (typeof BOOKING_HOLDS)[number];
export type BookingHoldKind = Exclude<BookingHold, 'none'>;

/**
 * The status of an online booking waiting for its deposit or card. Only the booking page makes it (staff may confirm
 * or cancel such a booking, never put one back into it), so it is not one of APPOINTMENT_STATUSES.
 */
export const HELD_STATUS = 'pending_payment';

export const BOOKING_HOLD_LABELS: Record<BookingHold, string> = { none: 'Nothing', deposit: 'A deposit (percent of the service price)', card: 'A card on file' };

/** The calendar's word for a booking still waiting: "Awaiting deposit", "Awaiting card". */
export const heldLabel = (kind: BookingHoldKind) => (kind === 'deposit' ? 'Awaiting deposit' : 'Awaiting card');

export const BOOKING_HOLD_MESSAGES = {
  hold: 'Please choose what holds an online booking',
  depositPercent: 'Deposit percent must be between 1 and 100',
  needsProcessor: 'A deposit or a card on file needs online card payments: this organization records payments by hand. Set up a card processor under Payment Processors first.',
  notFound: 'Booking not found',
  ended: "This booking's hold has ended; please book again.",
  confirmed: 'This booking is already confirmed.',
  notDeposit: 'This booking is held with a card on file, not a deposit.',
  notCard: 'This booking is held with a deposit, not a card.',
} as const;

/**
 * The deposit that holds a booking of a service: `percent` of its price, rounded half away from zero to the cent (the
 * one rounding rule of contracts/money.ts). 0 for a free service: nothing to hold it with.
 */
export function bookingDepositCents(price: string, percent: number): number {
  return discountCents(toCents(price), { type: 'percent', value: percent });
}

export const SCHEDULING_MESSAGES = {
  serviceName: 'Service name is required',
  serviceDuration: 'Minimum duration is 15 minutes',
  servicePrice: 'Price must be positive',
  customerName: 'Customer name is required',
  customerEmail: 'Valid email is required',
  serviceRequired: 'Service selection is required',
  dateRequired: 'Appointment date is required',
  timeRequired: 'Appointment time is required',
  datePast: 'Appointment date cannot be in the past',
  timeSkipped: "That time does not exist in the organization's time zone",
  slotTaken: 'That time is no longer available',
  scheduleNotFound: 'Schedule not found',
  bookingService: 'Please select a service',
  bookingName: 'Name is required',
  bookingDate: 'Please select a date and time',
  phoneRequired: 'Phone is required',
  beyondAdvance: 'That date is too far ahead to book',
  dayDisabled: 'Bookings are not available on that day',
  outsideHours: 'That time is outside booking hours',
  notOffered: 'Please choose one of the offered times',
  noStaffChoice: 'Choosing a person is not offered here',
  staffUnavailable: 'That person is not available then',
  timeZone: 'Please choose a valid time zone',
  timeFormat: 'Use the 24-hour HH:MM format',
  dayWindow: 'Start time must be before end time',
  timing: 'Please enter a valid number of hours.',
  timingExists: 'This timing already exists in your custom timings.',
} as const;

const INT_MAX = 2_147_483_647;
const idSchema = z.coerce.number().int().positive().max(INT_MAX);
export const schedulingIdParamsSchema = z.object({ id: idSchema });
/** An organization slug or a schedule token (docs/rules/scheduling.md#public-pages-key: `/schedule/{x}` accepts either). */
export const scheduleKeyParamsSchema = z.object({ slug: z.string().trim().min(1).max(100) });

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());
const optionalText = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`).nullish().transform(blankToNull);

export function isValidTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const hhmmSchema = z.string({ error: SCHEDULING_MESSAGES.timeFormat }).regex(HHMM, SCHEDULING_MESSAGES.timeFormat);
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

// ---- Services ----------------------------------------------------------------------------------

const priceSchema = z
  .union([z.string(), z.number()], { error: SCHEDULING_MESSAGES.servicePrice })
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'x') : v.trim();
    const fail = () => {
      ctx.issues.push({ code: 'custom', message: SCHEDULING_MESSAGES.servicePrice, input: v });
      return z.NEVER;
    };
    if (text === '') return SCHEDULING_DEFAULTS.servicePrice;
    if (!/^\d+(?:\.\d{1,2})?$/.test(text) && !/^\d*\.\d{1,2}$/.test(text)) return fail();
    const cents = toCents(text.startsWith('.') ? `0${text}` : text);
    if (cents > MAX_CENTS) return fail();
    return fromCents(cents);
  });

export const serviceFieldsSchema = z.object({
  name: z
    .string({ error: SCHEDULING_MESSAGES.serviceName })
    .trim()
    .min(1, SCHEDULING_MESSAGES.serviceName)
    .max(200, 'Service name must be at most 200 characters'),
  description: optionalText('Description', 5000),
  duration: z
    .number({ error: SCHEDULING_MESSAGES.serviceDuration })
    .int(SCHEDULING_MESSAGES.serviceDuration)
    .min(15, { error: SCHEDULING_MESSAGES.serviceDuration, abort: true })
    .max(SCHEDULING_LIMITS.maxDuration, 'Duration must be at most 24 hours')
    .refine((n) => n % SCHEDULING_LIMITS.serviceDurationStep === 0, 'Duration must be a multiple of 15 minutes')
    .optional(),
  price: priceSchema.optional(),
  isActive: z.boolean({ error: 'Must be true or false' }).optional(),
  /** Minutes the performer is kept before and after, not shown to the customer (docs/rules/team.md#buffers). */
  bufferBefore: bufferSchema.optional(),
  bufferAfter: bufferSchema.optional(),
  /** Who may perform it; empty: every bookable staff member (docs/rules/team.md#who-performs-a-service). */
  performerIds: assigneeIdsSchema.optional(),
  /** The checklist templates it puts on every job it is booked for (docs/rules/team.md#checklists); left out: unchanged. */
  checklistTemplateIds: checklistTemplateIdsSchema.optional(),
  /** Super users choose the organization; ignored for everyone else and on update. */
  organizationId: idSchema.nullish(),
});
export const createServiceBodySchema = serviceFieldsSchema;
export type CreateServiceBody = z.infer<typeof createServiceBodySchema>;
export const updateServiceBodySchema = serviceFieldsSchema.partial();
export type UpdateServiceBody = z.infer<typeof updateServiceBodySchema>;

export const serviceSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  duration: z.number().int(),
  /** Decimal string "75.00". */
  price: z.string(),
  isActive: z.boolean(),
  bufferBefore: z.number().int(),
  bufferAfter: z.number().int(),
  performerIds: z.array(z.number().int()),
  checklistTemplateIds: z.array(z.number().int()),
  createdAt: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

export const publicServiceSchema = serviceSchema.pick({ id: true, name: true, description: true, duration: true, price: true });
export type PublicService = z.infer<typeof publicServiceSchema>;

export const organizationQuerySchema = z.object({ organizationId: idSchema.optional() });

export const migrateWorkOrdersResultSchema = z.object({ servicesCreated: z.number().int(), appointmentsCreated: z.number().int() });

// ---- Schedule settings -------------------------------------------------------------------------

const dayShape = {} as Record<`${Weekday}Enabled`, z.ZodOptional<z.ZodBoolean>> & Record<`${Weekday}Start` | `${Weekday}End`, z.ZodOptional<typeof hhmmSchema>>;
for (const d of WEEKDAYS) {
  Object.assign(dayShape, {
    [`${d}Enabled`]: z.boolean({ error: 'Must be true or false' }).optional(),
    [`${d}Start`]: hhmmSchema.optional(),
    [`${d}End`]: hhmmSchema.optional(),
  });
}

const settingsFields = z.object({
  timeZone: z.string({ error: SCHEDULING_MESSAGES.timeZone }).trim().refine(isValidTimeZone, SCHEDULING_MESSAGES.timeZone).optional(),
  advanceBookingDays: z
    .number({ error: 'Advance booking days must be between 1 and 365' })
    .int('Advance booking days must be between 1 and 365')
    .min(1, 'Advance booking days must be between 1 and 365')
    .max(365, 'Advance booking days must be between 1 and 365')
    .optional(),
  requirePhone: z.boolean({ error: 'Must be true or false' }).optional(),
  autoConfirm: z.boolean({ error: 'Must be true or false' }).optional(),
  allowCancellation: z.boolean({ error: 'Must be true or false' }).optional(),
  /** The booking page offers a choice of person besides "any available" (docs/rules/team.md#online-booking). */
  allowStaffChoice: z.boolean({ error: 'Must be true or false' }).optional(),
  cancellationHours: z
    .number({ error: 'Cancellation hours must be between 1 and 168' })
    .int('Cancellation hours must be between 1 and 168')
    .min(1, 'Cancellation hours must be between 1 and 168')
    .max(168, 'Cancellation hours must be between 1 and 168')
    .optional(),
  /** What holds an online booking (docs/rules/scheduling.md#holding-a-booking); a deposit or card needs a card processor. */
  bookingHold: z.enum(BOOKING_HOLDS, { error: BOOKING_HOLD_MESSAGES.hold }).optional(),
  bookingDepositPercent: z
    .number({ error: BOOKING_HOLD_MESSAGES.depositPercent })
    .int(BOOKING_HOLD_MESSAGES.depositPercent)
    .min(1, BOOKING_HOLD_MESSAGES.depositPercent)
    .max(100, BOOKING_HOLD_MESSAGES.depositPercent)
    .optional(),
  ...dayShape,
  organizationId: idSchema.nullish(),
});

/** Start before end for each day where both are sent (the stored value is checked again on update). */
function checkWindows(body: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const d of WEEKDAYS) {
    const s = body[`${d}Start`];
    const e = body[`${d}End`];
    if (typeof s === 'string' && typeof e === 'string' && minutesOf(s) >= minutesOf(e)) {
      ctx.addIssue({ code: 'custom', path: [`${d}End`], message: SCHEDULING_MESSAGES.dayWindow });
    }
  }
}
export const scheduleSettingsBodySchema = settingsFields.superRefine(checkWindows);
export type ScheduleSettingsBody = z.infer<typeof scheduleSettingsBodySchema>;

const dayOutShape = {} as Record<`${Weekday}Enabled`, z.ZodBoolean> & Record<`${Weekday}Start` | `${Weekday}End`, z.ZodString>;
for (const d of WEEKDAYS) Object.assign(dayOutShape, { [`${d}Enabled`]: z.boolean(), [`${d}Start`]: z.string(), [`${d}End`]: z.string() });

export const publicScheduleSettingsSchema = z.object({
  timeZone: z.string(),
  advanceBookingDays: z.number().int(),
  requirePhone: z.boolean(),
  allowStaffChoice: z.boolean(),
  /** On the booking page: what a booking will ask for ('none' there when no card can be taken online). */
  bookingHold: z.enum(BOOKING_HOLDS),
  bookingDepositPercent: z.number().int(),
  ...dayOutShape,
});
export type PublicScheduleSettings = z.infer<typeof publicScheduleSettingsSchema>;

export const scheduleSettingsSchema = publicScheduleSettingsSchema.extend({
  id: z.number().int(),
  organizationId: z.number().int(),
  scheduleToken: z.string(),
  autoConfirm: z.boolean(),
  allowCancellation: z.boolean(),
  cancellationHours: z.number().int(),
});
export type ScheduleSettings = z.infer<typeof scheduleSettingsSchema>;

// ---- Reminder settings -------------------------------------------------------------------------

const hoursSchema = z.number({ error: SCHEDULING_MESSAGES.timing }).int(SCHEDULING_MESSAGES.timing).min(1, SCHEDULING_MESSAGES.timing).max(8760, SCHEDULING_MESSAGES.timing);

export const reminderSettingsBodySchema = z.object({
  isEnabled: z.boolean({ error: 'Must be true or false' }).optional(),
  defaultTiming: hoursSchema.optional(),
  emailEnabled: z.boolean({ error: 'Must be true or false' }).optional(),
  smsEnabled: z.boolean({ error: 'Must be true or false' }).optional(),
  emailTemplate: optionalText('Email template', 10_000),
  smsTemplate: optionalText('SMS template', 1_000),
  /** Positive whole hours, no duplicates; stored ascending. */
  customTimings: z
    .array(hoursSchema, { error: SCHEDULING_MESSAGES.timing })
    .max(20, 'At most 20 timings')
    .refine((a) => new Set(a).size === a.length, SCHEDULING_MESSAGES.timingExists)
    .transform((a) => [...a].sort((x, y) => x - y))
    .optional(),
  organizationId: idSchema.nullish(),
});
export type ReminderSettingsBody = z.infer<typeof reminderSettingsBodySchema>;

export const reminderSettingsSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  isEnabled: z.boolean(),
  defaultTiming: z.number().int(),
  emailEnabled: z.boolean(),
  smsEnabled: z.boolean(),
  emailTemplate: z.string().nullable(),
  smsTemplate: z.string().nullable(),
  customTimings: z.array(z.number().int()),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

// ---- Appointments ------------------------------------------------------------------------------

const LOCAL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

// The calendar's rules live in dates.ts, shared by every route that takes a date.
export { calendarDateSchema, isCalendarDate };

/**
 * Splits a wall-clock value: 'YYYY-MM-DDTHH:MM[:SS]' or a bare date. Null when it is neither; a time zone
 * suffix is refused because appointment times are the organization's wall clock.
 */
export function parseLocalDateTime(value: string): { date: string; time: string | null } | null {
  const v = value.trim();
  if (isCalendarDate(v)) return { date: v, time: null };
  const m = LOCAL.exec(v);
  if (!m || !isCalendarDate(m[1]) || !HHMM.test(m[2]) || (m[3] !== undefined && m[3] !== '00')) return null;
  return { date: m[1], time: m[2] };
}

const appointmentDateSchema = z
  .string({ error: SCHEDULING_MESSAGES.dateRequired })
  .trim()
  .min(1, { error: SCHEDULING_MESSAGES.dateRequired, abort: true })
  .refine((v) => parseLocalDateTime(v) !== null, 'Use the YYYY-MM-DDTHH:MM date and time format');

const emailSchema = z
  .string({ error: SCHEDULING_MESSAGES.customerEmail })
  .trim()
  .toLowerCase()
  .max(254, SCHEDULING_MESSAGES.customerEmail)
  .refine((v) => v === '' || z.email().safeParse(v).success, SCHEDULING_MESSAGES.customerEmail);

const phoneSchema = z
  .string({ error: 'Phone must be text' })
  .max(40, 'Phone must be at most 40 characters')
  .nullish()
  .transform((v) => (v == null ? v : v.replace(/[^\d+]/g, '') || null));

const appointmentFields = z.object({
  customerId: idSchema.nullish(),
  customerName: z.string({ error: SCHEDULING_MESSAGES.customerName }).trim().min(1, SCHEDULING_MESSAGES.customerName).max(200, 'Customer name must be at most 200 characters'),
  /** Valid, or empty when customerId names a customer with an e-mail address. */
  customerEmail: emailSchema.nullish(),
  customerPhone: phoneSchema,
  serviceId: z.number({ error: SCHEDULING_MESSAGES.serviceRequired }).int(SCHEDULING_MESSAGES.serviceRequired).positive(SCHEDULING_MESSAGES.serviceRequired).max(INT_MAX, SCHEDULING_MESSAGES.serviceRequired),
  /** Organization wall clock 'YYYY-MM-DDTHH:MM:00', or a date with appointmentTime. */
  appointmentDate: appointmentDateSchema,
  /** 'HH:MM' when appointmentDate is a bare date (the form's separate time field). */
  appointmentTime: z.string({ error: SCHEDULING_MESSAGES.timeRequired }).regex(HHMM, SCHEDULING_MESSAGES.timeRequired).nullish(),
  /** Minutes; the service's duration when left out (60 when it has none). */
  duration: z
    .number({ error: 'Duration must be a whole number of minutes' })
    .int('Duration must be a whole number of minutes')
    .min(1, 'Duration must be a whole number of minutes')
    .max(SCHEDULING_LIMITS.maxDuration, 'Duration must be at most 24 hours')
    .nullish(),
  /** pending_payment only as the status a held online booking already has (staff confirm or cancel it, never make one). */
  status: z.enum([...APPOINTMENT_STATUSES, HELD_STATUS], { error: 'Please choose a valid status' }).optional(),
  notes: optionalText('Notes', 10_000),
  workOrderId: idSchema.nullish(),
  /** Who holds the time (docs/rules/team.md#assignment). Left out on create: the signed-in staff member; [] unassigned. */
  assigneeIds: assigneeIdsSchema.optional(),
  organizationId: idSchema.nullish(),
});

function checkTime(body: { appointmentDate?: string; appointmentTime?: string | null }, ctx: z.RefinementCtx) {
  if (body.appointmentDate === undefined) return;
  const parsed = parseLocalDateTime(body.appointmentDate);
  if (parsed && parsed.time === null && !body.appointmentTime) {
    ctx.addIssue({ code: 'custom', path: ['appointmentTime'], message: SCHEDULING_MESSAGES.timeRequired });
  }
}

export const createAppointmentBodySchema = appointmentFields
  .extend({
    status: z.enum(APPOINTMENT_STATUSES, { error: 'Please choose a valid status' }).optional(),
    /** Makes it the first of repeating visits (docs/rules/scheduling.md#repeating-visits). */
    repeat: repeatSchema.nullish(),
  })
  .superRefine(checkTime);
export type CreateAppointmentBody = z.infer<typeof createAppointmentBodySchema>;
export const updateAppointmentBodySchema = appointmentFields
  .partial()
  .extend({
    /** A repeating visit's change is for it alone ('this', the default) or for it and every later visit ('following'). */
    applyTo: applyToSchema.optional(),
    /** With applyTo 'following': the new rule from this visit on, or null to stop repeating after it. */
    repeat: repeatSchema.nullish(),
  })
  .superRefine(checkTime);
export type UpdateAppointmentBody = z.infer<typeof updateAppointmentBodySchema>;

export const appointmentsQuerySchema = z.object({
  /** First day, organization wall clock, inclusive. */
  from: calendarDateSchema.optional(),
  /** Last day, inclusive. */
  to: calendarDateSchema.optional(),
  /** Only this job's visits (the job dialog's Visits). */
  workOrderId: idSchema.optional(),
  organizationId: idSchema.optional(),
});

export const appointmentSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  serviceId: z.number().int().nullable(),
  serviceName: z.string().nullable(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  /** Organization wall clock 'YYYY-MM-DDTHH:MM:SS'. */
  appointmentDate: z.string(),
  duration: z.number().int(),
  status: z.string(),
  notes: z.string().nullable(),
  workOrderId: z.number().int().nullable(),
  source: z.string(),
  /** The people whose time it holds, by name. */
  assignees: z.array(assigneeSchema),
  /** The service's buffers when it was booked: the assignees' time held before and after. */
  bufferBefore: z.number().int(),
  bufferAfter: z.number().int(),
  /** The repeating visits it belongs to, or null. */
  series: seriesSchema.nullable(),
  /** An online booking held with a deposit or a card (docs/rules/scheduling.md#holding-a-booking), else null. */
  hold: z
    .object({
      kind: z.enum(['deposit', 'card']),
      /** While it waits (status pending_payment): when its time is let go (UTC instant). Null once confirmed or let go. */
      expiresAt: z.string().nullable(),
      /** The deposit received for it, less refunds (decimal string); null before any. */
      depositPaid: z.string().nullable(),
      /** The deposit's payment (Payments), and when it was received. */
      depositPaymentId: z.number().int().nullable(),
      depositReceivedAt: z.string().nullable(),
      /** The card kept on file for it: "Visa ending 4242". */
      card: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;
export type AppointmentHold = NonNullable<Appointment['hold']>;

/** DELETE /api/appointments/:id: a repeating visit alone, or it and every later one. */
export const cancelAppointmentQuerySchema = z.object({ applyTo: applyToSchema.optional() });

// ---- Public booking ----------------------------------------------------------------------------

export const publicScheduleSchema = z.object({
  organization: z.object({ name: z.string(), slug: z.string().nullable(), industry: z.string().nullable(), logo: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
  services: z.array(publicServiceSchema),
  settings: publicScheduleSettingsSchema,
  /** The people a customer may choose, when the organization allows it (else empty); names as "Dana R.". */
  staff: z.array(assigneeSchema.extend({ serviceIds: z.array(z.number().int()) })),
});
export type PublicSchedule = z.infer<typeof publicScheduleSchema>;

export const publicDayQuerySchema = z.object({ date: calendarDateSchema });
export const publicSlotsQuerySchema = z.object({
  date: calendarDateSchema,
  serviceId: idSchema.optional(),
  /** One person's slots (when the organization lets customers choose); left out: anyone's. */
  staffId: idSchema.optional(),
});

export const busyTimeSchema = z.object({ appointmentDate: z.string(), duration: z.number().int() });
export const slotSchema = z.object({
  /** 'HH:MM' wall clock. */
  time: z.string(),
  /** 'YYYY-MM-DDTHH:MM:00', what the booking call takes. */
  appointmentDate: z.string(),
  /** '9:30 AM'. */
  label: z.string(),
});
export type Slot = z.infer<typeof slotSchema>;

export const bookingBodySchema = z.object({
  customerName: z.string({ error: SCHEDULING_MESSAGES.bookingName }).trim().min(1, SCHEDULING_MESSAGES.bookingName).max(200, 'Name must be at most 200 characters'),
  customerEmail: z
    .string({ error: SCHEDULING_MESSAGES.customerEmail })
    .trim()
    .toLowerCase()
    .max(254, SCHEDULING_MESSAGES.customerEmail)
    .refine((v) => z.email().safeParse(v).success, SCHEDULING_MESSAGES.customerEmail),
  customerPhone: phoneSchema,
  appointmentDate: z
    .string({ error: SCHEDULING_MESSAGES.bookingDate })
    .trim()
    .min(1, { error: SCHEDULING_MESSAGES.bookingDate, abort: true })
    .refine((v) => parseLocalDateTime(v)?.time != null, SCHEDULING_MESSAGES.bookingDate),
  notes: optionalText('Notes', 2_000),
  serviceId: z.number({ error: SCHEDULING_MESSAGES.bookingService }).int(SCHEDULING_MESSAGES.bookingService).min(1, SCHEDULING_MESSAGES.bookingService).max(INT_MAX, SCHEDULING_MESSAGES.bookingService),
  /** The person chosen, when the organization allows choosing; left out or null: any available. */
  staffId: idSchema.nullish(),
  /** Ignored: a booking lasts as long as its service (a visitor cannot reserve a whole day). */
  duration: z.number().int().min(1).max(SCHEDULING_LIMITS.maxDuration).nullish(),
});
export type BookingBody = z.infer<typeof bookingBodySchema>;

export const bookingResultSchema = z.object({
  id: z.number().int(),
  appointmentDate: z.string(),
  status: z.string(),
  /**
   * Present when the organization asks for a deposit or a card to hold the booking (status pending_payment): what to
   * give, and the bearer token of the next calls, POST /api/public/bookings/{holdToken}/deposit-intent or
   * /setup-intent. Shown once; only its hash is kept.
   */
  hold: z
    .object({
      kind: z.enum(['deposit', 'card']),
      /** The deposit (decimal string); null for a card. */
      amount: z.string().nullable(),
      holdToken: z.string(),
      /** When the time is let go unless the deposit is paid or the card saved (UTC instant). */
      expiresAt: z.string(),
      /** The status the booking takes once held: scheduled, or pending when the organization confirms bookings itself. */
      confirmedStatus: z.enum(['scheduled', 'pending']),
    })
    .optional(),
});
export type BookingResult = z.infer<typeof bookingResultSchema>;

// ---- Changing an appointment by its e-mail link (docs/rules/scheduling.md#changing-by-link) -----

/** Any text: a token that is not one of ours is simply not found (404), like an expired one. */
export const appointmentLinkParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const CHANGE_MESSAGES = {
  notFound: 'Appointment link not found',
  off: 'Changes are taken by phone or e-mail',
  tooLate: (hours: number) => `Changes are not taken online within ${hours} hours of the appointment`,
  cancelled: 'This appointment has been cancelled',
  past: 'This appointment has passed',
  sameTime: 'That is the time already booked',
} as const;

export const managedAppointmentSchema = z.object({
  organization: z.object({ name: z.string(), slug: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable(), logo: z.string().nullable() }),
  appointment: z.object({
    serviceId: z.number().int().nullable(),
    serviceName: z.string().nullable(),
    /** Organization wall clock 'YYYY-MM-DDTHH:MM:SS'. */
    appointmentDate: z.string(),
    duration: z.number().int(),
    status: z.string(),
    /** The person coming, as "Dana R.", when there is one. */
    staffName: z.string().nullable(),
    timeZone: z.string(),
  }),
  /** Whether the customer may reschedule or cancel here now; when not, `reason` says why. */
  canChange: z.boolean(),
  reason: z.string().nullable(),
  cancellationHours: z.number().int(),
});
export type ManagedAppointment = z.infer<typeof managedAppointmentSchema>;

export const rescheduleBodySchema = bookingBodySchema.pick({ appointmentDate: true });
export type RescheduleBody = z.infer<typeof rescheduleBodySchema>;
