// "Email to customer" in an invoice's or estimate's actions menu. A customer without an e-mail address is not
// offered it: the item shows, disabled, with the reason in place of a failure after the click (docs/features.md,
// Invoices).
import { Mail } from 'lucide-react';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';

export const NO_EMAIL_REASON = 'No email address on file for this customer';

export function EmailToCustomerItem({ hasEmail, onSelect }: { hasEmail: boolean; onSelect: () => void }) {
  if (!hasEmail) {
    return (
      <DropdownMenuItem disabled className="items-start">
        <Mail aria-hidden className="mt-0.5" />
        <span className="grid">
          <span>Email to customer</span>
          <span className="text-xs text-muted-foreground">{NO_EMAIL_REASON}</span>
        </span>
      </DropdownMenuItem>
    );
  }
  return (
    <DropdownMenuItem onSelect={onSelect}>
      <Mail aria-hidden />
      Email to customer
    </DropdownMenuItem>
  );
}
