import { useState } from 'react';
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

interface ConfirmDeleteDialogProps {
  title: string;
  description: string;
  /** Resolves when deleted; a rejection keeps the dialog open (the caller shows the failure toast). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** The confirming button's label ('Delete'), and the label while it works ('Deleting...'). */
  confirmLabel?: string;
  workingLabel?: string;
  /** The dismissing button's label ('Cancel'). */
  cancelLabel?: string;
}

/** Asks before deleting; stays open, with its buttons disabled, until the server has answered. */
export function ConfirmDeleteDialog({ title, description, onConfirm, onClose, confirmLabel = 'Delete', workingLabel = 'Deleting...', cancelLabel = 'Cancel' }: ConfirmDeleteDialogProps) {
  const [isDeleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      setDeleting(false);
    }
  };
  return (
    <AlertDialog open onOpenChange={(open) => !open && !isDeleting && onClose()}>
      <AlertDialogContent data-testid="confirm-delete-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isDeleting}>{cancelLabel}</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm} disabled={isDeleting}>
            {isDeleting ? workingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
