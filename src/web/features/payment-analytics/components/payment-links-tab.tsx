import { formatDate, statusLabel } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import type { PaymentLink } from '@contracts/payment-links';
import { errorMessage } from '@/lib/api-client';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { countOf } from '@/features/payment-analytics/analytics-display';
import { usePaymentLinkList, type OrganizationScope } from '@/features/payment-analytics/api/payment-analytics-api';

const invoiceText = (l: PaymentLink) => (l.invoiceId === null ? 'Generic' : `Invoice # ${l.invoiceNumber ?? l.invoiceId}`);

/** One row per link; its facts wrap onto a second line on a phone. */
function LinkRow({ link }: { link: PaymentLink }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="analytics-payment-link">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{invoiceText(link)}</span>
          {/* Active stands out, every other status is secondary (docs/rules/money-and-payments.md#payment-links). */}
          <Badge variant={link.status === 'active' ? 'default' : 'secondary'} data-status={link.status}>
            {statusLabel(link.status)}
          </Badge>
        </div>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span>Created {formatDate(link.createdAt)}</span>
          <span>{countOf(link.clickCount, 'click')}</span>
          {link.expiresAt && <span>Expires {formatDate(link.expiresAt)}</span>}
        </p>
      </div>
      <p className="font-semibold tabular-nums sm:text-right">{link.amount === null ? 'Any amount' : formatMoney(link.amount)}</p>
    </li>
  );
}

export function PaymentLinksTab({ organizationId }: { organizationId: OrganizationScope }) {
  const links = usePaymentLinkList(organizationId, true);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment Links</CardTitle>
        <CardDescription>Links sent to customers to pay online, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {links.isPending ? (
          <div className="space-y-3" data-testid="payment-links-loading" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : links.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Failed to load payment links</AlertTitle>
            <AlertDescription>{errorMessage(links.error)}</AlertDescription>
          </Alert>
        ) : links.data.rows.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">No payment links created yet.</p>
        ) : (
          <>
            <ul className="divide-y" aria-label="Payment links">
              {links.data.rows.map((l) => (
                <LinkRow key={l.id} link={l} />
              ))}
            </ul>
            {links.data.total > links.data.rows.length && (
              <p className="pt-3 text-xs text-muted-foreground">
                Showing the latest {links.data.rows.length} of {links.data.total} links. All of them are on the Payment Links screen.
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
