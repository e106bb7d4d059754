// Payment analytics: the aging report, the screen's figures and its three recommended actions.
import {
  agingQuerySchema,
  agingReportSchema,
  analyticsActionBodySchema,
  analyticsQuerySchema,
  enablePortalResultSchema,
  paymentAnalyticsSchema,
  sendAutoPayInvitesResultSchema,
  sendRemindersResultSchema,
} from '../../../contracts/payment-analytics';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { enableCustomerPortal } from './enable-customer-portal';
import { getAgingReport } from './get-aging-report';
import { getPaymentAnalytics } from './get-payment-analytics';
import { sendAutoPayInvites } from './send-autopay-invites';
import { sendOverdueReminders } from './send-overdue-reminders';

const read = access.require(['view_financials', 'manage_payments'], { tenant: true });
const managePayments = access.require('manage_payments', { tenant: true });
// Enable Portal changes customer records, so it is a customers write, not a payments one.
const manageCustomers = access.require('manage_customers', { tenant: true });

export function paymentAnalyticsRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  app.get('/api/reports/aging', {
    config: { access: read },
    schema: {
      tags: ['payment-analytics'],
      summary:
        'Unpaid (sent or overdue) invoices by days past due: 0-30, 31-60, 61-90, 91-120, over 120; every bucket\'s count and sums, and a page of its invoices (bucket, offset, limit)',
      querystring: agingQuerySchema,
      response: { 200: agingReportSchema },
    },
    // Aggregated in SQL and paged (docs/decisions/021-aging-report-paging.md): cheap enough to read on every call.
    handler: async (req) => getAgingReport(db, requireCtx(req), req.query),
  });

  app.get('/api/reports/payment-analytics', {
    config: { access: read },
    schema: {
      tags: ['payment-analytics'],
      summary: 'Outstanding and overdue totals, payment time and success rate against the previous 90 days, customer payment settings',
      querystring: analyticsQuerySchema,
      response: { 200: paymentAnalyticsSchema },
    },
    handler: async (req) => getPaymentAnalytics(db, requireCtx(req), req.query),
  });

  app.post('/api/payment-analytics/send-reminders', {
    config: { access: managePayments },
    schema: {
      tags: ['payment-analytics'],
      summary: 'E-mail each customer with overdue invoices one reminder listing them (recorded in Messaging)',
      body: analyticsActionBodySchema,
      response: { 200: sendRemindersResultSchema },
    },
    handler: async (req) => sendOverdueReminders(deps, requireCtx(req), req.body),
  });

  app.post('/api/payment-analytics/enable-portal', {
    config: { access: manageCustomers },
    schema: {
      tags: ['payment-analytics'],
      summary: "Turn portal access on for the organization's customers without it",
      body: analyticsActionBodySchema,
      response: { 200: enablePortalResultSchema },
    },
    handler: async (req) => enableCustomerPortal(db, requireCtx(req), req.body),
  });

  app.post('/api/payment-analytics/send-autopay-invites', {
    config: { access: managePayments },
    schema: {
      tags: ['payment-analytics'],
      summary: 'E-mail an auto-pay invitation to customers who prefer card and have no auto-pay (recorded in Messaging)',
      body: analyticsActionBodySchema,
      response: { 200: sendAutoPayInvitesResultSchema },
    },
    handler: async (req) => sendAutoPayInvites(deps, requireCtx(req), req.body),
  });
}
