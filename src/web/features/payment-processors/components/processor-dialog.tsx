import type { PaymentProcessor, ProcessorBodyInput } from '@contracts/payment-processors';
import { errorMessage } from '@/lib/api-client';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useSavePaymentProcessor } from '@/features/payment-processors/api/save-payment-processor';
import { ProcessorForm } from '@/features/payment-processors/components/processor-form';

/** The Payment Processors screen says "create"; the organization screen's manager says "add" (docs/rules/money-and-payments.md#payment-processors-screen). */
export type CreateWording = 'create' | 'add';

export interface ProcessorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationId: number;
  /** Edit this processor; add a new one when null. */
  processor: PaymentProcessor | null;
  createWording?: CreateWording;
}

export function ProcessorDialog({ open, onOpenChange, organizationId, processor, createWording = 'create' }: ProcessorDialogProps) {
  const save = useSavePaymentProcessor();
  const isEdit = processor !== null;

  const onSubmit = (body: ProcessorBodyInput) =>
    save.mutateAsync(isEdit ? { id: processor.id, body } : { id: null, body }).then(
      () => {
        toast({ title: isEdit ? 'Payment processor updated successfully' : `Payment processor ${createWording === 'add' ? 'added' : 'created'} successfully` });
        onOpenChange(false);
      },
      (error: unknown) => {
        toast({
          variant: 'destructive',
          title: isEdit ? 'Failed to update payment processor' : `Failed to ${createWording} payment processor`,
          description: errorMessage(error),
        });
        throw error;
      },
    );

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl" data-testid="processor-dialog">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Payment Processor' : 'Add Payment Processor'}</DialogTitle>
          <DialogDescription>
            {isEdit ? `Change ${processor.displayName}'s settings, fees and keys.` : 'Connect a processor for this organization, with its fees and keys.'}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <ProcessorForm
            key={processor?.id ?? 'new'}
            processor={processor}
            organizationId={organizationId}
            isPending={save.isPending}
            submitLabel={isEdit ? 'Save Changes' : 'Add Processor'}
            onSubmit={onSubmit}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
