import { useState, type ComponentProps } from 'react';
import { isMaskedBankAccount, maskBankAccount } from '@contracts/organizations';
import { Input } from '@/components/ui/input';

type Props = Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void };

/**
 * The bank account as only its last 4 characters ("••••6789"). The stored number never reaches the
 * browser; a new one shows while it is typed and is masked again when the field is left.
 */
export function MaskedBankAccountInput({ value, onChange, onFocus, onBlur, ...props }: Props) {
  const [editing, setEditing] = useState(false);
  const shown = editing || !value || isMaskedBankAccount(value) ? value : (maskBankAccount(value) ?? '');
  return (
    <Input
      {...props}
      value={shown}
      autoComplete="off"
      spellCheck={false}
      inputMode="text"
      onFocus={(e) => {
        setEditing(true);
        // Typing replaces the masked display rather than appending to its dots.
        if (isMaskedBankAccount(e.currentTarget.value)) e.currentTarget.select();
        onFocus?.(e);
      }}
      onBlur={(e) => {
        setEditing(false);
        onBlur?.(e);
      }}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
