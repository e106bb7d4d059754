import { downloadFile } from '@/lib/download';

/** Saves the invoice's PDF as invoice-{number}.pdf (the server's Content-Disposition name). */
export function downloadInvoicePdf(invoice: { id: number; invoiceNumber: string }): Promise<string> {
  return downloadFile(`/api/invoices/${invoice.id}/pdf`, `invoice-${invoice.invoiceNumber}.pdf`);
}
