import { describe, expect, it } from 'vitest';
import { activityViews, hoursText, kpiViews, percentText } from '@/features/reports/lib/report-display';

describe('report display', () => {
  it('shows the four cards with their captions', () => {
    const cards = kpiViews({
      totalRevenue: '1170.50',
      paidInvoices: 8,
      averageJobValue: '125.01',
      workOrders: 8,
      completionRate: 62.5,
      completedWorkOrders: 5,
      hoursTracked: 1234.5,
      finishedTimeEntries: 1,
    });
    expect(cards.map((c) => [c.title, c.value, c.caption])).toEqual([
      ['Total Revenue', '$1,170.50', 'From 8 paid invoices'],
      ['Average Job Value', '$125.01', 'Across 8 work orders'],
      ['Completion Rate', '62.5%', '5 of 8 work orders completed'],
      ['Hours Tracked', '1,234.5 h', 'From 1 finished time entry'],
    ]);
  });

  it('always shows one decimal for rates and hours', () => {
    expect(percentText(0)).toBe('0.0%');
    expect(percentText(100)).toBe('100.0%');
    expect(hoursText(0)).toBe('0.0 h');
    expect(hoursText(2)).toBe('2.0 h');
  });

  it('lists the activity totals with the amount received as money', () => {
    const rows = activityViews({
      customersAdded: 5,
      workOrdersCreated: 8,
      estimatesCreated: 2,
      invoicesCreated: 13,
      paymentsReceived: 3,
      paymentsReceivedTotal: '100.30',
      appointments: 2,
      timeEntries: 4,
    });
    expect(rows.map((r) => `${r.label}: ${r.value}`)).toEqual([
      'Customers added: 5',
      'Work orders created: 8',
      'Estimates created: 2',
      'Invoices created: 13',
      'Payments received: 3',
      'Amount received: $100.30',
      'Appointments: 2',
      'Time entries: 4',
    ]);
  });
});
