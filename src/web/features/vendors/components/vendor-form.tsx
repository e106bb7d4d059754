// The vendor form (docs/rules/records.md#vendor-form, #messages-on-screen).
import type { ComponentProps } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { VENDOR_LIMITS, VENDOR_MESSAGES, VENDOR_PAYMENT_TERMS, vendorFieldsSchema, type Vendor, type VendorPaymentTerms } from '@contracts/vendors';
import { errorMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth/current-user';
import { heldAs, textField } from '@/lib/form-fields';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useOrganizations } from '@/lib/use-organizations';
import { useCreateVendor, useUpdateVendor } from '@/features/vendors/api/save-vendor';
import { PAYMENT_TERMS_LABELS } from '@/features/vendors/lib/vendor-display';
import { vendorFormValues, vendorPayload, type VendorFormValues } from '@/features/vendors/lib/vendor-form-values';
import { applyServerIssues } from '@/features/vendors/lib/server-issues';

// The contract's schema checks the fields as typed; `raw` hands the text to vendorPayload, which builds the body.
const shape = vendorFieldsSchema.shape;
const vendorFields = {
  name: textField(shape.name),
  companyName: textField(shape.companyName),
  email: textField(shape.email),
  phone: textField(shape.phone),
  address: textField(shape.address),
  taxId: textField(shape.taxId),
  paymentTerms: heldAs<VendorPaymentTerms | ''>()(shape.paymentTerms),
  notes: textField(shape.notes),
};
/** Super users adding a vendor choose its organization; nobody else sends one (the field stays ''). */
const resolvers = {
  withOrganization: zodResolver(z.object({ ...vendorFields, organizationId: z.string().trim().min(1, VENDOR_MESSAGES.organization) }), undefined, { raw: true }),
  withoutOrganization: zodResolver(z.object({ ...vendorFields, organizationId: z.string() }), undefined, { raw: true }),
};

const FIELDS = Object.keys(vendorFormValues(null));

export function VendorForm({ vendor, onDone }: { vendor: Vendor | null; onDone: () => void }) {
  const { user } = useCurrentUser();
  const choosesOrganization = user?.role === 'super_user' && vendor === null;
  const organizations = useOrganizations({ enabled: choosesOrganization });
  if (choosesOrganization && organizations.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </div>
    );
  }
  return (
    <VendorFormBody
      vendor={vendor}
      organizations={choosesOrganization ? (organizations.data ?? []) : null}
      defaultOrganizationId={user?.organizationId ?? null}
      onDone={onDone}
    />
  );
}

interface BodyProps {
  vendor: Vendor | null;
  organizations: { id: number; name: string }[] | null;
  defaultOrganizationId: number | null;
  onDone: () => void;
}

function VendorFormBody({ vendor, organizations, defaultOrganizationId, onDone }: BodyProps) {
  const form = useForm<VendorFormValues>({
    resolver: organizations ? resolvers.withOrganization : resolvers.withoutOrganization,
    defaultValues: vendorFormValues(vendor, defaultOrganizationId),
  });
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const isSaving = create.isPending || update.isPending;

  const onValid = async (values: VendorFormValues) => {
    const body = vendorPayload(values, organizations !== null);
    try {
      if (vendor) await update.mutateAsync({ id: vendor.id, body });
      else await create.mutateAsync(body);
      toast({ title: vendor ? 'Vendor updated successfully' : 'Vendor created successfully' });
      onDone();
    } catch (error) {
      applyServerIssues(error, form.setError, FIELDS);
      toast({ variant: 'destructive', title: vendor ? 'Failed to update vendor' : 'Failed to create vendor', description: errorMessage(error) });
    }
  };

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="grid gap-4" aria-label={vendor ? 'Edit Vendor' : 'Add New Vendor'}>
        <fieldset disabled={isSaving} className="grid min-w-0 gap-4">
          {organizations && (
            <FormField
              control={form.control}
              name="organizationId"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Organization</FormLabel>
                  <FormControl>
                    <NativeSelect {...field}>
                      <option value="">Select an organization</option>
                      {organizations.map((o) => (
                        <option key={o.id} value={String(o.id)}>
                          {o.name}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          )}
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <TextField form={form} name="name" label="Name" maxLength={VENDOR_LIMITS.name} autoFocus />
            <TextField form={form} name="companyName" label="Company" maxLength={VENDOR_LIMITS.companyName} />
            <TextField form={form} name="email" label="Email" type="email" maxLength={VENDOR_LIMITS.email} />
            <TextField form={form} name="phone" label="Phone" type="tel" maxLength={VENDOR_LIMITS.phone} placeholder="(555) 333-1234" />
          </div>
          <TextField form={form} name="address" label="Address" maxLength={VENDOR_LIMITS.address} />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <TextField form={form} name="taxId" label="Tax ID" maxLength={VENDOR_LIMITS.taxId} />
            <FormField
              control={form.control}
              name="paymentTerms"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Payment Terms</FormLabel>
                  <FormControl>
                    <NativeSelect {...field}>
                      <option value="">Not set</option>
                      {VENDOR_PAYMENT_TERMS.map((terms) => (
                        <option key={terms} value={terms}>
                          {PAYMENT_TERMS_LABELS[terms]}
                        </option>
                      ))}
                    </NativeSelect>
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
            {isSaving ? 'Saving...' : vendor ? 'Save Changes' : 'Add Vendor'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

type TextName = 'name' | 'companyName' | 'email' | 'phone' | 'address' | 'taxId';

function TextField({
  form,
  name,
  label,
  ...input
}: { form: UseFormReturn<VendorFormValues>; name: TextName; label: string } & Omit<ComponentProps<'input'>, 'form' | 'name'>) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input autoComplete="off" {...input} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
