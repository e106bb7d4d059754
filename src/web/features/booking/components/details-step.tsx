import type { FormEvent, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { BookingDetails, BookingErrors } from '@/features/booking/validate-booking';

interface DetailsStepProps {
  id: string;
  details: BookingDetails;
  errors: BookingErrors;
  requirePhone: boolean;
  summary: ReactNode;
  onChange: (field: keyof BookingDetails, value: string) => void;
  onSubmit: () => void;
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

export function DetailsStep({ id, details, errors, requirePhone, summary, onChange, onSubmit }: DetailsStepProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const aria = (field: keyof BookingDetails) => ({ 'aria-invalid': Boolean(errors[field]) || undefined, 'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined });
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
      <form id={id} noValidate onSubmit={submit} className="grid gap-4">
        <h3 className="text-lg font-semibold">Your details</h3>
        <Field id={`${id}-customerName`} label="Name" required error={errors.customerName}>
          <Input id={`${id}-customerName`} autoComplete="name" required value={details.customerName} onChange={(e) => onChange('customerName', e.target.value)} {...aria('customerName')} />
        </Field>
        <Field id={`${id}-customerEmail`} label="Email" required error={errors.customerEmail}>
          <Input
            id={`${id}-customerEmail`}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={details.customerEmail}
            onChange={(e) => onChange('customerEmail', e.target.value)}
            {...aria('customerEmail')}
          />
        </Field>
        <Field id={`${id}-customerPhone`} label={requirePhone ? 'Phone' : 'Phone (optional)'} required={requirePhone} error={errors.customerPhone}>
          <Input
            id={`${id}-customerPhone`}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required={requirePhone}
            value={details.customerPhone}
            onChange={(e) => onChange('customerPhone', e.target.value)}
            {...aria('customerPhone')}
          />
        </Field>
        <Field id={`${id}-notes`} label="Notes (optional)" error={errors.notes}>
          <Textarea
            id={`${id}-notes`}
            rows={3}
            maxLength={2000}
            placeholder="Anything we should know before your visit?"
            value={details.notes}
            onChange={(e) => onChange('notes', e.target.value)}
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
