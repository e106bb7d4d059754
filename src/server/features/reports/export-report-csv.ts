// The report figures of one range as a CSV file: the same numbers GET /api/reports/summary answers.
import type { ReportQuery } from '../../../contracts/reports';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { getReportSummary } from './get-report-summary';
import { reportCsvRows, reportFileName, toCsv } from './report-csv';

export async function exportReportCsv(db: Db, ctx: RequestContext, query: ReportQuery, now = new Date()): Promise<{ fileName: string; csv: string }> {
  const summary = await getReportSummary(db, ctx, query, now);
  return { fileName: reportFileName(summary.range), csv: toCsv(reportCsvRows(summary)) };
}
