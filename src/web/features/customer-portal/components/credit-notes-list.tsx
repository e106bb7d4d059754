// The customer's credit notes (docs/rules/customer-portal.md#portal-screen): what was credited on which invoice, and why.
import { Download, ReceiptText } from 'lucide-react';
import type { PortalCreditNote } from '@contracts/customer-portal';
import { formatDate } from '@contracts/format';
import { formatMoney } from '@contracts/money';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

interface CreditNotesListProps {
  notes: PortalCreditNote[];
  downloadingId: number | null;
  onDownload: (note: PortalCreditNote) => void;
}

/** Shown only when there is a credit note: most customers never have one. */
export function CreditNotesList({ notes, downloadingId, onDownload }: CreditNotesListProps) {
  if (notes.length === 0) return null;
  return (
    <Card className="overflow-hidden">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ReceiptText className="size-5 text-muted-foreground" aria-hidden />
          Credit Notes
        </CardTitle>
      </CardHeader>
      <CardContent className="p-0">
        <ul className="divide-y border-t" aria-label="Credit notes">
          {notes.map((n) => (
            <li key={n.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm sm:px-6" data-testid="portal-credit-note">
              <div className="min-w-0">
                <p className="font-medium">
                  {n.creditNoteNumber} <span className="font-normal text-muted-foreground">for {n.invoiceNumber}</span>
                </p>
                <p className="break-words text-muted-foreground">
                  {formatDate(n.createdAt)} · {n.reason}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <span className="font-medium tabular-nums">{formatMoney(n.total)}</span>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onDownload(n)}
                  disabled={downloadingId === n.id}
                  aria-label={`Download credit note ${n.creditNoteNumber}`}
                >
                  <Download aria-hidden />
                  PDF
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
