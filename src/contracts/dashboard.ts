// The dashboard's figures (docs/rules/reports.md#dashboard-cards), plus the growth figures that replace the
// original's fixed captions (docs/rules/reports.md#dashboard-cards). Every month is a UTC calendar month.
import { z } from 'zod';

/** Work order statuses that count as active. */
export const ACTIVE_WORK_ORDER_STATUSES = ['scheduled', 'in_progress'] as const;
export const DASHBOARD_LIST_SIZE = 5;

export const dashboardQuerySchema = z.object({
  /** Super users without an organization see every organization unless they narrow to one. */
  organizationId: z.coerce.number().int().positive().optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/**
 * A figure now against the same figure a month earlier. `percent` is the whole-number change
 * ((current - previous) / previous, rounded half away from zero): 12 means +12%, -5 means -5%;
 * null when previous is zero (no base to compare with).
 */
const countGrowthSchema = z.object({ current: z.number().int(), previous: z.number().int(), percent: z.number().int().nullable() });
/** As countGrowthSchema, amounts as decimal strings ("1234.50"). */
const moneyGrowthSchema = z.object({ current: z.string(), previous: z.string(), percent: z.number().int().nullable() });

/** Growth figures every staff member sees (no money). */
const dashboardGrowthBaseSchema = z.object({
  /**
   * The comparison instant: as far into the previous month as now is into this one (clamped to the
   * previous month's last instant, so 31 March 12:00 compares with the end of February).
   */
  comparedTo: z.string(),
  /**
   * current = activeWorkOrders. previous = work orders active at `comparedTo`: created by then and
   * either still scheduled/in progress, or completed/cancelled after it (completion time is
   * completedDate, else the last update). Statuses have no history, so this is a reconstruction.
   */
  activeWorkOrders: countGrowthSchema,
  /**
   * thisMonth = customers added since the start of this month ("+5 this month");
   * lastMonth = customers added from the start of the previous month up to `comparedTo`.
   */
  newCustomers: z.object({ thisMonth: z.number().int(), lastMonth: z.number().int() }),
});

/** With view_financials: the money parts of the growth as well. */
export const dashboardGrowthSchema = dashboardGrowthBaseSchema.extend({
  /**
   * current = pendingInvoices.total. previous = the balances due at `comparedTo` (total less payments received by
   * then) of invoices created by then and either still sent/overdue, or paid after it (paidDate, else the last update).
   */
  pendingInvoices: moneyGrowthSchema,
  /**
   * current = monthlyRevenue (this month so far). previous = completed payments received from the
   * start of the previous month up to `comparedTo` (the same stretch of the month), so the percent is
   * fair on any day of the month.
   */
  monthlyRevenue: moneyGrowthSchema,
});
export type DashboardGrowth = z.infer<typeof dashboardGrowthSchema>;
export type DashboardGrowthBase = z.infer<typeof dashboardGrowthBaseSchema>;

/** What every staff member sees: jobs, customers and stock. */
const dashboardBaseSchema = z.object({
  /** Work orders scheduled or in progress. */
  activeWorkOrders: z.number().int(),
  totalCustomers: z.number().int(),
  /** The 5 most recently created active work orders. */
  recentWorkOrders: z.array(
    z.object({
      id: z.number().int(),
      orderNumber: z.string(),
      title: z.string(),
      customerName: z.string(),
      status: z.string(),
      /** ISO instant, null when not set ('Not set'). */
      dueDate: z.string().nullable(),
    }),
  ),
  /** Up to 5 items with quantity at or below their minimum stock, lowest quantity first. */
  inventoryAlerts: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      minimumStock: z.number().int(),
    }),
  ),
});

/** The money figures: only for callers with view_financials (docs/decisions/005-money-and-portal-links.md). */
const dashboardFinancialsSchema = z.object({
  /** True: the caller has view_financials and the money figures are present. */
  financials: z.literal(true),
  pendingInvoices: z.object({
    /**
     * Sum of the balances due (total less completed payments) of owed invoices: sent or overdue with a balance left,
     * decimal string. The same figure as Payment Analytics' Outstanding Balance (docs/decisions/017-money-figures.md).
     */
    total: z.string(),
    /** How many owed invoices are overdue: status overdue, or the due date has passed (the card's "overdue" count). */
    count: z.number().int(),
    /** How many owed invoices the total adds up ("Balance due on 12 unpaid invoices"). */
    invoiceCount: z.number().int(),
  }),
  /** Completed payments received this calendar month (UTC), decimal string. */
  monthlyRevenue: z.string(),
  /** The 5 most recently created invoices. */
  paymentStatus: z.array(
    z.object({
      id: z.number().int(),
      invoiceNumber: z.string(),
      customerName: z.string(),
      /** The invoice's work order title; null shows 'Invoice'. */
      title: z.string().nullable(),
      total: z.string(),
      status: z.string(),
    }),
  ),
  growth: dashboardGrowthSchema,
});

/**
 * GET /api/dashboard/stats. `financials` says which answer this is: with view_financials (true) the money
 * figures (pendingInvoices, monthlyRevenue, paymentStatus and the money parts of growth) are present; without
 * it (false) they are absent, not zero, so nobody mistakes "not yours to see" for "nothing owed".
 */
export const dashboardStatsSchema = z.discriminatedUnion('financials', [
  dashboardBaseSchema.extend(dashboardFinancialsSchema.shape),
  dashboardBaseSchema.extend({ financials: z.literal(false), growth: dashboardGrowthBaseSchema }),
]);
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
/** The answer with the money figures (financials: true). */
export type DashboardStatsWithFinancials = Extract<DashboardStats, { financials: true }>;
