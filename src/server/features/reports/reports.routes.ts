// Reports & Analytics: the screen's figures for a date range, and the same figures as a CSV download.
import { reportQuerySchema, reportSummarySchema } from '../../../contracts/reports';
import type { AppDeps, ZodApp } from '../../platform/app-deps';
import { access } from '../../platform/context';
import { requireCtx } from '../../platform/guard';
import { contentDisposition } from '../documents/send-pdf';
import { exportReportCsv } from './export-report-csv';
import { getReportSummary } from './get-report-summary';

// Money figures of the whole organization: managers (view_financials) and admins, not employees.
const read = access.require(['view_financials', 'view_org_analytics'], { tenant: true });

export function reportsRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;

  app.get('/api/reports/summary', {
    config: { access: read },
    schema: {
      tags: ['reports'],
      summary: 'KPI cards, work orders by status, invoice status summary, top 5 customers and activity totals for a UTC date range (none: all time)',
      querystring: reportQuerySchema,
      response: { 200: reportSummarySchema },
    },
    handler: async (req) => getReportSummary(db, requireCtx(req), req.query),
  });

  app.get('/api/reports/export', {
    config: { access: read, answers: 'text/csv' },
    schema: {
      tags: ['reports'],
      summary: 'The report figures of the range as CSV rows section,metric,value (reports-<from>-<to>.csv)',
      querystring: reportQuerySchema,
    },
    handler: async (req, reply) => {
      const { fileName, csv } = await exportReportCsv(db, requireCtx(req), req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', contentDisposition(fileName))
        .header('Cache-Control', 'private, no-store')
        .send(csv);
    },
  });
}
