import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onValueChange: (value: string) => void;
}

/** A labelled input whose error is announced and tied to it. */
export function TextField({ id, label, value, error, hint, onValueChange, ...rest }: TextFieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} onChange={(e) => onValueChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
