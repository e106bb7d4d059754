import type { PayerErrors, PayerForm } from '@/features/payment-page/lib/payer-form';
import { TextField } from '@/features/payment-page/components/text-field';

interface PayerDetailsProps {
  form: PayerForm;
  errors: PayerErrors;
  disabled: boolean;
  onChange: (patch: Partial<PayerForm>) => void;
}

/** The generic link's questions: how much, who is paying and what for. */
export function PayerDetails({ form, errors, disabled, onChange }: PayerDetailsProps) {
  return (
    <fieldset className="space-y-4" disabled={disabled}>
      <legend className="mb-3 text-lg font-semibold">Payment Details</legend>
      <TextField
        id="pay-amount"
        label="Amount"
        inputMode="decimal"
        autoComplete="transaction-amount"
        placeholder="0.00"
        value={form.amount}
        error={errors.amount}
        onValueChange={(amount) => onChange({ amount: amount.replace(/[^\d.]/g, '') })}
      />
      <TextField
        id="pay-name"
        label="Your name"
        autoComplete="name"
        maxLength={200}
        value={form.customerName}
        error={errors.customerName}
        onValueChange={(customerName) => onChange({ customerName })}
      />
      <TextField
        id="pay-description"
        label="Description"
        placeholder="Invoice number or what this payment is for"
        maxLength={500}
        value={form.description}
        error={errors.description}
        onValueChange={(description) => onChange({ description })}
      />
    </fieldset>
  );
}
