import { ShieldX } from 'lucide-react';
import { PAYMENT_LINK_MESSAGES } from '@contracts/payment-links';
import { useCurrentUser } from '@/lib/auth/current-user';
import { PageHeader } from '@/components/page-header';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { ListBlock } from '@/components/list-block';
import { usePaymentLinks } from '@/features/payment-links/api/payment-links-api';
import { GenericLinkCard } from '@/features/payment-links/components/generic-link-card';
import { HowToUseCard } from '@/features/payment-links/components/how-to-use-card';
import { InvoiceLinkCard } from '@/features/payment-links/components/invoice-link-card';
import { PaymentLinksTable } from '@/features/payment-links/components/payment-links-table';

/** The links, newest first; without a role that may see them, the same words as every list's 403. */
function LinksList({ canView }: { canView: boolean }) {
  const links = usePaymentLinks(canView);
  const shown = links.data?.rows.length ?? 0;
  const title = (
    <CardHeader className="p-0">
      <CardTitle>Payment Links</CardTitle>
    </CardHeader>
  );
  if (!canView) {
    return (
      <Card className="overflow-hidden">
        <div className="border-b p-4">{title}</div>
        <div className="flex flex-col items-center gap-2 p-8 text-center">
          <ShieldX className="size-8 text-muted-foreground" aria-hidden />
          <p className="text-sm text-muted-foreground">Your role does not give access to this list.</p>
        </div>
      </Card>
    );
  }
  return (
    <ListBlock
      name="payment-link-rows"
      query={links}
      exportFrom={{ path: '/api/payment-links' }}
      emptyText={PAYMENT_LINK_MESSAGES.noLinks}
      failedTitle="Failed to load payment links"
      title={title}
      footer={
        links.data &&
        links.data.total > shown && (
          <p className="border-t px-4 py-3 text-xs text-muted-foreground">
            Showing the latest {shown} of {links.data.total} links.
          </p>
        )
      }
    >
      {(rows) => <PaymentLinksTable links={rows} />}
    </ListBlock>
  );
}

export function PaymentLinksScreen() {
  const { user } = useCurrentUser();
  const permissions = user?.effectivePermissions ?? [];
  const canCreate = permissions.includes('process_payments');
  const canView = permissions.some((p) => p === 'view_financials' || p === 'manage_payments' || p === 'process_payments');

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader title="Payment Links" description="Secure links your customers open to pay online, by card or bank transfer." />
      <div className="grid gap-6 lg:grid-cols-2">
        <InvoiceLinkCard canCreate={canCreate} />
        <GenericLinkCard organizationId={user?.organizationId ?? null} />
      </div>
      <HowToUseCard />
      <LinksList canView={canView} />
    </div>
  );
}
