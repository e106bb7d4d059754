import { useEffect, useMemo, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { bookingDetailsSchema, type BookingDetails, type BookingDetailsOutput } from '@/features/booking/lib/booking-details-form';

export type BookingErrors = Partial<Record<keyof BookingDetails, string>>;

interface DetailsStepProps {
  id: string;
  defaultValues: BookingDetails;
  /** The server's answer to the last try, per field. */
  serverErrors: BookingErrors;
  requirePhone: boolean;
  summary: ReactNode;
  onSubmit: (details: BookingDetailsOutput, typed: BookingDetails) => void;
}

function Field({ id, label, required, error, children }: { id: string; label: string; required?: boolean; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="text-destructive" aria-hidden>
            *
          </span>
        )}
      </Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export function DetailsStep({ id, defaultValues, serverErrors, requirePhone, summary, onSubmit }: DetailsStepProps) {
  const resolver = useMemo(() => zodResolver(bookingDetailsSchema(requirePhone)), [requirePhone]);
  const form = useForm({ resolver, defaultValues, shouldFocusError: false });
  const { errors } = form.formState;
  const { setError } = form;
  useEffect(() => {
    for (const [field, message] of Object.entries(serverErrors)) setError(field as FieldPath<BookingDetails>, { type: 'server', message });
  }, [serverErrors, setError]);

  const submit = form.handleSubmit(
    (details) => onSubmit(details, form.getValues()),
    // The first field with a problem takes the focus, as the page did before it used react-hook-form.
    (invalid) => document.getElementById(`${id}-${Object.keys(invalid)[0]}`)?.focus(),
  );
  const aria = (field: keyof BookingDetails) => ({ 'aria-invalid': Boolean(errors[field]) || undefined, 'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined });
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
      <form id={id} noValidate onSubmit={submit} className="grid gap-4">
        <h3 className="text-lg font-semibold">Your details</h3>
        <Field id={`${id}-customerName`} label="Name" required error={errors.customerName?.message}>
          <Input id={`${id}-customerName`} autoComplete="name" required {...form.register('customerName')} {...aria('customerName')} />
        </Field>
        <Field id={`${id}-customerEmail`} label="Email" required error={errors.customerEmail?.message}>
          <Input id={`${id}-customerEmail`} type="email" autoComplete="email" inputMode="email" required {...form.register('customerEmail')} {...aria('customerEmail')} />
        </Field>
        <Field id={`${id}-customerPhone`} label={requirePhone ? 'Phone' : 'Phone (optional)'} required={requirePhone} error={errors.customerPhone?.message}>
          <Input id={`${id}-customerPhone`} type="tel" autoComplete="tel" inputMode="tel" required={requirePhone} {...form.register('customerPhone')} {...aria('customerPhone')} />
        </Field>
        <Field id={`${id}-notes`} label="Notes (optional)" error={errors.notes?.message}>
          <Textarea
            id={`${id}-notes`}
            rows={3}
            maxLength={2000}
            placeholder="Anything we should know before your visit?"
            {...form.register('notes')}
            {...aria('notes')}
          />
        </Field>
      </form>
      <aside aria-label="Your booking" className="md:order-last">
        <h3 className="mb-3 text-lg font-semibold">Your booking</h3>
        {summary}
      </aside>
    </div>
  );
}
