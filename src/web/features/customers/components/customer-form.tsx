import { CheckboxField } from '@/components/form-fields';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CUSTOMER_LIMITS, CUSTOMER_MESSAGES, customerFieldsSchema, ZIP_LOOKUP_DEBOUNCE_MS, type CreateCustomerBody, type Customer, type PaymentTerms, type PreferredPaymentMethod } from '@contracts/customers';
import type { OrganizationSummary } from '@contracts/organizations';
import { ApiError } from '@/lib/api-client';
import { heldAs, textField } from '@/lib/form-fields';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { lookupZip } from '@/features/customers/api/lookup-zip';
import { SmsOptOutNote } from '@/features/customers/components/sms-opt-out-note';
import {
  customerFormValues,
  isCompleteZip,
  issueField,
  PAYMENT_METHOD_OPTIONS,
  PAYMENT_TERMS_OPTIONS,
  phoneAfterEdit,
  phoneInputDisplay,
  shouldFillPlace,
  zipDigits,
  type CustomerFormValues,
} from '@/features/customers/customer-fields';

// The contract's fields, read from what the inputs hold (text, or a select's choice).
const shape = customerFieldsSchema.shape;
const customerFields = {
  name: textField(shape.name),
  email: textField(shape.email),
  phone: textField(shape.phone),
  address: textField(shape.address),
  city: textField(shape.city),
  state: textField(shape.state),
  zip: textField(shape.zip),
  companyName: textField(shape.companyName),
  notes: textField(shape.notes),
  creditLimit: textField(shape.creditLimit),
  paymentTerms: heldAs<PaymentTerms>()(shape.paymentTerms),
  preferredPaymentMethod: heldAs<PreferredPaymentMethod | ''>()(shape.preferredPaymentMethod),
  taxExempt: heldAs<boolean>()(shape.taxExempt),
  autoPayEnabled: heldAs<boolean>()(shape.autoPayEnabled),
};

/** Super users creating a customer must choose its organization; nobody else sends one (the field stays unsent). */
const resolvers = {
  withOrganization: zodResolver(
    z.object({ ...customerFields, organizationId: z.string().trim().min(1, CUSTOMER_MESSAGES.organization).transform(Number) }),
  ),
  withoutOrganization: zodResolver(z.object({ ...customerFields, organizationId: z.string().transform(() => undefined) })),
};

interface CustomerFormProps {
  customer: Customer | null;
  /** The signed-in user's organization, preselected for a super user. */
  defaultOrganizationId: number | null;
  /** Organizations a super user may choose from; null for everyone else. */
  organizations: OrganizationSummary[] | null;
  isPending: boolean;
  submitLabel: string;
  onSubmit: (body: CreateCustomerBody) => Promise<unknown>;
  onCancel: () => void;
}

export function CustomerForm({ customer, defaultOrganizationId, organizations, isPending, submitLabel, onSubmit, onCancel }: CustomerFormProps) {
  const choosesOrganization = organizations !== null && customer === null;
  const form = useForm<CustomerFormValues, unknown, CreateCustomerBody>({
    resolver: choosesOrganization ? resolvers.withOrganization : resolvers.withoutOrganization,
    defaultValues: customerFormValues(customer, defaultOrganizationId),
  });
  const zipTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const zipRequest = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      clearTimeout(zipTimer.current);
      zipRequest.current?.abort();
    },
    [],
  );

  /** A complete ZIP, after a 500 ms pause, fills city and state if both are still empty; failures are silent. */
  const scheduleZipLookup = (zip: string) => {
    clearTimeout(zipTimer.current);
    zipRequest.current?.abort();
    if (!isCompleteZip(zip)) return;
    zipTimer.current = setTimeout(() => {
      const controller = new AbortController();
      zipRequest.current = controller;
      lookupZip(zip, controller.signal)
        .then((place) => {
          if (form.getValues('zip') !== zip || !shouldFillPlace(form.getValues('city'), form.getValues('state'))) return;
          form.setValue('city', place.city, { shouldDirty: true });
          form.setValue('state', place.state, { shouldDirty: true });
        })
        .catch(() => undefined);
    }, ZIP_LOOKUP_DEBOUNCE_MS);
  };

  const submit = form.handleSubmit(async (body) => {
    try {
      await onSubmit(body);
    } catch (error) {
      // The toast tells what failed; the server's per-field issues go under their fields.
      if (error instanceof ApiError) {
        for (const issue of error.body?.issues ?? []) {
          const field = issueField(issue.path);
          if (field) form.setError(field, { type: 'server', message: issue.message });
        }
      }
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Customer">
        {choosesOrganization && (
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
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Name</FormLabel>
                <FormControl>
                  <Input autoComplete="off" maxLength={CUSTOMER_LIMITS.name} autoFocus {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="companyName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Company</FormLabel>
                <FormControl>
                  <Input autoComplete="off" maxLength={CUSTOMER_LIMITS.companyName} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="off" maxLength={CUSTOMER_LIMITS.email} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="phone"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Phone</FormLabel>
                <FormControl>
                  <Input
                    type="tel"
                    inputMode="tel"
                    autoComplete="off"
                    placeholder="(555) 333-1234"
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={phoneInputDisplay(field.value)}
                    onChange={(e) => field.onChange(phoneAfterEdit(field.value, e.target.value))}
                  />
                </FormControl>
                {customer && <SmsOptOutNote customerId={customer.id} phone={customer.phone} />}
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="address"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Address</FormLabel>
              <FormControl>
                <Input autoComplete="off" maxLength={CUSTOMER_LIMITS.address} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid grid-cols-2 items-start gap-4 sm:grid-cols-[2fr_1fr_1fr]">
          <FormField
            control={form.control}
            name="city"
            render={({ field }) => (
              <FormItem className="col-span-2 sm:col-span-1">
                <FormLabel>City</FormLabel>
                <FormControl>
                  <Input autoComplete="off" maxLength={CUSTOMER_LIMITS.city} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="state"
            render={({ field }) => (
              <FormItem>
                <FormLabel>State</FormLabel>
                <FormControl>
                  <Input autoComplete="off" maxLength={CUSTOMER_LIMITS.state} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="zip"
            render={({ field }) => (
              <FormItem>
                <FormLabel>ZIP</FormLabel>
                <FormControl>
                  <Input
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={5}
                    {...field}
                    onChange={(e) => {
                      const zip = zipDigits(e.target.value);
                      field.onChange(zip);
                      scheduleZipLookup(zip);
                    }}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <FormField
            control={form.control}
            name="creditLimit"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Credit Limit</FormLabel>
                <FormControl>
                  <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="paymentTerms"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Payment Terms</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    {PAYMENT_TERMS_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="preferredPaymentMethod"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Preferred Payment</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    <option value="">Not set</option>
                    {PAYMENT_METHOD_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <CheckboxField control={form.control} name="taxExempt" label="Tax exempt" hint="Invoices and estimates for them add no tax." />
        <CheckboxField
          control={form.control}
          name="autoPayEnabled"
          label="Auto-pay"
          hint="Charge each invoice issued to them to their saved card (saved in the portal); without one they get the invoice to pay."
        />
        <FormField
          control={form.control}
          name="notes"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Notes</FormLabel>
              <FormControl>
                <Textarea rows={3} maxLength={CUSTOMER_LIMITS.notes} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Saving...' : submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
