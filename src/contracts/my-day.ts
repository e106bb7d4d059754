// "My day" (docs/rules/team.md#my-day): a staff member's own visits of one day, in time order, and what they do on
// site: On my way (the customer is told the expected arrival), Start (the job's timer runs) and Complete.
import { z } from 'zod';
import { assigneeSchema } from './assignees';
import { calendarDateSchema } from './dates';

export const MY_DAY_LIMITS = {
  /** Minutes to arrival a staff member may give. */
  etaMin: 5,
  etaMax: 240,
  /** A second "On my way" within this many minutes of the message updates the time without a second message. */
  repeatWindowMinutes: 10,
} as const;

/** The minutes the screen offers with one tap. */
export const ETA_QUICK_PICKS = [10, 15, 20, 30, 45, 60] as const;

export const MY_DAY_MESSAGES = {
  eta: `Between ${MY_DAY_LIMITS.etaMin} and ${MY_DAY_LIMITS.etaMax} minutes`,
  notFound: 'Appointment not found',
  notOnIt: 'You are not on this visit',
  cancelled: 'This visit was cancelled',
  noShow: 'This visit was marked as a no-show',
  completed: 'This visit is already completed',
  started: 'Work on this visit has already started',
} as const;

const INT_MAX = 2_147_483_647;

export const myDayQuerySchema = z.object({ date: calendarDateSchema.optional() });
export type MyDayQuery = z.infer<typeof myDayQuerySchema>;

export const myDayParamsSchema = z.object({ appointmentId: z.coerce.number().int().positive().max(INT_MAX) });

export const onMyWayBodySchema = z.object({
  etaMinutes: z
    .number({ error: MY_DAY_MESSAGES.eta })
    .int(MY_DAY_MESSAGES.eta)
    .min(MY_DAY_LIMITS.etaMin, MY_DAY_MESSAGES.eta)
    .max(MY_DAY_LIMITS.etaMax, MY_DAY_MESSAGES.eta),
});
export type OnMyWayBody = z.infer<typeof onMyWayBodySchema>;

/** Start and Complete take no fields (an empty JSON object, as every write sends one). */
export const visitActionBodySchema = z.object({});

export const NOTIFY_CHANNELS = ['sms', 'email'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** Who "On my way" tells and how: a text to the phone, else an e-mail; null when there is neither. */
export const notifySchema = z.object({ channel: z.enum(NOTIFY_CHANNELS), to: z.string() }).nullable();
export type Notify = z.infer<typeof notifySchema>;

export const myDayVisitSchema = z.object({
  id: z.number().int(),
  /** Wall clock in the organization's zone, 'YYYY-MM-DDTHH:MM:SS'. */
  start: z.string(),
  end: z.string(),
  duration: z.number().int(),
  serviceName: z.string().nullable(),
  status: z.string(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  customerEmail: z.string().nullable(),
  /** One line from the linked customer record: street, city, state and zip; null without one. */
  address: z.string().nullable(),
  notes: z.string().nullable(),
  job: z.object({ id: z.number().int(), number: z.string(), title: z.string(), status: z.string() }).nullable(),
  assignees: z.array(assigneeSchema),
  /** UTC instants. */
  onMyWayAt: z.string().nullable(),
  expectedArrivalAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  notify: notifySchema,
});
export type MyDayVisit = z.infer<typeof myDayVisitSchema>;

export const myDaySchema = z.object({
  /** The day shown, and today, in the organization's zone. */
  date: z.string(),
  today: z.string(),
  timeZone: z.string(),
  /** How "On my way" names the sender to the customer: 'Ana from Acme Heating'. */
  from: z.string(),
  visits: z.array(myDayVisitSchema),
});
export type MyDay = z.infer<typeof myDaySchema>;

export const onMyWayResultSchema = z.object({
  visit: myDayVisitSchema,
  /** sent: the customer was told now; repeat: told within the last minutes, only the time changed; none: no phone or e-mail. */
  message: z.enum(['sent', 'repeat', 'none']),
  notify: notifySchema,
});
export type OnMyWayResult = z.infer<typeof onMyWayResultSchema>;

export const startVisitResultSchema = z.object({
  visit: myDayVisitSchema,
  /** The caller's timer on the visit's job (null when the visit has no job), and the one stopped to start it. */
  timer: z.object({ id: z.number().int(), workOrderId: z.number().int() }).nullable(),
  stoppedTimer: z.object({ id: z.number().int(), workOrderTitle: z.string().nullable() }).nullable(),
});
export type StartVisitResult = z.infer<typeof startVisitResultSchema>;

export const completeVisitResultSchema = z.object({
  visit: myDayVisitSchema,
  /** The caller's timer on the visit's job that Complete stopped, if one ran. */
  stoppedTimerId: z.number().int().nullable(),
});
export type CompleteVisitResult = z.infer<typeof completeVisitResultSchema>;

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** '10:40 AM': an instant on the organization's clock (the app's 12-hour time, docs/rules/scheduling.md#booking-slots). */
export function clockTime(instant: string | Date, timeZone: string): string {
  let f = clockFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true });
    clockFormats.set(timeZone, f);
  }
  return f.format(typeof instant === 'string' ? new Date(instant) : instant).replace(/\u202f/g, ' ');
}

/** 'Ana from Acme Heating': the staff member's first name (else 'Your technician') and the organization's name. */
export function senderPhrase(firstName: string | null | undefined, organizationName: string): string {
  return `${firstName?.trim() || 'Your technician'} from ${organizationName}`;
}

/** The text the customer receives (docs/rules/team.md#my-day). */
export function onMyWayText(from: string, arrival: string): string {
  return `${from} is on the way and expects to arrive around ${arrival}.`;
}
