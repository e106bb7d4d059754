// An invoice's credit notes inside its dialog (docs/rules/records.md#credit-notes): each note's number, date, reason
// and total, to download or e-mail again.
import { Download, Mail } from 'lucide-react';
import { formatDate } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useEmailCreditNote, useInvoiceCreditNotes } from '@/features/invoices/api/credit-notes';
import { useCreditNoteDownload } from '@/features/invoices/components/use-credit-note-download';

export function InvoiceCreditNotes({ invoiceId, canEmail }: { invoiceId: number; canEmail: boolean }) {
  const notes = useInvoiceCreditNotes(invoiceId, true);
  const email = useEmailCreditNote();
  const { download, downloadingId } = useCreditNoteDownload();
  if (notes.isPending) return <Spinner className="py-2" label="Loading credit notes..." />;
  if (notes.isError) return <p className="text-sm text-destructive">Could not load the credit notes: {errorMessage(notes.error)}</p>;
  return (
    <section aria-label="Credit notes" className="grid gap-2">
      <h3 className="text-sm font-medium">Credit notes</h3>
      <ul className="divide-y rounded-md border text-sm">
        {notes.data.map((n) => (
          <li key={n.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2" data-testid="invoice-credit-note">
            <div className="min-w-0">
              <p className="font-medium">
                {n.creditNoteNumber} <span className="font-normal text-muted-foreground">· {formatDate(n.createdAt)}</span>
              </p>
              <p className="break-words text-muted-foreground">{n.reason}</p>
            </div>
            <div className="flex items-center gap-1">
              <span className="mr-2 font-medium tabular-nums">{formatMoney(n.total)}</span>
              {canEmail && n.customerHasEmail && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  title="Email to customer"
                  aria-label={`Email credit note ${n.creditNoteNumber}`}
                  disabled={email.isPending}
                  onClick={() =>
                    email.mutate(n.id, {
                      onSuccess: () => toast({ title: 'Credit note emailed successfully to customer' }),
                      onError: (error) => toast({ variant: 'destructive', title: 'Failed to send credit note email', description: errorMessage(error) }),
                    })
                  }
                >
                  <Mail aria-hidden />
                </Button>
              )}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                title="Download"
                aria-label={`Download credit note ${n.creditNoteNumber}`}
                disabled={downloadingId === n.id}
                onClick={() => void download(n)}
              >
                <Download aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
