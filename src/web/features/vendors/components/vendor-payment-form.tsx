// The vendor payment form (docs/rules/records.md#vendor-payment-form, #messages-on-screen).
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { VENDOR_LIMITS, VENDOR_PAYMENT_METHODS, vendorPaymentFieldsSchema, type VendorPayment, type VendorPaymentMethod } from '@contracts/vendors';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useOrganizationLabel } from '@/lib/use-organizations';
import { heldAs, textField } from '@/lib/form-fields';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useVendorOptions } from '@/features/vendors/api/get-vendors';
import { useCreateVendorPayment, useUpdateVendorPayment } from '@/features/vendors/api/save-vendor-payment';
import { PAYMENT_METHOD_LABELS } from '@/features/vendors/lib/vendor-display';
import { vendorPaymentFormValues, vendorPaymentPayload, type VendorPaymentFormValues } from '@/features/vendors/lib/vendor-form-values';
import { applyServerIssues } from '@/features/vendors/lib/server-issues';

// The contract's schema checks the fields as typed; `raw` hands the text to vendorPaymentPayload, which builds the body.
const shape = vendorPaymentFieldsSchema.shape;
const resolver = zodResolver(
  z.object({
    vendorId: textField(shape.vendorId),
    amount: textField(shape.amount),
    paymentDate: textField(shape.paymentDate),
    method: heldAs<VendorPaymentMethod | ''>()(shape.method),
    reference: textField(shape.reference),
    description: textField(shape.description),
    notes: textField(shape.notes),
  }),
  undefined,
  { raw: true },
);
const FIELDS = Object.keys(vendorPaymentFormValues(null));

export function VendorPaymentForm({ payment, onDone }: { payment: VendorPayment | null; onDone: () => void }) {
  const vendors = useVendorOptions();
  const { user } = useCurrentUser();
  const organizationLabel = useOrganizationLabel(user?.role === 'super_user');
  if (vendors.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </div>
    );
  }
  if (vendors.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Could not load vendors</AlertTitle>
        <AlertDescription>{errorMessage(vendors.error)}</AlertDescription>
      </Alert>
    );
  }
  // A payment keeps to its own organization's vendors, and a super user sees whose each vendor is (ADR 015).
  const choices = vendors.data
    .filter((v) => !payment || v.organizationId === payment.organizationId)
    .map((v) => {
      const organization = organizationLabel(v.organizationId);
      return { id: v.id, name: organization ? `${v.name} (${organization})` : v.name };
    });
  // A payment's vendor beyond the first page of choices is still offered under its recorded name.
  if (payment && !choices.some((c) => c.id === payment.vendorId)) choices.unshift({ id: payment.vendorId, name: payment.vendorName ?? `Vendor #${payment.vendorId}` });
  return <VendorPaymentFormBody payment={payment} vendors={choices} onDone={onDone} />;
}

interface BodyProps {
  payment: VendorPayment | null;
  vendors: { id: number; name: string }[];
  onDone: () => void;
}

function VendorPaymentFormBody({ payment, vendors, onDone }: BodyProps) {
  const form = useForm<VendorPaymentFormValues>({ resolver, defaultValues: vendorPaymentFormValues(payment) });
  const create = useCreateVendorPayment();
  const update = useUpdateVendorPayment();
  const isSaving = create.isPending || update.isPending;

  const onValid = async (values: VendorPaymentFormValues) => {
    const body = vendorPaymentPayload(values);
    try {
      if (payment) await update.mutateAsync({ id: payment.id, body });
      else await create.mutateAsync(body);
      toast({ title: payment ? 'Vendor payment updated successfully' : 'Vendor payment recorded successfully' });
      onDone();
    } catch (error) {
      applyServerIssues(error, form.setError, FIELDS);
      toast({
        variant: 'destructive',
        title: payment ? 'Failed to update vendor payment' : 'Failed to record vendor payment',
        description: errorMessage(error),
      });
    }
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="grid gap-4" aria-label={payment ? 'Edit Payment' : 'Record Vendor Payment'}>
        <fieldset disabled={isSaving} className="grid min-w-0 gap-4">
          <FormField
            control={form.control}
            name="vendorId"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Vendor</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    <option value="">Select a vendor</option>
                    {vendors.map((v) => (
                      <option key={v.id} value={String(v.id)}>
                        {v.name}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          {vendors.length === 0 && <p className="text-sm text-muted-foreground">Add a vendor first; payments are recorded against a vendor.</p>}
          <div className="grid items-start gap-4 sm:grid-cols-3">
            <FormField
              control={form.control}
              name="amount"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Amount</FormLabel>
                  <FormControl>
                    <Input inputMode="decimal" autoComplete="off" placeholder="0.00" maxLength={30} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="paymentDate"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Payment Date</FormLabel>
                  <FormControl>
                    <Input type="date" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="method"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Method</FormLabel>
                  <FormControl>
                    <NativeSelect {...field}>
                      <option value="">Not specified</option>
                      {VENDOR_PAYMENT_METHODS.map((m) => (
                        <option key={m} value={m}>
                          {PAYMENT_METHOD_LABELS[m]}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="reference"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Reference</FormLabel>
                  <FormControl>
                    <Input autoComplete="off" placeholder="Check or invoice number" maxLength={VENDOR_LIMITS.reference} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Description</FormLabel>
                  <FormControl>
                    <Input autoComplete="off" placeholder="What the bill was for" maxLength={VENDOR_LIMITS.description} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>
          <FormField
            control={form.control}
            name="notes"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Notes</FormLabel>
                <FormControl>
                  <Textarea rows={3} maxLength={VENDOR_LIMITS.notes} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={onDone} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Saving...' : payment ? 'Save Changes' : 'Record Payment'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
