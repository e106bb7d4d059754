import { lazy, Suspense, useEffect, useState } from 'react';
import { Plus } from 'lucide-react';
import type { PaymentProcessor } from '@contracts/payment-processors';
import { errorMessage } from '@/lib/api-client';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { usePaymentProcessors } from '@/features/payment-processors/api/get-payment-processors';
import { useActivatePaymentProcessor, useDeletePaymentProcessor } from '@/features/payment-processors/api/save-payment-processor';
import { DeleteProcessorDialog } from '@/features/payment-processors/components/delete-processor-dialog';
import { ProcessorCard } from '@/features/payment-processors/components/processor-card';
import type { CreateWording } from '@/features/payment-processors/components/processor-dialog';

// The form (react-hook-form, zod, the contract's rules) loads when first opened, not with the list.
const ProcessorDialog = lazy(() => import('@/features/payment-processors/components/processor-dialog').then((m) => ({ default: m.ProcessorDialog })));

interface ProcessorsManagerProps {
  organizationId: number;
  createWording?: CreateWording;
  /** The heading above the cards; null where the surrounding panel has its own. */
  title?: string | null;
}

/** One organization's processors as cards, with Add, Edit, Activate and Delete. */
export function ProcessorsManager({ organizationId, createWording = 'create', title = 'Processors' }: ProcessorsManagerProps) {
  const processors = usePaymentProcessors(organizationId);
  const activate = useActivatePaymentProcessor();
  const remove = useDeletePaymentProcessor();
  const [editing, setEditing] = useState<PaymentProcessor | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PaymentProcessor | null>(null);

  // Once per failed fetch, not on every render.
  const { isError, errorUpdatedAt, error } = processors;
  useEffect(() => {
    if (isError) toast({ variant: 'destructive', title: 'Failed to fetch payment processors', description: errorMessage(error) });
  }, [isError, errorUpdatedAt, error]);

  const onActivate = (processor: PaymentProcessor) =>
    activate.mutate(processor.id, {
      onSuccess: () => toast({ title: 'Payment processor activated successfully' }),
      onError: (e) => toast({ variant: 'destructive', title: 'Failed to activate payment processor', description: errorMessage(e) }),
    });

  const onDelete = (processor: PaymentProcessor) =>
    remove.mutate(processor.id, {
      onSuccess: () => {
        toast({ title: 'Payment processor deleted successfully' });
        setDeleting(null);
      },
      onError: (e) => toast({ variant: 'destructive', title: 'Failed to delete payment processor', description: errorMessage(e) }),
    });

  const rows = processors.data ?? [];
  return (
    <section className="grid gap-4" aria-label="Payment processors">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {title ? <h2 className="text-lg font-semibold">{title}</h2> : <span />}
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden />
          Add Processor
        </Button>
      </div>
      {processors.isPending ? (
        <div className="grid gap-4 md:grid-cols-2" data-testid="processors-loading">
          {Array.from({ length: 2 }, (_, i) => (
            <Skeleton key={i} className="h-40 w-full rounded-xl" />
          ))}
        </div>
      ) : processors.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Failed to fetch payment processors</AlertTitle>
          <AlertDescription>
            <p>{errorMessage(processors.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void processors.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : rows.length === 0 ? (
        <div className="rounded-xl border border-dashed p-10 text-center text-sm text-muted-foreground">
          <p>No payment processors configured.</p>
          <p className="mt-1 text-xs">Card and bank payments go through the built-in test gateway (no money moves) until a processor is active.</p>
        </div>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {rows.map((p) => (
            <ProcessorCard
              key={p.id}
              processor={p}
              isActivating={activate.isPending && activate.variables === p.id}
              onEdit={setEditing}
              onActivate={onActivate}
              onDelete={setDeleting}
            />
          ))}
        </div>
      )}
      <Suspense fallback={null}>
        {editing !== null && (
          <ProcessorDialog
            open
            onOpenChange={(open) => !open && setEditing(null)}
            organizationId={organizationId}
            processor={editing === 'new' ? null : editing}
            createWording={createWording}
          />
        )}
      </Suspense>
      <DeleteProcessorDialog processor={deleting} isPending={remove.isPending} onConfirm={onDelete} onCancel={() => setDeleting(null)} />
    </section>
  );
}
