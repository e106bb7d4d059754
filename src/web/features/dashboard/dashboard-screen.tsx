import { Suspense, useState } from 'react';
import { RotateCw } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useLabels } from '@/lib/use-labels';
import { useRecordDialogs } from '@/lib/record-dialogs';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useDashboardStats } from '@/features/dashboard/api/get-dashboard-stats';
import { ListCardSkeleton, StatCardsSkeleton } from '@/features/dashboard/components/dashboard-skeleton';
import { InventoryAlertsCard } from '@/features/dashboard/components/inventory-alerts-card';
import { PaymentStatusCard } from '@/features/dashboard/components/payment-status-card';
import { QuickActionsCard } from '@/features/dashboard/components/quick-actions-card';
import { RecentJobsCard } from '@/features/dashboard/components/recent-jobs-card';
import { StatCards } from '@/features/dashboard/components/stat-cards';

type OpenDialog = { kind: 'work-order'; id: number } | { kind: 'invoice' } | { kind: 'customer' } | null;

export function DashboardScreen() {
  const labels = useLabels();
  const { user } = useCurrentUser();
  const stats = useDashboardStats();
  // The dialogs carry forms, validation and pickers: they load on first use so the dashboard stays light.
  const { WorkOrderDialog, InvoiceDialog, CustomerDialog, preload } = useRecordDialogs();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const permissions = user?.effectivePermissions ?? [];
  // The server leaves the money out without view_financials; the placeholders take the same shape meanwhile.
  const financials = stats.data ? stats.data.financials : permissions.includes('view_financials');
  const close = (open: boolean) => !open && setDialog(null);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Dashboard"
        description={user?.organization ? `What is happening at ${user.organization.name} today.` : 'Figures for every organization.'}
      />
      {stats.isError ? (
        <Alert variant="destructive" data-testid="dashboard-error">
          <AlertTitle>Failed to load dashboard stats</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(stats.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
              <RotateCw aria-hidden />
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : stats.data ? (
        <StatCards stats={stats.data} labels={labels} />
      ) : (
        <StatCardsSkeleton cards={financials ? 4 : 2} />
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        {/* Without the Payment Status list, Inventory Alerts sits under Quick Actions beside the jobs. */}
        <div className={cn('lg:col-span-2', !financials && 'lg:row-span-2')}>
          {stats.data ? (
            <RecentJobsCard
              jobs={stats.data.recentWorkOrders}
              workOrdersLabel={labels.workOrders}
              onOpen={(id) => setDialog({ kind: 'work-order', id })}
              onPreload={() => preload('work-order')}
            />
          ) : (
            !stats.isError && <ListCardSkeleton rows={5} />
          )}
        </div>
        <QuickActionsCard
          labels={labels}
          canCreateInvoice={permissions.includes('create_invoices')}
          canAddCustomer={permissions.includes('manage_customers')}
          organizationSlug={user?.organization?.slug ?? null}
          onCreateInvoice={() => setDialog({ kind: 'invoice' })}
          onAddCustomer={() => setDialog({ kind: 'customer' })}
          onPreload={() => {
            if (permissions.includes('create_invoices')) preload('invoice');
            if (permissions.includes('manage_customers')) preload('customer');
          }}
        />
        {stats.data ? (
          <>
            {stats.data.financials && (
              <div className="lg:col-span-2">
                <PaymentStatusCard invoices={stats.data.paymentStatus} labels={labels} />
              </div>
            )}
            <InventoryAlertsCard items={stats.data.inventoryAlerts} />
          </>
        ) : (
          !stats.isError && (
            <>
              {financials && (
                <div className="lg:col-span-2">
                  <ListCardSkeleton />
                </div>
              )}
              <ListCardSkeleton rows={3} />
            </>
          )
        )}
      </div>
      <Suspense fallback={null}>
        {dialog?.kind === 'work-order' && <WorkOrderDialog open onOpenChange={close} workOrderId={dialog.id} />}
        {dialog?.kind === 'invoice' && <InvoiceDialog open onOpenChange={close} />}
        {dialog?.kind === 'customer' && <CustomerDialog open onOpenChange={close} />}
      </Suspense>
    </div>
  );
}
