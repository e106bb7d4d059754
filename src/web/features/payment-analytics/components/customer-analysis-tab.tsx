import type { PaymentAnalytics } from '@contracts/payment-analytics';
import type { PaymentTerms } from '@contracts/customers';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PAYMENT_TERMS_LABELS } from '@/lib/customer-labels';
import { shareOf } from '@/features/payment-analytics/analytics-display';

// Written out, not imported: the contract's value exports would bring zod into this screen's bundle.
const TERMS_ORDER = ['net15', 'net30', 'net45', 'net60', 'due_on_receipt'] as const satisfies readonly PaymentTerms[];

function ShareRow({ label, count, total }: { label: string; count: number; total: number }) {
  const percent = shareOf(count, total);
  return (
    <li className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span>{label}</span>
        <span className="text-muted-foreground tabular-nums">
          {count} of {total} ({percent}%)
        </span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
    </li>
  );
}

export function CustomerAnalysisTab({ analysis }: { analysis: PaymentAnalytics['customerAnalysis'] }) {
  const total = analysis.totalCustomers;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Payment Preferences</CardTitle>
          <CardDescription>Out of all {total} customers.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="space-y-4" aria-label="Payment preferences">
            <ShareRow label="Auto-pay enabled" count={analysis.autoPay} total={total} />
            <ShareRow label="Portal access" count={analysis.portalAccess} total={total} />
            <ShareRow label="Prefer card" count={analysis.preferCard} total={total} />
            <ShareRow label="Prefer bank transfer" count={analysis.preferBank} total={total} />
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Payment Terms</CardTitle>
          <CardDescription>How long customers have to pay.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="space-y-4" aria-label="Payment terms distribution">
            {TERMS_ORDER.map((terms) => (
              <ShareRow key={terms} label={PAYMENT_TERMS_LABELS[terms]} count={analysis.paymentTerms[terms]} total={total} />
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
