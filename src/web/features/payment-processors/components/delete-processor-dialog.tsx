import type { PaymentProcessor } from '@contracts/payment-processors';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

interface DeleteProcessorDialogProps {
  processor: PaymentProcessor | null;
  isPending: boolean;
  onConfirm: (processor: PaymentProcessor) => void;
  onCancel: () => void;
}

export function DeleteProcessorDialog({ processor, isPending, onConfirm, onCancel }: DeleteProcessorDialogProps) {
  return (
    <AlertDialog open={processor !== null} onOpenChange={(open) => !open && !isPending && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure you want to delete this payment processor?</AlertDialogTitle>
          <AlertDialogDescription>
            {processor && (
              <>
                {processor.displayName} and its keys will be removed.
                {processor.isActive && ' It is the active processor: until another one is activated, payments use the built-in test gateway.'}
              </>
            )}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>Cancel</AlertDialogCancel>
          {/* A plain button: the dialog stays open while the request runs. */}
          <Button variant="destructive" onClick={() => processor && onConfirm(processor)} disabled={isPending}>
            {isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
