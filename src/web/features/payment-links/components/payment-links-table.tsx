import { Copy, ExternalLink } from 'lucide-react';
import { formatDate, statusLabel } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import type { PaymentLink } from '@contracts/payment-links';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { copyLink, openLink, type LinkKind } from '@/features/payment-links/components/link-result';
import { OrganizationCell, OrganizationHead, OrganizationLine } from '@/components/organization-column';

/** Active stands out, every other status is secondary (docs/rules/money-and-payments.md#payment-links). */
export function LinkStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={status === 'active' ? 'default' : 'secondary'} data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}

const kindOf = (l: PaymentLink): LinkKind => (l.invoiceId ? 'Invoice' : 'Generic');
const invoiceText = (l: PaymentLink) => l.invoiceNumber ?? (l.invoiceId ? `#${l.invoiceId}` : 'Generic');
const amountText = (l: PaymentLink) => (l.amount === null ? 'Any amount' : formatMoney(l.amount));

function RowActions({ link }: { link: PaymentLink }) {
  const name = invoiceText(link);
  return (
    <div className="flex gap-1">
      <Button variant="ghost" size="icon" onClick={() => void copyLink(link.paymentUrl, kindOf(link))} aria-label={`Copy link for ${name}`} title="Copy">
        <Copy aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" onClick={() => openLink(link.paymentUrl)} aria-label={`Open link for ${name}`} title="Test">
        <ExternalLink aria-hidden />
      </Button>
    </div>
  );
}

/** A table on wide screens, cards on phones. */
export function PaymentLinksTable({ links }: { links: PaymentLink[] }) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <OrganizationHead />
              <TableHead>Invoice #</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Clicks</TableHead>
              <TableHead>Created</TableHead>
              <TableHead>Expires</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead className="w-0">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {links.map((l) => (
              <TableRow key={l.id} data-testid="payment-link-row">
                <OrganizationCell organizationId={l.organizationId} />
                <TableCell className="font-medium">{invoiceText(l)}</TableCell>
                <TableCell>
                  <LinkStatusBadge status={l.status} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{l.clickCount}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(l.createdAt)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(l.expiresAt, 'Never')}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{amountText(l)}</TableCell>
                <TableCell className="py-1 pr-2 pl-0">
                  <RowActions link={l} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="divide-y md:hidden" aria-label="Payment links">
        {links.map((l) => (
          <li key={l.id} className="flex items-start gap-3 px-4 py-3" data-testid="payment-link-card">
            <div className="min-w-0 flex-1 space-y-1 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{invoiceText(l)}</span>
                <LinkStatusBadge status={l.status} />
              </div>
              <p className="font-medium tabular-nums">{amountText(l)}</p>
              <p className="text-xs text-muted-foreground">
                Created {formatDate(l.createdAt)} · Expires {formatDate(l.expiresAt, 'never')} · {l.clickCount} {l.clickCount === 1 ? 'click' : 'clicks'}
              </p>
              <OrganizationLine organizationId={l.organizationId} />
            </div>
            <RowActions link={l} />
          </li>
        ))}
      </ul>
    </>
  );
}
