// Time entries: the timer's start/stop bodies and the entry as the screen shows it (docs/rules/inventory-and-time.md#timer).
import { z } from 'zod';

export const TIME_ENTRY_MESSAGES = {
  workOrderRequired: 'Please select a work order',
  descriptionTooLong: 'Description must be at most 2,000 characters',
  alreadyRunning: 'A timer is already running',
  alreadyStopped: 'This timer is already stopped',
  notOwner: 'You can only stop your own timer',
  notFound: 'Time entry not found',
  startFailed: 'Failed to start timer',
  stopFailed: 'Failed to stop timer',
  started: 'Timer started successfully',
  stopped: 'Timer stopped successfully',
} as const;

/** The screen asks for the running timer this often (docs/rules/inventory-and-time.md#timer). */
export const ACTIVE_TIMER_POLL_MS = 1000;

/**
 * Start a timer. The employee name and start time come from the signed-in user and the server's clock
 * (docs/rules/inventory-and-time.md#timer), so a client cannot book time under someone else's name or back-date it; extra keys
 * the original client sends (employeeName, startTime, isActive) are dropped.
 */
export const startTimeEntryBodySchema = z.object({
  workOrderId: z
    .union([z.number(), z.string().regex(/^\s*\d+\s*$/, TIME_ENTRY_MESSAGES.workOrderRequired)], { error: TIME_ENTRY_MESSAGES.workOrderRequired })
    .transform(Number)
    .pipe(
      z
        .number()
        .int(TIME_ENTRY_MESSAGES.workOrderRequired)
        .min(1, TIME_ENTRY_MESSAGES.workOrderRequired)
        .max(2_147_483_647, TIME_ENTRY_MESSAGES.workOrderRequired),
    ),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(2000, TIME_ENTRY_MESSAGES.descriptionTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type StartTimeEntryBody = z.infer<typeof startTimeEntryBodySchema>;
export type StartTimeEntryInput = z.input<typeof startTimeEntryBodySchema>;

/** Stop a timer: the server's clock sets endTime; the client's endTime/isActive are dropped. */
export const stopTimeEntryBodySchema = z.object({});

export const timeEntryIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const timeEntrySchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  workOrderId: z.number().int(),
  userId: z.number().int().nullable(),
  employeeName: z.string().nullable(),
  description: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  isActive: z.boolean(),
  /** Whole minutes from start to end; null while the timer runs (the screen counts live). */
  durationMinutes: z.number().int().nullable(),
  workOrderTitle: z.string().nullable(),
  workOrderNumber: z.string().nullable(),
  customerName: z.string().nullable(),
  createdAt: z.string(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;
export const timeEntryListSchema = z.array(timeEntrySchema);
export const activeTimeEntrySchema = timeEntrySchema.nullable();

/** Whole minutes between two instants (never negative). */
export function durationMinutes(start: Date | string, end: Date | string): number {
  const ms = new Date(end).getTime() - new Date(start).getTime();
  return Math.max(0, Math.floor(ms / 60_000));
}

/** "2h 05m": hours and minutes (docs/rules/inventory-and-time.md#timer). */
export function formatDuration(totalMinutes: number): string {
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return `${h}h ${String(m).padStart(2, '0')}m`;
}
