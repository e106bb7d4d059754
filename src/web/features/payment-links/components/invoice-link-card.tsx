import { useState } from 'react';
import { FileText, Loader2 } from 'lucide-react';
import type { Invoice } from '@contracts/invoices';
import { formatMoney } from '@contracts/money';
import { PAYMENT_LINK_MESSAGES } from '@contracts/payment-links';
import { errorMessage } from '@/lib/api-client';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useCreateInvoicePaymentLink, useUnpaidInvoices } from '@/features/payment-links/api/payment-links-api';
import { LinkResult } from '@/features/payment-links/components/link-result';

/** "INV-00012 - Pat Customer - $120.00" (docs/rules/money-and-payments.md#payment-links: number, customer name, total). */
export const invoiceLabel = (i: Pick<Invoice, 'invoiceNumber' | 'customerName' | 'total'>) =>
  `${i.invoiceNumber} - ${i.customerName ?? 'No customer'} - ${formatMoney(i.total)}`;

export function InvoiceLinkCard({ canCreate }: { canCreate: boolean }) {
  const invoices = useUnpaidInvoices(canCreate);
  const create = useCreateInvoicePaymentLink();
  const [invoiceId, setInvoiceId] = useState('');
  const [result, setResult] = useState<{ invoiceId: number; url: string } | null>(null);

  const generate = () => {
    // docs/rules/money-and-payments.md#payment-links: generating needs a selected invoice (the button stays disabled until then).
    if (!invoiceId) return;
    const id = Number(invoiceId);
    create.mutate(id, {
      onSuccess: (link) => {
        setResult({ invoiceId: id, url: link.paymentUrl });
        toast({ title: PAYMENT_LINK_MESSAGES.invoiceGenerated });
      },
      onError: (error) => toast({ variant: 'destructive', title: PAYMENT_LINK_MESSAGES.invoiceFailed, description: errorMessage(error) }),
    });
  };

  const options = invoices.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileText className="size-5 text-primary" aria-hidden />
          Invoice Payment Link
        </CardTitle>
        <CardDescription>A secure link for one unpaid invoice; your customer pays the balance due by card or bank transfer.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!canCreate ? (
          <p className="text-sm text-muted-foreground">Your role cannot create invoice payment links.</p>
        ) : invoices.isPending ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : invoices.isError ? (
          <Alert variant="destructive">
            <AlertTitle>Failed to load invoices</AlertTitle>
            <AlertDescription>{errorMessage(invoices.error)}</AlertDescription>
          </Alert>
        ) : options.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{PAYMENT_LINK_MESSAGES.noUnpaidInvoices}</p>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1 space-y-1.5">
              <Label htmlFor="payment-link-invoice">Select Invoice</Label>
              <NativeSelect
                id="payment-link-invoice"
                value={invoiceId}
                onChange={(e) => {
                  setInvoiceId(e.target.value);
                  setResult(null);
                }}
              >
                <option value="">Choose an unpaid invoice</option>
                {options.map((i) => (
                  <option key={i.id} value={i.id}>
                    {invoiceLabel(i)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button onClick={generate} disabled={!invoiceId || create.isPending}>
              {create.isPending && <Loader2 className="animate-spin" aria-hidden />}
              Generate Payment Link
            </Button>
          </div>
        )}
        {result && String(result.invoiceId) === invoiceId && <LinkResult url={result.url} kind="Invoice" />}
      </CardContent>
    </Card>
  );
}
