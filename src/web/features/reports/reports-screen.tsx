import { useEffect, useState } from 'react';
import { Download, RotateCw } from 'lucide-react';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { downloadReportCsv, useReportSummary, type OrganizationScope } from '@/features/reports/api/reports-api';
import { ActivityCard } from '@/features/reports/components/activity-card';
import { KpiCards, KpiCardsSkeleton } from '@/features/reports/components/kpi-cards';
import { OrganizationPicker } from '@/features/reports/components/organization-picker';
import { RangePicker } from '@/features/reports/components/range-picker';
import { ReportSectionsSkeleton } from '@/features/reports/components/reports-skeleton';
import { InvoiceStatusCard, preloadStatusBars, WorkOrdersByStatusCard } from '@/features/reports/components/status-charts';
import { TopCustomersCard } from '@/features/reports/components/top-customers-card';
import { customRangeError, describeRange, presetRange, type DateRange, type RangePreset } from '@/features/reports/lib/report-range';
import { cn } from '@/lib/utils';

const DEFAULT_PRESET = 'last30';

export function ReportsScreen() {
  const { user } = useCurrentUser();
  const isSuperUser = user?.role === 'super_user';
  // undefined until a super user picks (their own organization, if they have one, comes first).
  const [chosenOrganization, setChosenOrganization] = useState<OrganizationScope | undefined>(undefined);
  const organizationId: OrganizationScope = isSuperUser ? (chosenOrganization === undefined ? (user?.organizationId ?? null) : chosenOrganization) : null;

  const [preset, setPreset] = useState<RangePreset>(DEFAULT_PRESET);
  // The range the figures are for: a custom range only replaces it once both dates make sense.
  const [range, setRange] = useState<DateRange>(() => presetRange(DEFAULT_PRESET));
  const [custom, setCustom] = useState({ from: '', to: '' });
  const customError = preset === 'custom' ? customRangeError(custom.from, custom.to) : null;
  const [exporting, setExporting] = useState(false);

  const summary = useReportSummary(range, organizationId, !!user);
  useEffect(preloadStatusBars, []);

  const choosePreset = (next: RangePreset) => {
    setPreset(next);
    if (next !== 'custom') {
      setRange(presetRange(next));
      return;
    }
    // Start from the dates on screen (all time has none: the last 30 days).
    const start = range.from && range.to ? range : presetRange('last30');
    setCustom({ from: start.from ?? '', to: start.to ?? '' });
    setRange(start);
  };

  const changeCustom = (from: string, to: string) => {
    setCustom({ from, to });
    if (!customRangeError(from, to)) setRange({ from, to });
  };

  const exportReports = async () => {
    setExporting(true);
    try {
      const fileName = await downloadReportCsv(range, organizationId);
      toast({ title: 'Reports exported', description: fileName });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to export reports', description: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  const data = summary.data;
  const updating = summary.isFetching && (summary.isPlaceholderData || !data);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Reports & Analytics"
        description="How the business is doing over the chosen dates."
        actions={
          <Button onClick={() => void exportReports()} disabled={exporting || !!customError || summary.isError} data-testid="export-reports">
            <Download aria-hidden />
            {exporting ? 'Exporting...' : 'Export Reports'}
          </Button>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          {isSuperUser && <OrganizationPicker value={organizationId} onChange={setChosenOrganization} />}
          <RangePicker
            preset={preset}
            onPresetChange={choosePreset}
            customFrom={custom.from}
            customTo={custom.to}
            onCustomChange={changeCustom}
            customError={customError}
          />
        </div>
        <p className="text-sm text-muted-foreground" data-testid="report-range-text" aria-live="polite">
          Showing {describeRange(range)}
        </p>
      </div>

      {summary.isError ? (
        <Alert variant="destructive" data-testid="reports-error">
          <AlertTitle>Failed to load reports</AlertTitle>
          <AlertDescription>
            <p>{isApiError(summary.error, 403) ? 'Your role does not give access to reports.' : errorMessage(summary.error)}</p>
            {!isApiError(summary.error, 403) && (
              <Button variant="outline" size="sm" onClick={() => void summary.refetch()} disabled={summary.isFetching}>
                <RotateCw aria-hidden />
                Try again
              </Button>
            )}
          </AlertDescription>
        </Alert>
      ) : data ? (
        <div
          className={cn('space-y-6 transition-opacity', updating && 'opacity-60')}
          aria-busy={updating}
          data-testid="report-figures"
          data-range={`${data.range.from ?? 'all'}..${data.range.to ?? 'all'}`}
        >
          <KpiCards kpis={data.kpis} />
          <div className="grid gap-6 lg:grid-cols-2">
            <WorkOrdersByStatusCard rows={data.workOrdersByStatus} workOrders={data.kpis.workOrders} />
            <InvoiceStatusCard rows={data.invoiceStatusSummary} invoices={data.activity.invoicesCreated} />
            <TopCustomersCard customers={data.topCustomers} />
            <ActivityCard activity={data.activity} />
          </div>
        </div>
      ) : (
        <div className="space-y-6">
          <KpiCardsSkeleton />
          <ReportSectionsSkeleton />
        </div>
      )}
    </div>
  );
}
