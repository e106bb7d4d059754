// Reports & Analytics (docs/rules/reports.md#report-formulas;
// Export Reports downloads the figures as CSV).
//
// A range is two UTC calendar days, both included: from 00:00 UTC on `from` up to (not including)
// 00:00 UTC the day after `to`, like every other date the app shows (docs/rules/reports.md#report-range). No range
// at all is "all time". Which date of a record decides whether it is in the range:
//   revenue and top customers   the invoice's paid date (its last update when an old row has none)
//   work order figures          the work order's creation
//   invoice status summary      the invoice's creation; overdue is derived at the time of the request
//   hours tracked               the time entry's start
//   activity                    creation of customers, work orders, estimates and invoices; the received
//                               date of completed payments; the appointment's own (wall-clock) day;
//                               the start of time entries
import { z } from 'zod';
import { isCalendarDate } from './dates';

export const REPORT_WORK_ORDER_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type ReportWorkOrderStatus = (typeof REPORT_WORK_ORDER_STATUSES)[number];

/** overdue is not only a stored status: an unpaid invoice past its due date counts as overdue too. */
export const REPORT_INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue'] as const;
export type ReportInvoiceStatus = (typeof REPORT_INVOICE_STATUSES)[number];

/** The top customers list shows 5 (docs/rules/reports.md#report-formulas). */
export const TOP_CUSTOMERS_SHOWN = 5;

export const REPORT_MESSAGES = {
  date: 'Use the YYYY-MM-DD date format',
  fromMissing: 'Choose a start date',
  toMissing: 'Choose an end date',
  order: 'The end date must be on or after the start date',
} as const;

const reportDate = z.string({ error: REPORT_MESSAGES.date }).refine(isCalendarDate, REPORT_MESSAGES.date);

/** GET /api/reports/summary and /api/reports/export. from and to go together; neither is all time. */
export const reportQuerySchema = z
  .object({
    from: reportDate.optional(),
    to: reportDate.optional(),
    /** Super users without an organization see every organization unless they narrow to one. */
    organizationId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from !== undefined && q.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.toMissing });
    if (q.to !== undefined && q.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: REPORT_MESSAGES.fromMissing });
    // ISO dates compare as text.
    if (q.from !== undefined && q.to !== undefined && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.order });
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportSummarySchema = z.object({
  /** The range the figures cover, both days included; null and null: all time. */
  range: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  /** The instant overdue was judged at (ISO). */
  generatedAt: z.string(),
  kpis: z.object({
    /** Sum of the totals of paid invoices, decimal string. */
    totalRevenue: z.string(),
    paidInvoices: z.number().int(),
    /** Mean totalCost of the work orders, to the cent (half away from zero), decimal string; "0.00" without any. */
    averageJobValue: z.string(),
    workOrders: z.number().int(),
    /** Completed over all work orders, percent with one decimal (62.5); 0 without any. */
    completionRate: z.number(),
    completedWorkOrders: z.number().int(),
    /** Sum of the durations of finished time entries in hours, one decimal. */
    hoursTracked: z.number(),
    finishedTimeEntries: z.number().int(),
  }),
  /** Always the four statuses, in REPORT_WORK_ORDER_STATUSES order. */
  workOrdersByStatus: z.array(z.object({ status: z.enum(REPORT_WORK_ORDER_STATUSES), count: z.number().int() })),
  /** Always the four statuses, in REPORT_INVOICE_STATUSES order; total is a decimal string. */
  invoiceStatusSummary: z.array(z.object({ status: z.enum(REPORT_INVOICE_STATUSES), count: z.number().int(), total: z.string() })),
  /** Up to TOP_CUSTOMERS_SHOWN customers by paid revenue, highest first, ties by name. */
  topCustomers: z.array(z.object({ customerId: z.number().int(), name: z.string(), revenue: z.string(), paidInvoices: z.number().int() })),
  activity: z.object({
    customersAdded: z.number().int(),
    workOrdersCreated: z.number().int(),
    estimatesCreated: z.number().int(),
    invoicesCreated: z.number().int(),
    /** Completed payments only. */
    paymentsReceived: z.number().int(),
    paymentsReceivedTotal: z.string(),
    /** Cancelled appointments are left out. */
    appointments: z.number().int(),
    /** Started in the range, running or finished. */
    timeEntries: z.number().int(),
  }),
  /**
   * The money loop in the range (docs/rules/reports.md#billing): tax on issued invoices per rate (typedTax: typed by
   * hand), their discounts (line and document), credit notes issued, refunds completed, late fees added, automatic
   * reminders sent and payments received after a reminder, recurring invoices made and auto-pay charges.
   */
  billing: z.object({
    taxes: z.array(z.object({ name: z.string(), percent: z.string(), total: z.string() })),
    typedTax: z.string(),
    discounts: z.string(),
    creditNotes: z.object({ count: z.number().int(), total: z.string() }),
    refunds: z.object({ count: z.number().int(), total: z.string() }),
    lateFees: z.object({ count: z.number().int(), total: z.string() }),
    remindersSent: z.number().int(),
    collectedAfterReminders: z.object({ count: z.number().int(), total: z.string() }),
    recurringInvoices: z.object({ count: z.number().int(), total: z.string() }),
    autoPay: z.object({ count: z.number().int(), total: z.string() }),
  }),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;
