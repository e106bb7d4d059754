import { useState } from 'react';
import type { Invoice } from '@contracts/invoices';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { downloadInvoicePdf } from '@/features/invoices/api/download-invoice';
import { useEmailInvoice } from '@/features/invoices/api/email-invoice';

export const DOWNLOAD_FAILED = 'Download failed, please try again.';

/**
 * Email to customer and Download Invoice with the messages of docs/rules/records.md#messages-on-screen. A failed download
 * is an alert on the list page and a toast in the dialog.
 */
export function useInvoiceActions({ downloadFailure }: { downloadFailure: 'alert' | 'toast' }) {
  const emailMutation = useEmailInvoice();
  const [downloadingId, setDownloadingId] = useState<number | null>(null);

  const email = (invoice: Pick<Invoice, 'id'>) =>
    emailMutation.mutate(invoice.id, {
      onSuccess: () => toast({ title: 'Invoice emailed successfully to customer' }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to send invoice email. Please check email configuration.', description: errorMessage(error) }),
    });

  const download = async (invoice: Pick<Invoice, 'id' | 'invoiceNumber'>) => {
    setDownloadingId(invoice.id);
    try {
      await downloadInvoicePdf(invoice);
    } catch {
      if (downloadFailure === 'alert') window.alert(DOWNLOAD_FAILED);
      else toast({ variant: 'destructive', title: DOWNLOAD_FAILED });
    } finally {
      setDownloadingId(null);
    }
  };

  return {
    email,
    download,
    emailingId: emailMutation.isPending ? (emailMutation.variables ?? null) : null,
    downloadingId,
  };
}
