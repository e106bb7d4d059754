import { useState } from 'react';
import type { CreditNote } from '@contracts/credit-notes';
import { toast } from '@/components/ui/use-toast';
import { downloadCreditNotePdf } from '@/features/invoices/api/credit-notes';
import { DOWNLOAD_FAILED } from '@/features/invoices/components/use-invoice-actions';

/** Saves a credit note's PDF; which note is downloading, so its button can wait. */
export function useCreditNoteDownload() {
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const download = async (note: Pick<CreditNote, 'id' | 'creditNoteNumber'>) => {
    setDownloadingId(note.id);
    try {
      await downloadCreditNotePdf(note);
    } catch {
      toast({ variant: 'destructive', title: DOWNLOAD_FAILED });
    } finally {
      setDownloadingId(null);
    }
  };
  return { download, downloadingId };
}
