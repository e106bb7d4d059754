// Captions and figures of the Reports screen, kept apart from the markup so they can be tested.
import { formatMoney } from '@contracts/money';
import type { ReportSummary } from '@contracts/reports';

export const countOf = (n: number, singular: string, plural = `${singular}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;

/** 62.5 -> "62.5%"; the server has already rounded to one decimal. */
export const percentText = (n: number) => `${n.toFixed(1)}%`;

/** 3.8 -> "3.8 h". */
export const hoursText = (n: number) => `${n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} h`;

export interface KpiView {
  key: 'revenue' | 'average-job' | 'completion' | 'hours';
  title: string;
  value: string;
  caption: string;
}

export function kpiViews(k: ReportSummary['kpis']): KpiView[] {
  return [
    { key: 'revenue', title: 'Total Revenue', value: formatMoney(k.totalRevenue), caption: `From ${countOf(k.paidInvoices, 'paid invoice')}` },
    { key: 'average-job', title: 'Average Job Value', value: formatMoney(k.averageJobValue), caption: `Across ${countOf(k.workOrders, 'work order')}` },
    {
      key: 'completion',
      title: 'Completion Rate',
      value: percentText(k.completionRate),
      caption: `${k.completedWorkOrders.toLocaleString('en-US')} of ${countOf(k.workOrders, 'work order')} completed`,
    },
    { key: 'hours', title: 'Hours Tracked', value: hoursText(k.hoursTracked), caption: `From ${countOf(k.finishedTimeEntries, 'finished time entry', 'finished time entries')}` },
  ];
}

export interface ActivityView {
  key: keyof ReportSummary['activity'];
  label: string;
  value: string;
}

export function activityViews(a: ReportSummary['activity']): ActivityView[] {
  return [
    { key: 'customersAdded', label: 'Customers added', value: a.customersAdded.toLocaleString('en-US') },
    { key: 'workOrdersCreated', label: 'Work orders created', value: a.workOrdersCreated.toLocaleString('en-US') },
    { key: 'estimatesCreated', label: 'Estimates created', value: a.estimatesCreated.toLocaleString('en-US') },
    { key: 'invoicesCreated', label: 'Invoices created', value: a.invoicesCreated.toLocaleString('en-US') },
    { key: 'paymentsReceived', label: 'Payments received', value: a.paymentsReceived.toLocaleString('en-US') },
    { key: 'paymentsReceivedTotal', label: 'Amount received', value: formatMoney(a.paymentsReceivedTotal) },
    { key: 'appointments', label: 'Appointments', value: a.appointments.toLocaleString('en-US') },
    { key: 'timeEntries', label: 'Time entries', value: a.timeEntries.toLocaleString('en-US') },
  ];
}

/** Chart colours per status, in the hues of the status badges (components/status-badge.tsx). */
export const STATUS_COLORS: Record<string, string> = {
  scheduled: '#3b82f6',
  in_progress: '#8b5cf6',
  completed: '#22c55e',
  cancelled: '#9ca3af',
  draft: '#64748b',
  sent: '#f59e0b',
  paid: '#10b981',
  overdue: '#ef4444',
};
