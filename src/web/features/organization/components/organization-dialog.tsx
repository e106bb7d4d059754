import type { ComponentProps, ReactNode } from 'react';
import { useForm, type Control, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { createOrganizationBodySchema, type CreateOrganizationBody, type Organization, type OrganizationListItem } from '@contracts/organizations';
import { INDUSTRIES, labelsFor, type LabelSet } from '@contracts/vocabulary';
import { ApiError, errorMessage } from '@/lib/api-client';
import { heldAs, textField } from '@/lib/form-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useCreateOrganization, useUpdateOrganization } from '@/features/organization/api/organizations';
import { MaskedBankAccountInput } from '@/features/organization/components/masked-bank-account-input';
import { issueField, LABEL_KEYS, LABEL_NAMES, organizationFormValues, type OrganizationFormValues } from '@/features/organization/lib/organization-form-values';

// The contract's fields, read from the inputs' text. The form always holds a name, so the create body's rules
// are the update's too (the update's name is optional only for requests that leave it out); the screen already
// holds the contract, and the staff layout loads zod's words (docs/decisions/015-one-form-pattern.md).
const shape = createOrganizationBodySchema.shape;
const resolver = zodResolver(
  z.object({
    name: textField(shape.name),
    slug: textField(shape.slug),
    industry: textField(shape.industry),
    address: textField(shape.address),
    city: textField(shape.city),
    state: textField(shape.state),
    zip: textField(shape.zip),
    phone: textField(shape.phone),
    email: textField(shape.email),
    website: textField(shape.website),
    paymentLink: textField(shape.paymentLink),
    bankAccount: textField(shape.bankAccount),
    bankRouting: textField(shape.bankRouting),
    taxId: textField(shape.taxId),
    notes: textField(shape.notes),
    labelOverrides: heldAs<Record<keyof LabelSet, string>>()(shape.labelOverrides),
  }),
);

interface OrganizationDialogProps {
  /** The organization to edit; null creates a new one. */
  organization: OrganizationListItem | null;
  onClose: () => void;
  onSaved?: (organization: Organization) => void;
}

export function OrganizationDialog({ organization, onClose, onSaved }: OrganizationDialogProps) {
  const isEdit = organization !== null;
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const form = useForm({ resolver, defaultValues: organizationFormValues(organization) });
  const industry = form.watch('industry');
  const industryLabels = labelsFor(industry || null);
  // An industry no longer offered stays selectable for the organization that has it.
  const industries = organization?.industry && !INDUSTRIES.includes(organization.industry) ? [...INDUSTRIES, organization.industry] : INDUSTRIES;
  const isPending = create.isPending || update.isPending;

  // The resolver hands over the contract's parsed body (blanks as null), not the raw texts.
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = isEdit
        ? await update.mutateAsync({ id: organization.id, body: values })
        : await create.mutateAsync(values);
      toast({ title: isEdit ? 'Organization updated successfully' : 'Organization created successfully' });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        // A taken slug (409) names no field; it belongs under the slug all the same.
        if (error.status === 409) form.setError('slug', { type: 'server', message: errorMessage(error) });
        for (const issue of error.body?.issues ?? []) {
          const field = issueField(issue.path);
          if (field) form.setError(field, { type: 'server', message: issue.message });
        }
      }
      toast({ variant: 'destructive', title: isEdit ? 'Failed to update organization' : 'Failed to create organization', description: errorMessage(error) });
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl" data-testid="organization-dialog">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Organization' : 'Create Organization'}</DialogTitle>
          <DialogDescription>
            {isEdit ? 'Change the details customers see on your public pages, documents and e-mails.' : 'A new business with its own public pages, customers and records.'}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-6" aria-label="Organization">
            <Section title="Business">
              <TextField control={form.control} name="name" label="Name" autoFocus maxLength={200} wide />
              <FormField
                control={form.control}
                name="slug"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Slug</FormLabel>
                    <FormControl>
                      <Input {...field} placeholder="Made from the name when blank" maxLength={60} className="font-mono" autoCapitalize="none" spellCheck={false} />
                    </FormControl>
                    <FormDescription>Public address: /org/{field.value || 'your-slug'}. Lowercase letters, digits and hyphens.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="industry"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Industry</FormLabel>
                    <FormControl>
                      <NativeSelect {...field}>
                        <option value="">Select an industry</option>
                        {industries.map((i) => (
                          <option key={i} value={i}>
                            {i}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </Section>

            <Section title="Contact">
              <TextField control={form.control} name="address" label="Address" maxLength={300} wide autoComplete="street-address" />
              <TextField control={form.control} name="city" label="City" maxLength={100} autoComplete="address-level2" />
              <div className="grid grid-cols-2 items-start gap-4">
                <TextField control={form.control} name="state" label="State" maxLength={50} autoComplete="address-level1" />
                <TextField control={form.control} name="zip" label="ZIP" maxLength={20} inputMode="numeric" autoComplete="postal-code" />
              </div>
              <TextField control={form.control} name="phone" label="Phone" type="tel" maxLength={30} autoComplete="tel" />
              <TextField control={form.control} name="email" label="Email" type="email" maxLength={254} autoComplete="email" />
              <TextField control={form.control} name="website" label="Website" type="url" maxLength={300} placeholder="https://example.com" wide />
            </Section>

            <Section title="Payments">
              <TextField control={form.control} name="paymentLink" label="Payment Link" type="url" maxLength={500} placeholder="https://" wide />
              <FormField
                control={form.control}
                name="bankAccount"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Bank Account</FormLabel>
                    <FormControl>
                      <MaskedBankAccountInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} maxLength={60} />
                    </FormControl>
                    <FormDescription>Only the last 4 digits are shown. Type a new number to replace it.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <TextField control={form.control} name="bankRouting" label="Routing Number" maxLength={34} inputMode="numeric" autoComplete="off" />
              <TextField control={form.control} name="taxId" label="Tax ID" maxLength={30} autoComplete="off" />
            </Section>

            <Section title="Labels" description="What this organization calls its records. Leave blank to use the industry's label.">
              {LABEL_KEYS.map((k) => (
                <TextField key={k} control={form.control} name={`labelOverrides.${k}`} label={LABEL_NAMES[k]} placeholder={industryLabels[k]} maxLength={40} />
              ))}
            </Section>

            <FormField
              control={form.control}
              name="notes"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Notes</FormLabel>
                  <FormControl>
                    <Textarea {...field} rows={3} maxLength={5000} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />

            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={isPending}>
                {isEdit ? 'Save Changes' : 'Create Organization'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="grid items-start gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold">{title}</legend>
      {description && <p className="-mt-2 text-xs text-muted-foreground sm:col-span-2">{description}</p>}
      {children}
    </fieldset>
  );
}

interface TextFieldProps extends Omit<ComponentProps<typeof Input>, 'name'> {
  control: Control<OrganizationFormValues, unknown, CreateOrganizationBody>;
  name: FieldPath<OrganizationFormValues>;
  label: string;
  /** Spans both columns on wider screens. */
  wide?: boolean;
}

function TextField({ control, name, label, wide, ...input }: TextFieldProps) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={wide ? 'sm:col-span-2' : undefined}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...input} {...field} value={String(field.value ?? '')} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
