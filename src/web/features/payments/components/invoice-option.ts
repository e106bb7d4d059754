import type { Invoice } from '@contracts/invoices';
import { formatMoney } from '@contracts/money';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useOrganizationLabel } from '@/lib/use-organizations';

/** "INV-00012 - Pat Customer - $120.00 due", and for a super user " · Organization" (docs/decisions/015-one-form-pattern.md). */
export function invoiceOptionLabel(i: Invoice, organizationName?: string): string {
  const label = `${i.invoiceNumber} - ${i.customerName ?? 'No customer'} - ${formatMoney(i.balanceDue)} due`;
  return organizationName ? `${label} · ${organizationName}` : label;
}

/** The option label of each invoice in a picker: a super user's session spans organizations, so theirs names it. */
export function useInvoiceOptionLabel(): (i: Invoice) => string {
  const { user } = useCurrentUser();
  const organizationLabel = useOrganizationLabel(user?.role === 'super_user');
  return (i) => invoiceOptionLabel(i, organizationLabel(i.organizationId) ?? undefined);
}
