import { ClipboardList, DollarSign, FileText, Users } from 'lucide-react';
import type { DashboardStats } from '@contracts/dashboard';
import { formatMoney } from '@contracts/money';
import type { LabelSet } from '@contracts/vocabulary';
import { newCustomersCaption, overdueCaption, percentCaption } from '@/features/dashboard/growth-captions';
import { StatCard } from '@/features/dashboard/components/stat-card';
import { owedCaption } from '@/lib/owed-caption';
import { cn } from '@/lib/utils';

/**
 * Cards named in the organization's words. Pending is the balance due of owed invoices, the same figure as Payment
 * Analytics' Outstanding Balance, and says what it counts. Four cards with view_financials; without it the two money cards are left out (docs/customer-portal.md, Dashboard). */
export function StatCards({ stats, labels }: { stats: DashboardStats; labels: LabelSet }) {
  const { growth } = stats;
  return (
    <div className={cn('grid grid-cols-2 gap-3 sm:gap-4', stats.financials && 'xl:grid-cols-4')}>
      <StatCard
        testId="stat-active-work-orders"
        title={`Active ${labels.workOrders}`}
        value={String(stats.activeWorkOrders)}
        icon={ClipboardList}
        captions={[percentCaption(growth.activeWorkOrders.percent, stats.activeWorkOrders)]}
      />
      {stats.financials && (
        <>
          <StatCard
            testId="stat-pending-invoices"
            title={`Pending ${labels.invoices}`}
            value={formatMoney(stats.pendingInvoices.total)}
            icon={FileText}
            captions={[
              owedCaption(stats.pendingInvoices.invoiceCount, labels),
              overdueCaption(stats.pendingInvoices.count),
              percentCaption(stats.growth.pendingInvoices.percent, stats.pendingInvoices.total),
            ]}
          />
          <StatCard
            testId="stat-monthly-revenue"
            title="Monthly Revenue"
            value={formatMoney(stats.monthlyRevenue)}
            icon={DollarSign}
            captions={[percentCaption(stats.growth.monthlyRevenue.percent, stats.monthlyRevenue)]}
          />
        </>
      )}
      <StatCard
        testId="stat-total-customers"
        title={`Total ${labels.customers}`}
        value={String(stats.totalCustomers)}
        icon={Users}
        captions={[newCustomersCaption(growth.newCustomers.thisMonth)]}
      />
    </div>
  );
}
