import { ROLE_LABELS, type Role } from '@contracts/permissions';
import type { AdminUser } from '@contracts/admin';
import { displayName } from '@contracts/format';
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

interface RoleChangeDialogProps {
  user: AdminUser;
  role: Role;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A role changes what someone may do at once, so the choice in the list is only a proposal until confirmed (ADR 013). */
export function RoleChangeDialog({ user, role, onConfirm, onCancel }: RoleChangeDialogProps) {
  const name = displayName(user);
  return (
    <AlertDialog open onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent data-testid="role-change-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>Change role of {name}?</AlertDialogTitle>
          <AlertDialogDescription>
            {name} will become {ROLE_LABELS[role]} (now {ROLE_LABELS[user.role]}). Their access changes at once.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button onClick={onConfirm}>Change role</Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
