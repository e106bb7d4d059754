// Payment analytics: the aging report (docs/rules/money-and-payments.md#payment-analytics), the screen's figures and its
// recommended actions (docs/rules/money-and-payments.md#recommended-actions).
import { z } from 'zod';

/** The report's keys in bucket order, youngest first (docs/rules/money-and-payments.md#payment-analytics). */
export const AGING_BUCKETS = ['current', 'days30', 'days60', 'days90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/**
 * Whole days past the due date that end each bucket (docs/rules/money-and-payments.md#payment-analytics: 0-30, 31-60, 61-90, 91-120,
 * over 120). Not yet due, or no due date, counts as 0 days: current.
 */
export const AGING_BUCKET_LAST_DAY: Record<Exclude<AgingBucket, 'over90'>, number> = {
  current: 30,
  days30: 60,
  days60: 90,
  days90: 120,
};

/**
 * Invoice statuses still owed: sent to the customer and not paid (drafts are not owed yet). An invoice counts in
 * the money figures while its balance due (total less completed payments and credit notes) is above zero
 * (docs/decisions/017-money-figures.md).
 */
export const UNPAID_INVOICE_STATUSES = ['sent', 'overdue'] as const;

export { ACTION_REPEAT_HOURS } from './action-window';

/** Both comparison windows of the analytics figures, in days. */
export const ANALYTICS_WINDOW_DAYS = 90;

export const agingInvoiceSchema = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  customerId: z.number().int(),
  customerName: z.string().nullable(),
  status: z.string(),
  /** Decimal string ("1234.50"). */
  total: z.string(),
  /** total minus the invoice's completed payments, decimal string. */
  balanceDue: z.string(),
  /** ISO instant or null. */
  dueDate: z.string().nullable(),
  /** Whole days past the due date; 0 when not yet due or without a due date. */
  daysOverdue: z.number().int(),
});
export type AgingInvoice = z.infer<typeof agingInvoiceSchema>;

/** Invoices listed per bucket when the aging report is asked without a limit (docs/decisions/021-aging-report-paging.md). */
export const AGING_PAGE_SIZE = 25;
/** The most invoices one bucket's list may hold in one answer. */
export const AGING_PAGE_MAX = 100;

/** A bucket's exact figures, whatever part of its list the answer holds. */
export const agingBucketTotalSchema = z.object({
  /** Owed invoices in the bucket. */
  count: z.number().int(),
  /** Their summed totals, decimal string. */
  total: z.string(),
  /** Their summed balances due (totals less completed payments), decimal string. */
  balanceDue: z.string(),
});
export type AgingBucketTotal = z.infer<typeof agingBucketTotalSchema>;

/**
 * GET /api/reports/aging: owed invoices (sent or overdue, with a balance due) by days past due, oldest due date first
 * in each bucket. The buckets sum balances due, as Outstanding Balance and Pending Invoices do. Each bucket's array
 * holds one page of its invoices (offset and limit, AGING_PAGE_SIZE by default); `totals` holds every bucket's exact
 * count and sums (docs/decisions/021-aging-report-paging.md).
 */
export const agingReportSchema = z.object({
  current: z.array(agingInvoiceSchema),
  days30: z.array(agingInvoiceSchema),
  days60: z.array(agingInvoiceSchema),
  days90: z.array(agingInvoiceSchema),
  over90: z.array(agingInvoiceSchema),
  totals: z.object({
    current: agingBucketTotalSchema,
    days30: agingBucketTotalSchema,
    days60: agingBucketTotalSchema,
    days90: agingBucketTotalSchema,
    over90: agingBucketTotalSchema,
  }),
});
export type AgingReport = z.infer<typeof agingReportSchema>;

