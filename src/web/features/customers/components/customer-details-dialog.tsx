import type { ReactNode } from 'react';
import { formatPhone } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { singular } from '@contracts/vocabulary';
import { errorMessage } from '@/lib/api-client';
import { useLabels } from '@/lib/use-labels';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useCustomer } from '@/features/customers/api/get-customer';
import { SmsOptOutNote } from '@/features/customers/components/sms-opt-out-note';
import { TaxExemptBadge } from '@/features/customers/components/tax-exempt-badge';
import { addressLine, orDash } from '@/features/customers/customer-display';
import { paymentMethodLabel, paymentTermsLabel } from '@/lib/customer-labels';

interface CustomerDetailsDialogProps {
  customerId: number;
  onOpenChange: (open: boolean) => void;
}

/** What `?open=ID` shows to staff who may view customers but not change them. */
export function CustomerDetailsDialog({ customerId, onOpenChange }: CustomerDetailsDialogProps) {
  const labels = useLabels();
  const customer = useCustomer(customerId);
  const c = customer.data;
  const rows: [string, ReactNode][] = c
    ? [
        ['Company', orDash(c.companyName)],
        ['Email', orDash(c.email)],
        [
          'Phone',
          <>
            {formatPhone(c.phone)}
            <SmsOptOutNote customerId={c.id} phone={c.phone} className="ml-2 align-middle" />
          </>,
        ],
        ['Address', addressLine(c)],
        ['Payment Terms', paymentTermsLabel(c.paymentTerms)],
        ['Preferred Payment', paymentMethodLabel(c.preferredPaymentMethod)],
        ['Credit Limit', c.creditLimit ? formatMoney(c.creditLimit) : '-'],
        ['Notes', orDash(c.notes)],
      ]
    : [];
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent data-testid="customer-details-dialog">
        <DialogHeader>
          <DialogTitle>{c?.name ?? singular(labels.customers)}</DialogTitle>
          <DialogDescription>{singular(labels.customers)} details</DialogDescription>
          {c?.taxExempt && <TaxExemptBadge exempt className="self-center sm:self-start" />}
        </DialogHeader>
        {customer.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Could not load this record</AlertTitle>
            <AlertDescription>{errorMessage(customer.error)}</AlertDescription>
          </Alert>
        ) : !c ? (
          <Skeleton className="h-40 w-full" />
        ) : (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
            {rows.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="min-w-0 break-words whitespace-pre-line">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}
