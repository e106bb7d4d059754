import { lazy, Suspense, useState } from 'react';
import type { Payment } from '@contracts/payments';
import { CreditCard, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/page-header';
import { PAGE_SIZE } from '@/lib/list-path';
import { ListBlock } from '@/components/list-block';
import { useCan } from '@/lib/auth/use-can';
import { useListState } from '@/lib/use-list-state';
import { usePayments } from './api/payments-api';
import { PaymentsTable } from './components/payments-table';

// The dialogs (and the card form behind them) load when first opened.
const RecordPaymentDialog = lazy(() => import('./components/record-payment-dialog').then((m) => ({ default: m.RecordPaymentDialog })));
const RefundPaymentDialog = lazy(() => import('./components/refund-payment-dialog').then((m) => ({ default: m.RefundPaymentDialog })));
const ProcessPaymentDialog = lazy(() => import('./components/process-payment-dialog').then((m) => ({ default: m.ProcessPaymentDialog })));

export function PaymentsScreen() {
  const can = useCan();
  const list = useListState();
  const payments = usePayments({ q: list.q, page: list.page });
  const [dialog, setDialog] = useState<'record' | 'process' | null>(null);
  const [refunding, setRefunding] = useState<Payment | null>(null);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Payments"
        description="Money received: recorded by hand or taken by card and bank transfer."
        actions={
          <div className="flex flex-wrap gap-2">
            {can('manage_payments') && (
              <Button variant="outline" onClick={() => setDialog('record')}>
                <Plus aria-hidden />
                Record Payment
              </Button>
            )}
            {can('process_payments') && (
              <Button onClick={() => setDialog('process')}>
                <CreditCard aria-hidden />
                Process Payment
              </Button>
            )}
          </div>
        }
      />
      <ListBlock
        name="payments"
        query={payments}
        exportFrom={{ path: '/api/payments', params: { q: list.q } }}
        list={list}
        pageSize={PAGE_SIZE}
        searchPlaceholder="Search payments"
        emptyText="No payments recorded yet."
        failedTitle="Failed to load payments"
      >
        {(rows) => <PaymentsTable payments={rows} onRefund={can('process_payments') ? setRefunding : undefined} />}
      </ListBlock>
      <Suspense fallback={null}>
        {dialog === 'record' && <RecordPaymentDialog open onOpenChange={(open) => !open && setDialog(null)} />}
        {dialog === 'process' && <ProcessPaymentDialog open onOpenChange={(open) => !open && setDialog(null)} />}
        {refunding && <RefundPaymentDialog payment={refunding} onClose={() => setRefunding(null)} />}
      </Suspense>
    </div>
  );
}