/** Super users without an organization see every organization unless they narrow to one. */
export const analyticsQuerySchema = z.object({
  organizationId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/**
 * The aging report's query: `bucket` lists only that bucket's invoices (the other arrays are empty); `offset` and
 * `limit` choose the page of each listed bucket. The totals are always every bucket's.
 */
export const agingQuerySchema = analyticsQuerySchema.extend({
  bucket: z.enum(AGING_BUCKETS).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(AGING_PAGE_MAX).optional(),
});
export type AgingQuery = z.infer<typeof agingQuerySchema>;

const amountCountSchema = z.object({ total: z.string(), count: z.number().int() });

/**
 * Who an e-mailing action reaches, customer by customer; the three add up to the action's customers. `ready`
 * customers are e-mailed (sent or failed); the others are skipped and counted as skipped.
 */
const actionSetSchema = z.object({
  /** Customers the action e-mails now. */
  ready: z.number().int(),
  /** Customers already reached within the last ACTION_REPEAT_HOURS hours (for reminders: every overdue invoice of theirs). */
  recent: z.number().int(),
  /** Customers without an e-mail address. */
  withoutEmail: z.number().int(),
});
export type ActionSet = z.infer<typeof actionSetSchema>;

export const paymentAnalyticsSchema = z.object({
  /**
   * Owed invoices (sent or overdue, with a balance left): the sum of their balances due and how many (the card's
   * "N unpaid invoices"). The same figure as the dashboard's Pending Invoices and the aging buckets' sum.
   */
  outstandingBalance: amountCountSchema,
  /** Owed invoices more than 30 days past due (the 31-60, 61-90, 91-120 and over-120 buckets): summed balances due and count. */
  overdueAmount: amountCountSchema,
  /**
   * Mean days (one decimal) from invoice creation to its paid date, over invoices paid in the last
   * 90 days (`days`) and the 90 days before (`previousDays`); changeDays = days - previousDays
   * (negative: faster). null without paid invoices in a window.
   */
  avgPaymentTime: z.object({
    days: z.number().nullable(),
    previousDays: z.number().nullable(),
    changeDays: z.number().nullable(),
  }),
  /**
   * Succeeded over decided (succeeded or failed) card and bank payment attempts by staff and identified
   * customers (the portal), percent with one decimal, last 90 days and the 90 before; changePoints = percent -
   * previousPercent. null without attempts. Public payment link attempts are not in it (publicLinkAttempts).
   */
  successRate: z.object({
    percent: z.number().nullable(),
    previousPercent: z.number().nullable(),
    changePoints: z.number().nullable(),
  }),
  /**
   * Decided card and bank attempts through public payment links (anyone holding the link, no sign-in), last 90
   * days: counted apart so anonymous declined cards cannot distort the success rate.
   */
  publicLinkAttempts: z.object({
    succeeded: z.number().int(),
    attempted: z.number().int(),
  }),
  /**
   * Money given back in the last 90 days: completed refunds (their total as a positive amount) and credit notes
   * issued (docs/rules/money-and-payments.md#refunds, docs/rules/records.md#credit-notes).
   */
  corrections: z.object({ refunds: amountCountSchema, creditNotes: amountCountSchema }),
  /**
   * Deposits held now: what customers paid on approved quotes that have no invoice yet, less refunds, and on how many
   * quotes (docs/rules/quote-approval.md#deposits).
   */
  depositsHeld: amountCountSchema,
  /**
   * What chasing collected in the last 90 days (docs/rules/money-and-payments.md#payment-reminders): payments received
   * after a reminder of their invoice went out (count = invoices paid), automatic reminders sent, late fees added, and
   * auto-pay charges.
   */
  reminderResults: z.object({
    collected: amountCountSchema,
    remindersSent: z.number().int(),
    lateFees: amountCountSchema,
    autoPay: amountCountSchema,
  }),
  customerAnalysis: z.object({
    totalCustomers: z.number().int(),
    autoPay: z.number().int(),
    portalAccess: z.number().int(),
    preferCard: z.number().int(),
    /** preferredPaymentMethod bank_transfer. */
    preferBank: z.number().int(),
    paymentTerms: z.object({
      net15: z.number().int(),
      net30: z.number().int(),
      net45: z.number().int(),
      net60: z.number().int(),
      due_on_receipt: z.number().int(),
    }),
  }),
  recommended: z.object({
    /** Customers with an owed invoice past due: status overdue, or the due date passed (Send Reminders). */
    overdueCustomers: z.number().int(),
    /** The overdueCustomers as Send Reminders will treat them now: computed by the query the action runs. */
    reminders: actionSetSchema,
    /** Customers without portal access (Enable Portal). */
    withoutPortal: z.number().int(),
    /** Customers preferring card without auto-pay (Send Invites). */
    cardWithoutAutoPay: z.number().int(),
    /** The cardWithoutAutoPay customers as Send Invites will treat them now: computed by the query the action runs. */
    invites: actionSetSchema,
  }),
});
export type PaymentAnalytics = z.infer<typeof paymentAnalyticsSchema>;

/** The actions' body: `{}`; a super user names the organization to act on. */
export const analyticsActionBodySchema = z.object({
  organizationId: z
    .number({ error: 'Please choose an organization' })
    .int('Please choose an organization')
    .positive('Please choose an organization')
    .max(2_147_483_647, 'Please choose an organization')
    .nullish(),
});
export type AnalyticsActionBody = z.infer<typeof analyticsActionBodySchema>;

/**
 * POST /api/payment-analytics/send-reminders, one count per customer. failed: e-mails the mail transport refused
 * (recorded, not counted as sent, and sent again by the next Send Reminders). skippedRecent: customers whose overdue
 * invoices were all reminded within ACTION_REPEAT_HOURS hours (by another click or tab too).
 */
export const sendRemindersResultSchema = z.object({
  sent: z.number().int(),
  skippedWithoutEmail: z.number().int(),
  skippedRecent: z.number().int(),
  failed: z.number().int(),
});
export type SendRemindersResult = z.infer<typeof sendRemindersResultSchema>;

/** POST /api/payment-analytics/enable-portal. */
export const enablePortalResultSchema = z.object({ updated: z.number().int() });
export type EnablePortalResult = z.infer<typeof enablePortalResultSchema>;

/** POST /api/payment-analytics/send-autopay-invites, one count per customer; skippedRecent: invited within ACTION_REPEAT_HOURS hours. */
export const sendAutoPayInvitesResultSchema = z.object({
  sent: z.number().int(),
  skippedWithoutEmail: z.number().int(),
  skippedRecent: z.number().int(),
  failed: z.number().int(),
});
export type SendAutoPayInvitesResult = z.infer<typeof sendAutoPayInvitesResultSchema>;
