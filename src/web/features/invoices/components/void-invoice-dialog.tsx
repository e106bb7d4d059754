// Void an invoice (docs/rules/records.md#voiding): a reason, then the invoice keeps its number and owes nothing.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { voidInvoiceSchema, type Invoice } from '@contracts/invoices';
import { formatMoney } from '@contracts/money';
import { errorMessage } from '@/lib/api-client';
import { textField } from '@/lib/form-fields';
import { applyServerIssues } from '@/lib/server-issues';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { useVoidInvoice } from '@/features/invoices/api/void-invoice';
import { useRecordWord } from '@/lib/use-labels';

const formSchema = z.object({ reason: textField(voidInvoiceSchema.shape.reason) });
const resolver = zodResolver(formSchema);

export function VoidInvoiceDialog({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  return (
    <Dialog open={invoice !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" data-testid="void-invoice-dialog">
        {invoice && <VoidInvoiceForm key={invoice.id} invoice={invoice} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function VoidInvoiceForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const word = useRecordWord('invoices');
  const form = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({ resolver, defaultValues: { reason: '' } });
  const mutation = useVoidInvoice();
  const onValid = (out: z.output<typeof formSchema>) =>
    mutation.mutate(
      { id: invoice.id, input: out },
      {
        onSuccess: () => {
          toast({ title: `${word.title} ${invoice.invoiceNumber} voided` });
          onClose();
        },
        onError: (error) => {
          applyServerIssues(error, form.setError, ['reason']);
          toast({ variant: 'destructive', title: `Failed to void ${word.lower}`, description: errorMessage(error) });
        },
      },
    );
  return (
    <Form {...form}>
      <DialogHeader>
        <DialogTitle>
          Void {word.lower} {invoice.invoiceNumber}?
        </DialogTitle>
        <DialogDescription>
          {invoice.customerName ?? 'The customer'} will owe nothing on it ({formatMoney(invoice.total)}). It keeps its number and stays on record,
          marked void; it can no longer be changed, paid or credited.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="grid gap-4" aria-label={`Void ${word.lower}`}>
        <FormField
          control={form.control}
          name="reason"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Reason</FormLabel>
              <FormControl>
                <Textarea rows={3} placeholder="Duplicate, wrong customer, job cancelled..." {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button variant="outline" type="button" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={mutation.isPending}>
            {mutation.isPending ? 'Voiding...' : `Void ${word.lower}`}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
