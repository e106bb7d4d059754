// Export Reports (docs/rules/reports.md#export-reports): the report figures as CSV rows `section,metric,value` (RFC 4180 quoting,
// CRLF line ends, a UTF-8 byte order mark so spreadsheet programs read accented names correctly).
import type { ReportSummary } from '../../../contracts/reports';
import { statusLabel } from '../../../contracts/format';
import type { ReportRange } from './report-range';
import { csvCell } from '../../platform/spreadsheet-cells';

export { csvCell };

export type CsvRow = readonly [section: string, metric: string, value: string];

export function toCsv(rows: readonly CsvRow[]): string {
  return `\uFEFF${[['section', 'metric', 'value'] as const, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** reports-2026-01-01-2026-03-31.csv, or reports-all-time.csv. */
export function reportFileName(range: ReportRange): string {
  return range.from && range.to ? `reports-${range.from}-${range.to}.csv` : 'reports-all-time.csv';
}

const oneDecimal = (n: number) => n.toFixed(1);

export function reportCsvRows(s: ReportSummary): CsvRow[] {
  const k = s.kpis;
  const a = s.activity;
  return [
    ['Range', 'From', s.range.from ?? 'All time'],
    ['Range', 'To', s.range.to ?? 'All time'],
    ['Range', 'Generated At', s.generatedAt],
    ['Key Figures', 'Total Revenue', k.totalRevenue],
    ['Key Figures', 'Paid Invoices', String(k.paidInvoices)],
    ['Key Figures', 'Average Job Value', k.averageJobValue],
    ['Key Figures', 'Work Orders', String(k.workOrders)],
    ['Key Figures', 'Completion Rate (%)', oneDecimal(k.completionRate)],
    ['Key Figures', 'Completed Work Orders', String(k.completedWorkOrders)],
    ['Key Figures', 'Hours Tracked', oneDecimal(k.hoursTracked)],
    ['Key Figures', 'Finished Time Entries', String(k.finishedTimeEntries)],
    ...s.workOrdersByStatus.map((w): CsvRow => ['Work Orders by Status', statusLabel(w.status), String(w.count)]),
    ...s.invoiceStatusSummary.flatMap((i): CsvRow[] => [
      ['Invoice Status Summary', `${statusLabel(i.status)} Count`, String(i.count)],
      ['Invoice Status Summary', `${statusLabel(i.status)} Total`, i.total],
    ]),
    ...s.topCustomers.map((c): CsvRow => ['Top Customers by Revenue', c.name, c.revenue]),
    ['Activity', 'Customers Added', String(a.customersAdded)],
    ['Activity', 'Work Orders Created', String(a.workOrdersCreated)],
    ['Activity', 'Estimates Created', String(a.estimatesCreated)],
    ['Activity', 'Invoices Created', String(a.invoicesCreated)],
    ['Activity', 'Payments Received', String(a.paymentsReceived)],
    ['Activity', 'Payments Received Total', a.paymentsReceivedTotal],
    ['Activity', 'Appointments', String(a.appointments)],
    ['Activity', 'Time Entries', String(a.timeEntries)],
    ...s.billing.taxes.map((t): CsvRow => ['Billing', `Tax ${t.name} ${t.percent}%`, t.total]),
    ['Billing', 'Tax Typed by Hand', s.billing.typedTax],
    ['Billing', 'Discounts', s.billing.discounts],
    ['Billing', 'Credit Notes', String(s.billing.creditNotes.count)],
    ['Billing', 'Credit Notes Total', s.billing.creditNotes.total],
    ['Billing', 'Refunds', String(s.billing.refunds.count)],
    ['Billing', 'Refunds Total', s.billing.refunds.total],
    ['Billing', 'Late Fees', String(s.billing.lateFees.count)],
    ['Billing', 'Late Fees Total', s.billing.lateFees.total],
    ['Billing', 'Reminders Sent', String(s.billing.remindersSent)],
    ['Billing', 'Invoices Paid After a Reminder', String(s.billing.collectedAfterReminders.count)],
    ['Billing', 'Paid After a Reminder Total', s.billing.collectedAfterReminders.total],
    ['Billing', 'Recurring Invoices', String(s.billing.recurringInvoices.count)],
    ['Billing', 'Recurring Invoices Total', s.billing.recurringInvoices.total],
    ['Billing', 'Auto-pay Charges', String(s.billing.autoPay.count)],
    ['Billing', 'Auto-pay Total', s.billing.autoPay.total],
  ];
}
