// Issue a credit note against a sent invoice (docs/rules/records.md#credit-notes): a reason and the lines credited,
// at most what is left to credit. Afterwards the note can be e-mailed or downloaded at once.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Download, Mail } from 'lucide-react';
import type { CreditNote } from '@contracts/credit-notes';
import { creditableCents, type Invoice } from '@contracts/invoices';
import { MAX_TAX_RATES_PER_LINE } from '@contracts/line-items';
import { formatMoney, fromCents } from '@contracts/money';
import { errorMessage } from '@/lib/api-client';
import { applyServerIssues } from '@/lib/server-issues';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { DocumentTotals } from '@/components/document-totals';
import { LineItemsEditor } from '@/components/line-items-editor';
import { figuresOfPriced, ratesOfLines, useDocumentPricing, type DocumentPricing } from '@/lib/document-pricing';
import { useCreateCreditNote, useEmailCreditNote } from '@/features/invoices/api/credit-notes';
import { useCreditNoteDownload } from '@/features/invoices/components/use-credit-note-download';
import {
  creditNoteFormSchema,
  creditNoteValues,
  priceCreditForm,
  toCreditNotePayload,
  type CreditNoteFormOutput,
  type CreditNoteFormValues,
} from '@/features/invoices/lib/credit-note-form-schema';

const resolver = zodResolver(creditNoteFormSchema);

export function CreditNoteDialog({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  return (
    <Dialog open={invoice !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-3xl" data-testid="credit-note-dialog">
        {invoice && <CreditNoteForm key={invoice.id} invoice={invoice} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The organization's rates, with each rate as the invoice's lines carry it (what the server prices the credit with), and
 * a new line carrying the rates the invoice's lines carry.
 */
function useCreditPricing(invoice: Invoice): DocumentPricing {
  const invoiceRates = ratesOfLines(invoice.lineItems);
  const pricing = useDocumentPricing(invoice.organizationId);
  const rateById = new Map(pricing.rateById);
  for (const rate of invoiceRates) rateById.set(rate.id, rate);
  const defaultRateIds = [...new Set(invoiceRates.map((r) => r.id))].slice(0, MAX_TAX_RATES_PER_LINE);
  // Rounded and included as the invoice was priced, whatever the organization's settings are now.
  return { ...pricing, rateById, defaultRateIds, taxRounding: invoice.taxRounding, pricesIncludeTax: invoice.pricesIncludeTax };
}

function CreditNoteForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const form = useForm<CreditNoteFormValues, unknown, CreditNoteFormOutput>({ resolver, defaultValues: creditNoteValues(invoice) });
  const create = useCreateCreditNote();
  const [issued, setIssued] = useState<CreditNote | null>(null);
  const pricing = useCreditPricing(invoice);
  const lines = useWatch({ control: form.control, name: 'lineItems' });
  const figures = figuresOfPriced(priceCreditForm(lines, pricing, invoice), { pricesIncludeTax: invoice.pricesIncludeTax }, invoice.taxExempt);
  const leftCents = creditableCents(invoice);

  const onValid = (out: CreditNoteFormOutput) =>
    create.mutate(
      { invoiceId: invoice.id, input: toCreditNotePayload(out, form.getValues(), pricing) },
      {
        onSuccess: (note) => {
          toast({ title: `Credit note ${note.creditNoteNumber} issued` });
          setIssued(note);
        },
        onError: (error) => {
          applyServerIssues(error, form.setError, ['reason', 'lineItems']);
          toast({ variant: 'destructive', title: 'Failed to issue credit note', description: errorMessage(error) });
        },
      },
    );

  if (issued) return <IssuedNote note={issued} onDone={onClose} />;
  return (
    <Form {...form}>
      <DialogHeader>
        <DialogTitle>Credit note for {invoice.invoiceNumber}</DialogTitle>
        <DialogDescription>
          Credits lower what {invoice.customerName ?? 'the customer'} owes. Up to {formatMoney(fromCents(leftCents))} is left to credit on this
          invoice. The note gets its own number and cannot be changed afterwards.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="grid gap-4" aria-label="Issue credit note">
        <fieldset disabled={create.isPending} className="grid min-w-0 gap-4">
          <FormField
            control={form.control}
            name="reason"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Reason</FormLabel>
                <FormControl>
                  <Textarea rows={2} placeholder="Returned part, goodwill discount, billing error..." {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <LineItemsEditor
            disabled={create.isPending}
            pricing={{ rates: pricing.activeRates, defaultRateIds: pricing.defaultRateIds, rateById: pricing.rateById }}
          />
        </fieldset>
        <DocumentTotals figures={figures} idPrefix="credit" totalLabel="Credit total">
          <div className="flex justify-between text-muted-foreground">
            <dt>Left to credit</dt>
            <dd className="tabular-nums">{formatMoney(fromCents(leftCents))}</dd>
          </div>
        </DocumentTotals>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Issuing...' : 'Issue credit note'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

function IssuedNote({ note, onDone }: { note: CreditNote; onDone: () => void }) {
  const email = useEmailCreditNote();
  const { download, downloadingId } = useCreditNoteDownload();
  const downloading = downloadingId !== null;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Credit note {note.creditNoteNumber} issued</DialogTitle>
        <DialogDescription>
          {formatMoney(note.total)} credited on {note.invoiceNumber}. Send it to {note.customerName ?? 'the customer'}, download the PDF, or close this
          window.
        </DialogDescription>
      </DialogHeader>
      <DialogFooter>
        {note.customerHasEmail && (
          <Button
            variant="outline"
            disabled={email.isPending}
            onClick={() =>
              email.mutate(note.id, {
                onSuccess: () => toast({ title: 'Credit note emailed successfully to customer' }),
                onError: (error) => toast({ variant: 'destructive', title: 'Failed to send credit note email', description: errorMessage(error) }),
              })
            }
          >
            <Mail aria-hidden />
            {email.isPending ? 'Sending...' : 'Email'}
          </Button>
        )}
        <Button variant="outline" onClick={() => void download(note)} disabled={downloading}>
          <Download aria-hidden />
          {downloading ? 'Downloading...' : 'Download'}
        </Button>
        <Button onClick={onDone}>
          <Check aria-hidden />
          Done
        </Button>
      </DialogFooter>
    </>
  );
}
