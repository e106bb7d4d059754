import { Clock, DollarSign, Percent, TriangleAlert, PiggyBank, Undo2, BellRing, type LucideIcon } from 'lucide-react';
import type { PaymentAnalytics } from '@contracts/payment-analytics';
import { formatMoney } from '@contracts/money';
import type { LabelSet } from '@contracts/vocabulary';
import { owedCaption } from '@/lib/owed-caption';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  avgPaymentTimeCaption,
  avgPaymentTimeValue,
  correctionsNote,
  depositsHeldNote,
  reminderResultsNote,
  overdueCaption,
  publicLinkAttemptsNote,
  successRateCaption,
  successRateValue,
} from '@/features/payment-analytics/analytics-display';

function SummaryCard({
  title,
  value,
  caption,
  note,
  icon: Icon,
  testId,
}: {
  title: string;
  value: string;
  caption: string;
  /** A second line: what the figure leaves out. */
  note?: string;
  icon: LucideIcon;
  testId: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex flex-row items-start justify-between gap-2 p-4 pb-2 sm:p-6 sm:pb-2">
        <CardTitle className="text-sm leading-tight font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <p className="text-xl font-bold tabular-nums sm:text-2xl" data-testid={`${testId}-value`}>
          {value}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">{caption}</p>
        {note && (
          <p className="mt-1 text-xs text-muted-foreground" data-testid={`${testId}-note`}>
            {note}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** Outstanding Balance is the balance due of owed invoices: the same figure, and the same line, as the dashboard's Pending card. */
export function SummaryCards({ figures, labels }: { figures: PaymentAnalytics; labels: LabelSet }) {
  return (
    <div className="grid gap-2">
    <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:gap-4 xl:grid-cols-4">
      <SummaryCard
        testId="outstanding-balance"
        title="Outstanding Balance"
        value={formatMoney(figures.outstandingBalance.total)}
        caption={owedCaption(figures.outstandingBalance.count, labels)}
        icon={DollarSign}
      />
      <SummaryCard
        testId="overdue-amount"
        title="Overdue Amount"
        value={formatMoney(figures.overdueAmount.total)}
        caption={overdueCaption(figures.overdueAmount.count, labels)}
        icon={TriangleAlert}
      />
      <SummaryCard
        testId="avg-payment-time"
        title="Avg Payment Time"
        value={avgPaymentTimeValue(figures.avgPaymentTime.days)}
        caption={avgPaymentTimeCaption(figures.avgPaymentTime)}
        icon={Clock}
      />
      <SummaryCard
        testId="payment-success-rate"
        title="Payment Success Rate"
        value={successRateValue(figures.successRate.percent)}
        caption={successRateCaption(figures.successRate)}
        note={publicLinkAttemptsNote(figures.publicLinkAttempts)}
        icon={Percent}
      />
    </div>
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="corrections-note">
      <Undo2 className="size-3.5 shrink-0" aria-hidden />
      {correctionsNote(figures.corrections)}
    </p>
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="deposits-held-note">
      <PiggyBank className="size-3.5 shrink-0" aria-hidden />
      {depositsHeldNote(figures.depositsHeld)}
    </p>
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="reminder-results-note">
      <BellRing className="size-3.5 shrink-0" aria-hidden />
      {reminderResultsNote(figures.reminderResults)}
    </p>
    </div>
  );
}

export function SummaryCardsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:gap-4 xl:grid-cols-4" data-testid="summary-cards-loading" aria-busy="true">
      {Array.from({ length: 4 }, (_, i) => (
        <Card key={i} className="space-y-3 p-4 sm:p-6">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-7 w-24" />
          <Skeleton className="h-3 w-40" />
        </Card>
      ))}
    </div>
  );
}
