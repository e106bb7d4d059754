import { useState } from 'react';
import { RotateCw } from 'lucide-react';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useLabels } from '@/lib/use-labels';
import { OrganizationSelect } from '@/components/organization-select';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePaymentAnalytics, type OrganizationScope } from '@/features/payment-analytics/api/payment-analytics-api';
import { AgingReportTab } from '@/features/payment-analytics/components/aging-report-tab';
import { AnalyticsTabs, type TabDef } from '@/features/payment-analytics/components/analytics-tabs';
import { CustomerAnalysisTab } from '@/features/payment-analytics/components/customer-analysis-tab';
import { PaymentLinksTab } from '@/features/payment-analytics/components/payment-links-tab';
import { RecommendedActions } from '@/features/payment-analytics/components/recommended-actions';
import { SummaryCards, SummaryCardsSkeleton } from '@/features/payment-analytics/components/summary-cards';

type TabKey = 'aging' | 'links' | 'customers';
const TABS: readonly TabDef<TabKey>[] = [
  { key: 'aging', label: 'Aging Report' },
  { key: 'links', label: 'Payment Links' },
  { key: 'customers', label: 'Customer Analysis' },
];

/** A super user sees every organization or narrows to one; the actions need one. */
function OrganizationPicker({ value, onChange }: { value: OrganizationScope; onChange: (id: OrganizationScope) => void }) {
  return <OrganizationSelect id="payment-analytics-organization" value={value} onChange={onChange} noneLabel="All organizations" className="sm:w-64" />;
}

export function PaymentAnalyticsScreen() {
  const { user } = useCurrentUser();
  const labels = useLabels();
  const isSuperUser = user?.role === 'super_user';
  const permissions = user?.effectivePermissions ?? [];
  // undefined until a super user picks (their own organization, if they have one, comes first).
  const [chosenOrganization, setChosenOrganization] = useState<OrganizationScope | undefined>(undefined);
  // Only a super user may choose; everyone else's figures are their own organization's.
  const organizationId: OrganizationScope = isSuperUser ? (chosenOrganization === undefined ? (user?.organizationId ?? null) : chosenOrganization) : null;
  const [tab, setTab] = useState<TabKey>('aging');
  const figures = usePaymentAnalytics(organizationId);

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Payment Analytics"
        description="What customers owe, how quickly they pay, and what to do about it."
        actions={isSuperUser && <OrganizationPicker value={organizationId} onChange={setChosenOrganization} />}
      />
      {figures.isError ? (
        <Alert variant="destructive" data-testid="payment-analytics-error">
          <AlertTitle>Failed to load payment analytics</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(figures.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void figures.refetch()} disabled={figures.isFetching}>
              <RotateCw aria-hidden />
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : figures.data ? (
        <SummaryCards figures={figures.data} labels={labels} />
      ) : (
        <SummaryCardsSkeleton />
      )}
      <AnalyticsTabs tabs={TABS} selected={tab} onSelect={setTab} label="Payment analytics">
        {tab === 'aging' && <AgingReportTab organizationId={organizationId} labels={labels} />}
        {tab === 'links' && <PaymentLinksTab organizationId={organizationId} />}
        {tab === 'customers' &&
          (figures.data ? (
            <CustomerAnalysisTab analysis={figures.data.customerAnalysis} />
          ) : figures.isError ? null : (
            <Skeleton className="h-64 w-full" data-testid="customer-analysis-loading" />
          ))}
      </AnalyticsTabs>
      {figures.data && (
        <RecommendedActions
          recommended={figures.data.recommended}
          labels={labels}
          organizationId={organizationId}
          canManagePayments={permissions.includes('manage_payments')}
          canManageCustomers={permissions.includes('manage_customers')}
          needsOrganization={isSuperUser && organizationId === null}
        />
      )}
    </div>
  );
}
