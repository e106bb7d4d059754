import { useRef, type KeyboardEvent } from 'react';
import { CreditCard, Landmark } from 'lucide-react';
import type { PaymentType } from '@contracts/payments';
import { cn } from '@/lib/utils';
import { digitsOnly, type PayerErrors, type PayerForm } from '@/features/payment-page/lib/payer-form';
import { TextField } from '@/features/payment-page/components/text-field';

const TABS: { type: PaymentType; label: string; icon: typeof CreditCard }[] = [
  { type: 'card', label: 'Card', icon: CreditCard },
  { type: 'bank', label: 'Bank transfer', icon: Landmark },
];

interface PaymentMethodTabsProps {
  value: PaymentType;
  onChange: (type: PaymentType) => void;
  form: PayerForm;
  errors: PayerErrors;
  disabled: boolean;
  onFormChange: (patch: Partial<PayerForm>) => void;
}

/** Card or bank transfer; a bank transfer asks for the account before the payment starts. */
export function PaymentMethodTabs({ value, onChange, form, errors, disabled, onFormChange }: PaymentMethodTabsProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern expects.
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = (index + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    onChange(TABS[next].type);
    refs.current[next]?.focus();
  };
  return (
    <section className="space-y-4" aria-labelledby="payment-method-title">
      <h2 id="payment-method-title" className="text-lg font-semibold">
        Payment Method
      </h2>
      <div role="tablist" aria-label="Payment method" className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
        {TABS.map(({ type, label, icon: Icon }, i) => (
          <button
            key={type}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`pay-tab-${type}`}
            aria-selected={value === type}
            aria-controls={`pay-panel-${type}`}
            tabIndex={value === type ? 0 : -1}
            disabled={disabled}
            onClick={() => onChange(type)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={cn(
              'flex h-9 items-center justify-center gap-2 rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50',
              value === type ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <Icon className="size-4" aria-hidden />
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`pay-panel-${value}`} aria-labelledby={`pay-tab-${value}`}>
        {value === 'card' ? (
          <p className="text-sm text-muted-foreground">Visa, Mastercard, American Express and Discover. You enter the card on the next step.</p>
        ) : (
          <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
            <legend className="sr-only">Bank account</legend>
            <TextField
              id="pay-routing"
              label="Routing number"
              inputMode="numeric"
              maxLength={9}
              autoComplete="off"
              value={form.routingNumber}
              error={errors.routingNumber}
              hint="9 digits"
              onValueChange={(v) => onFormChange({ routingNumber: digitsOnly(v).slice(0, 9) })}
            />
            <TextField
              id="pay-account"
              label="Account number"
              inputMode="numeric"
              maxLength={20}
              autoComplete="off"
              value={form.accountNumber}
              error={errors.accountNumber}
              hint="6 to 20 digits"
              onValueChange={(v) => onFormChange({ accountNumber: digitsOnly(v).slice(0, 20) })}
            />
          </fieldset>
        )}
      </div>
    </section>
  );
}
