// The Reports screen's figures and its CSV export. Type-only contract imports: no zod at run time.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportSummary } from '@contracts/reports';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { reportQuery, type DateRange } from '@/features/reports/lib/report-range';

/** null: the caller's own organization (or, for a super user, every organization). */
export type OrganizationScope = number | null;

export const reportsKeys = {
  all: ['reports'] as const,
  summary: (range: DateRange, organizationId: OrganizationScope) => ['reports', 'summary', range.from, range.to, organizationId] as const,
};

export function useReportSummary(range: DateRange, organizationId: OrganizationScope, enabled = true) {
  return useQuery({
    queryKey: reportsKeys.summary(range, organizationId),
    queryFn: ({ signal }) => api.get<ReportSummary>(`/api/reports/summary${reportQuery(range, organizationId)}`, { signal }),
    // Changing the range keeps the last figures on screen (marked as updating) instead of flashing skeletons.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

/** Saves the range's figures as reports-<from>-<to>.csv (the server's name); resolves with the file name. */
export function downloadReportCsv(range: DateRange, organizationId: OrganizationScope): Promise<string> {
  const fallback = range.from && range.to ? `reports-${range.from}-${range.to}.csv` : 'reports-all-time.csv';
  return downloadFile(`/api/reports/export${reportQuery(range, organizationId)}`, fallback);
}
