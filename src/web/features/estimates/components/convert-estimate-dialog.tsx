// Convert an approved estimate (docs/rules/records.md#estimate-form): a work order and/or a draft invoice with the
// lines the customer approved. Afterwards the new records are one click away.
import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, FileInput } from 'lucide-react';
import { convertEstimateSchema, type Estimate, type EstimateListItem } from '@contracts/estimates';
import { formatMoney } from '@contracts/money';
import { errorMessage } from '@/lib/api-client';
import { useCan } from '@/lib/auth/use-can';
import { useLabels, useRecordWord } from '@/lib/use-labels';
import { toast } from '@/components/ui/use-toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { useConvertEstimate } from '@/features/estimates/api/convert-estimate';

type ConvertibleEstimate = Pick<EstimateListItem, 'id' | 'estimateNumber' | 'customerName' | 'total'>;

const resolver = zodResolver(convertEstimateSchema);

export function ConvertEstimateDialog({ estimate, onClose }: { estimate: ConvertibleEstimate | null; onClose: () => void }) {
  return (
    <Dialog open={estimate !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" data-testid="convert-estimate-dialog">
        {estimate && <ConvertEstimateForm key={estimate.id} estimate={estimate} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function ConvertEstimateForm({ estimate, onClose }: { estimate: ConvertibleEstimate; onClose: () => void }) {
  const word = useRecordWord('estimates');
  const job = useRecordWord('workOrders');
  const bill = useRecordWord('invoices');
  const labels = useLabels();
  const can = useCan();
  // Converting creates the records, so it takes their permissions too (the server answers 403 otherwise).
  const mayWorkOrder = can('create_work_orders') || can('manage_work_orders');
  const mayInvoice = can('create_invoices') || can('manage_invoices');
  const form = useForm({ resolver, defaultValues: { workOrder: mayWorkOrder, invoice: mayInvoice } });
  const convert = useConvertEstimate();
  const [converted, setConverted] = useState<Estimate | null>(null);

  const onValid = (input: { workOrder: boolean; invoice: boolean }) =>
    convert.mutate(
      { id: estimate.id, input },
      {
        onSuccess: (result) => {
          const made = [
            ...(input.workOrder ? result.workOrders.map((w) => `${job.lower} ${w.orderNumber}`) : []),
            ...(input.invoice ? result.invoices.map((i) => `${bill.lower} ${i.invoiceNumber}`) : []),
          ];
          toast({ title: `${word.title} ${estimate.estimateNumber} converted`, description: made.length ? `Created ${made.join(' and ')}.` : undefined });
          setConverted(result);
        },
        onError: (error) => toast({ variant: 'destructive', title: `Failed to convert the ${word.lower}`, description: errorMessage(error) }),
      },
    );

  if (converted) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>
            {word.title} {estimate.estimateNumber} converted
          </DialogTitle>
          <DialogDescription>Open what it became, or close this window.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2" data-testid="converted-records">
          {converted.workOrders.map((w) => (
            <li key={`wo-${w.id}`}>
              <Link to={`/work-orders?open=${w.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                Open {job.lower} {w.orderNumber}
              </Link>
            </li>
          ))}
          {converted.invoices.map((i) => (
            <li key={`inv-${i.id}`}>
              <Link to={`/invoices?open=${i.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                Open {bill.lower} {i.invoiceNumber}
              </Link>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button onClick={onClose}>
            <Check aria-hidden />
            Done
          </Button>
        </DialogFooter>
      </>
    );
  }

  const checkbox = (name: 'workOrder' | 'invoice', label: string, plural: string, hint: string, allowed: boolean) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className="grid grid-cols-[1rem_minmax(0,1fr)] items-start gap-x-3 gap-y-0.5">
          <FormControl>
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={field.value === true}
              disabled={!allowed}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          </FormControl>
          <FormLabel className="font-normal">{label}</FormLabel>
          <FormDescription className="col-start-2">{allowed ? hint : `Your role cannot create ${plural.toLowerCase()}.`}</FormDescription>
          <FormMessage className="col-start-2" />
        </FormItem>
      )}
    />
  );

  return (
    <Form {...form}>
      <DialogHeader>
        <DialogTitle>Convert {estimate.estimateNumber}</DialogTitle>
        <DialogDescription>
          The lines {estimate.customerName ?? 'the customer'} approved (total {formatMoney(estimate.total)}) are copied; optional items they left
          unticked are not. The {word.lower} stays on record, linked to what it becomes.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="grid gap-4" aria-label={`Convert ${word.lower}`}>
        <fieldset disabled={convert.isPending} className="grid min-w-0 gap-3">
          <legend className="mb-2 text-sm font-medium">Create</legend>
          {checkbox('workOrder', job.title, labels.workOrders, 'Scheduled, ready to plan the work.', mayWorkOrder)}
          {checkbox('invoice', bill.title, labels.invoices, 'A draft, to check and send when the work is done.', mayInvoice)}
        </fieldset>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={onClose} disabled={convert.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={convert.isPending}>
            <FileInput aria-hidden />
            {convert.isPending ? 'Converting...' : 'Convert'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
