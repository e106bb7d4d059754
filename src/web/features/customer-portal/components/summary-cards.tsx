import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Wallet } from 'lucide-react';
import type { PortalSummary } from '@contracts/customer-portal';
import { formatMoney } from '@contracts/money';
import { Card, CardContent } from '@/components/ui/card';

function SummaryCard({ title, value, note, icon, tone }: { title: string; value: string; note: string; icon: ReactNode; tone: string }) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-3 p-5">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">{title}</p>
          <p className={`mt-1 text-2xl font-bold tabular-nums ${tone}`}>{value}</p>
          <p className="mt-1 text-xs text-muted-foreground">{note}</p>
        </div>
        {icon}
      </CardContent>
    </Card>
  );
}

export function SummaryCards({ summary }: { summary: PortalSummary }) {
  const payments = summary.paymentCount === 1 ? '1 payment' : `${summary.paymentCount} payments`;
  return (
    <div className="grid gap-4 sm:grid-cols-3" data-testid="portal-summary">
      <SummaryCard
        title="Outstanding Balance"
        value={formatMoney(summary.outstandingBalance)}
        note="Sent invoices awaiting payment"
        tone=""
        icon={<Wallet className="size-5 shrink-0 text-blue-600" aria-hidden />}
      />
      <SummaryCard
        title="Overdue Amount"
        value={formatMoney(summary.overdueAmount)}
        note="Past the due date"
        tone="text-red-600"
        icon={<AlertTriangle className="size-5 shrink-0 text-red-600" aria-hidden />}
      />
      <SummaryCard
        title="Total Paid"
        value={formatMoney(summary.totalPaid)}
        note={payments}
        tone="text-green-700"
        icon={<CheckCircle2 className="size-5 shrink-0 text-green-600" aria-hidden />}
      />
    </div>
  );
}
