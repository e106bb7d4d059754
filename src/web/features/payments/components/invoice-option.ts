import type { Invoice } from '@contracts/invoices';
import { formatMoney } from '@contracts/money';

/** "INV-00012 - Pat Customer - $120.00 due" */
export const invoiceOptionLabel = (i: Invoice) => `${i.invoiceNumber} - ${i.customerName ?? 'No customer'} - ${formatMoney(i.balanceDue)} due`;
